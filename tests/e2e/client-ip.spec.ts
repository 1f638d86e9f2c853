// Every per-client limit holds when the caller rotates X-Forwarded-For, on production servers
// started like `npm start` in each TRUST_PROXY mode: `none` (the default: the TCP peer), `1` (one
// trusted proxy; the main e2e server) and `vercel` (Vercel's X-Real-IP).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { startServer, type ExtraServer } from "./support/server";

let n = 0;
const spoof = () => `10.${(n >> 8) & 255}.${++n & 255}.1`;
const mail = () => `ip-${Date.now().toString(36)}-${++n}@example.com`;

async function codeFor(dataDir: string, email: string) {
  const dir = path.join(dataDir, "outbox");
  for (let i = 0; i < 50; i++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((x) => x.endsWith(".json")).sort();
    for (const name of names.reverse()) {
      const m = JSON.parse(await readFile(path.join(dir, name), "utf8")) as { to: string; subject: string };
      const code = m.to === email ? /\b(\d{6})\b/.exec(m.subject)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${email}`);
}

const post = (api: APIRequestContext, url: string, data: unknown, headers: Record<string, string>) =>
  api.post(url, { data, headers: { ...headers, origin: new URL(url).origin } });

test.describe.configure({ mode: "serial" });

test.describe("TRUST_PROXY=none (the npm start default): the TCP peer, whatever the headers say", () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    server = await startServer(Number(process.env.E2E_PORT ?? 3100) + 91, {});
  });
  test.afterAll(async () => server?.stop());

  const rotating = () => ({ "x-forwarded-for": spoof(), "x-real-ip": spoof(), forwarded: `for=${spoof()}` });

  test("test e-mails: 3 per recipient, 5 per client address an hour", async ({ playwright }) => {
    const api = await playwright.request.newContext();
    const victim = mail();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(api, `${server.url}/api/send-test-email`, { email: victim }, rotating())).status());
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await post(api, `${server.url}/api/send-test-email`, { email: mail() }, rotating())).status()).toBe(200);
    const r = await post(api, `${server.url}/api/send-test-email`, { email: mail() }, rotating());
    expect(r.status()).toBe(429);
    expect(await r.json()).toEqual({
      success: false,
      message: "Too many test e-mails from this network. You can send 5 per hour; please try again later.",
    });
    expect(Number(r.headers()["retry-after"])).toBeGreaterThan(0);
  });

  test("console unlocks (5), code checks (30), code requests (10) and I-did-it links (60) per client address", async ({
    playwright,
  }) => {
    const ctx = () => playwright.request.newContext();
    let codeRequests = 0;
    let codeChecks = 0;
    async function requestCode(api: APIRequestContext, email: string) {
      codeRequests += 1;
      return post(api, `${server.url}/api/auth/request-code`, { email }, rotating());
    }
    async function check(api: APIRequestContext, code: string) {
      codeChecks += 1;
      return post(api, `${server.url}/api/auth/verify-code`, { code }, rotating());
    }
    async function signedIn(email: string) {
      const api = await ctx();
      expect((await requestCode(api, email)).status()).toBe(200);
      expect((await check(api, await codeFor(server.dataDir, email))).status()).toBe(200);
      return api;
    }

    // Console: 3 wrong codes from one account and 2 from another fill this address's 5.
    const a = await signedIn(mail());
    const b = await signedIn(mail());
    const unlock = (api: APIRequestContext) =>
      post(api, `${server.url}/api/verify-admin`, { code: "wrong-code-wrong-code-1" }, rotating());
    for (let i = 0; i < 3; i++) expect((await unlock(a)).status()).toBe(401);
    for (let i = 0; i < 2; i++) expect((await unlock(b)).status()).toBe(401);
    expect((await unlock(b)).status()).toBe(429);

    // Code checks: wrong codes for six pending sign-ins (a code takes 5 before it is burned).
    const pending = await Promise.all(Array.from({ length: 6 }, ctx));
    for (const api of pending) expect((await requestCode(api, mail())).status()).toBe(200);
    for (const api of pending) {
      for (let i = 0; i < 5 && codeChecks < 30; i++) expect((await check(api, "000001")).status()).toBe(401);
    }
    expect(codeChecks).toBe(30);
    const over = await check(pending[5]!, "000001");
    expect(over.status()).toBe(429);
    expect(await over.json()).toEqual({ message: "Too many attempts. Please wait a few minutes and try again." });

    // Code requests: whatever is left of the 10, then refused.
    const api = await ctx();
    while (codeRequests < 10) expect((await requestCode(api, mail())).status()).toBe(200);
    const refused = await requestCode(api, mail());
    expect(refused.status()).toBe(429);
    expect(await refused.json()).toEqual({
      message: "Too many code requests. Please wait a few minutes and try again.",
    });

    const links: number[] = [];
    for (let i = 0; i < 61; i++)
      links.push(
        (await post(api, `${server.url}/api/breaks/complete`, { token: "x".repeat(20) }, rotating())).status(),
      );
    expect(links.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(links[60]).toBe(429);
  });
});

test.describe("TRUST_PROXY=vercel: Vercel's X-Real-IP", () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    server = await startServer(Number(process.env.E2E_PORT ?? 3100) + 92, { TRUST_PROXY: "vercel" });
  });
  test.afterAll(async () => server?.stop());

  test("X-Forwarded-For does not open a bucket; the edge's X-Real-IP keys the limit", async ({ playwright }) => {
    const api = await playwright.request.newContext();
    const send = (realIp: string) =>
      post(
        api,
        `${server.url}/api/send-test-email`,
        { email: mail() },
        { "x-real-ip": realIp, "x-forwarded-for": spoof() },
      );
    for (let i = 0; i < 5; i++) expect((await send("198.51.100.10")).status()).toBe(200);
    expect((await send("198.51.100.10")).status()).toBe(429);
    expect((await send("198.51.100.11")).status()).toBe(200);
  });
});

test.describe("TRUST_PROXY=1 (one proxy appends the address it saw): the main e2e server", () => {
  test("what the client prepends to X-Forwarded-For does not open a bucket", async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext();
    const send = (real: string) =>
      post(
        api,
        `${baseURL}/api/send-test-email`,
        { email: mail() },
        { "x-forwarded-for": `${spoof()}, ${spoof()}, ${real}` },
      );
    for (let i = 0; i < 5; i++) expect((await send("198.51.100.20")).status()).toBe(200);
    expect((await send("198.51.100.20")).status()).toBe(429);
    expect((await send("198.51.100.21")).status()).toBe(200);
  });
});
