// The mail provider's rate limit: a local stand-in for Resend answers 429 to any request beyond
// MAIL_MAX_RPS in a sliding second (as Resend does per team); two sender processes (two shards)
// pace themselves through one PostgreSQL database and send batches of 100 for BENCH_MAIL_SECONDS.
// Records the e-mails a second the stub accepted, against the ceiling MAIL_MAX_RPS × 100.
// Usage: npx tsx bench/mail-rate.ts   (BENCH_DATABASE_URL, BENCH_MAIL_RPS, BENCH_MAIL_SECONDS)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import { recordResult } from "./results";
import { createBenchDatabase } from "./server";

const RPS = Number(process.env.BENCH_MAIL_RPS ?? 5);
const SECONDS = Number(process.env.BENCH_MAIL_SECONDS ?? 20);
const SENDERS = 2;

async function main() {
  const times: number[] = [];
  let accepted = 0;
  let refused = 0;
  let emails = 0;
  let first = 0;
  let last = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const now = Date.now();
      while (times.length && times[0]! <= now - 1000) times.shift();
      if (times.length >= RPS) {
        refused += 1;
        res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
        res.end(JSON.stringify({ statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" }));
        return;
      }
      times.push(now);
      accepted += 1;
      first ||= now;
      last = now;
      const msgs = JSON.parse(body) as unknown[];
      emails += msgs.length;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: msgs.map((_, i) => ({ id: `re_${accepted}_${i}` })) }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const stubUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const bench = await createBenchDatabase("mailrate");
  try {
    const senders = Array.from(
      { length: SENDERS },
      () =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ["node_modules/tsx/dist/cli.mjs", "bench/mail-sender.ts", bench.url, stubUrl, String(RPS), String(SECONDS)],
            {
              env: { ...process.env, NODE_ENV: "production" },
              stdio: "inherit",
            },
          );
          child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`sender exited ${code}`))));
        }),
    );
    await Promise.all(senders);
    // The rate over the whole run: from the first accepted request to one interval after the last.
    const seconds = (last - first) / 1000 + 1 / RPS;
    const emailsPerSecond = Math.round((emails / seconds) * 10) / 10;
    const ceiling = RPS * 100;
    console.log(
      `mail rate: ${emails} e-mails in ${accepted} requests over ${seconds.toFixed(1)} s = ${emailsPerSecond} e-mails/s (${((100 * emailsPerSecond) / ceiling).toFixed(1)} % of MAIL_MAX_RPS × 100 = ${ceiling}); ${refused} answered 429`,
    );
    await recordResult("mailRate", {
      maxRps: RPS,
      emailsPerSecond,
      ceiling,
      share: Math.round((1000 * emailsPerSecond) / ceiling) / 1000,
      senders: SENDERS,
      refused429: refused,
      seconds: Math.round(seconds * 10) / 10,
    });
  } finally {
    server.close();
    await bench.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
