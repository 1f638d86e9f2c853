// Load on loopback: 200 simulated users sign in, read the dashboard and save settings for 60 s
// (LOAD_SECONDS), with zero errors and no lost writes: every saved setting reads back.
import { expect, outbox, test } from "./support/fixtures";

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

class User {
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly email: string,
    readonly ip: string,
  ) {}
  async call(path: string, method = "GET", body?: unknown) {
    const headers: Record<string, string> = { "x-forwarded-for": this.ip };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  }
}

async function codesByEmail() {
  const map = new Map<string, string>();
  for (const m of await outbox()) {
    const code = m.subject.match(/\b(\d{6})\b/)?.[1];
    if (code) map.set(m.to, code);
  }
  return map;
}

test("200 users sign in, read the dashboard and save settings for 60 s without errors or lost writes", async ({
  baseURL,
}) => {
  test.setTimeout((SECONDS + 180) * 1000);
  const run = Date.now().toString(36);
  const users = Array.from(
    { length: USERS },
    (_, i) =>
      new User(baseURL!, `load-${run}-${i}@example.com`, `198.18.${200 + Math.floor(i / 250)}.${(i % 250) + 1}`),
  );
  const errors: string[] = [];
  const latencies: number[] = [];
  const timed = async (u: User, path: string, method?: string, body?: unknown) => {
    const t = performance.now();
    const r = await u.call(path, method, body).catch((e: Error) => ({ status: 0, json: { message: e.message } }));
    latencies.push(performance.now() - t);
    if (r.status < 200 || r.status >= 300)
      errors.push(`${method ?? "GET"} ${path} -> ${r.status} ${JSON.stringify(r.json)}`);
    return r;
  };

  // Sign in everyone at once.
  await Promise.all(users.map((u) => timed(u, "/api/auth/request-code", "POST", { email: u.email })));
  let codes = await codesByEmail();
  for (let i = 0; i < 50 && users.some((u) => !codes.has(u.email)); i++) {
    await new Promise((r) => setTimeout(r, 200));
    codes = await codesByEmail();
  }
  await Promise.all(users.map((u) => timed(u, "/api/auth/verify-code", "POST", { code: codes.get(u.email) })));
  await Promise.all(
    users.map((u) =>
      timed(u, "/api/user/setup", "POST", { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 }),
    ),
  );
  expect(errors).toEqual([]);

  // Each user loops: dashboard, save, read back.
  const lastSaved = new Map<User, string>();
  const deadline = Date.now() + SECONDS * 1000;
  let saves = 0;
  await Promise.all(
    users.map(async (u, i) => {
      for (let n = 0; Date.now() < deadline; n++) {
        await timed(u, "/api/user/dashboard");
        const prefs = `user ${i} save ${n}`;
        const r = await timed(u, "/api/user/settings", "PUT", {
          movement_prefs: prefs,
          duration_preference: [5, 10, 15][n % 3],
        });
        if (r.status === 200) {
          lastSaved.set(u, prefs);
          saves += 1;
        }
        const back = await timed(u, "/api/user/settings");
        if (back.json?.movementPrefs !== prefs)
          errors.push(`read-back mismatch for user ${i}: ${back.json?.movementPrefs} != ${prefs}`);
      }
    }),
  );

  // No lost writes: every user's final read is their last save.
  for (const u of users) {
    const r = await u.call("/api/user/settings");
    expect(r.json.movementPrefs).toBe(lastSaved.get(u));
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))]!);
  console.log(
    `load: ${USERS} users, ${latencies.length} requests, ${saves} saves in ${SECONDS} s; p50 ${p(0.5)} ms, p99 ${p(0.99)} ms; errors ${errors.length}`,
  );
  expect(errors.slice(0, 10)).toEqual([]);
  expect(saves).toBeGreaterThan(USERS);
});
