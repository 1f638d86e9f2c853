import { writeFile } from "node:fs/promises";
import { createBenchDatabase, ensureBuild, startServer, waitForSchema, signIn, unlockAdmin } from "./server";
import { seedBenchUser } from "./seed";
async function main() {
  await ensureBuild();
  const db = await createBenchDatabase("probe");
  let server;
  try {
    server = await startServer(db.url);
    await waitForSchema(db.url);
    console.log(await seedBenchUser(db.url));
    const cookie = await signIn(server, "bench-http@example.com");
    console.log("cookie", cookie.slice(0, 40));
    const d = await fetch(server.baseUrl + "/api/user/dashboard", { headers: { cookie } });
    console.log(d.status, await d.text());
    await unlockAdmin(server, cookie);
    for (const [r, c] of [["/", ""], ["/dashboard", cookie], ["/settings", cookie], ["/admin", cookie]]) {
      const res = await fetch(server.baseUrl + r, { headers: c ? { cookie: c } : {}, redirect: "manual" });
      const html = await res.text();
      console.log(r, res.status, html.length);
      await writeFile("/tmp/benchscratch/" + (r === "/" ? "root" : r.slice(1)) + ".html", html);
    }
  } finally {
    await server?.stop();
    await db.drop();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
