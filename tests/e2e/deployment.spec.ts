// Issue 17 (items 1, 4, 5): a production server started as `npm start` starts it, for a public
// APP_URL, behind which it listens on an address of its own. Every redirect and link points under
// APP_URL; methods Next.js cannot serve and paths that are not valid percent-encoding get a clean
// answer with the security headers and one log line; slow clients are cut off by the timeouts,
// and a refused body closes the connection.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, type ExtraServer } from "./support/server";

const APP_URL = "https://limber.example.com";
const PORT = Number(process.env.E2E_PORT ?? 3100) + 96;

let server: ExtraServer;
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  server = await startServer(PORT, { APP_URL, MAIL_TRANSPORT: "outbox" });
});
test.afterAll(async () => server?.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  location?: string;
  text: string;
}

/**
 * A plain HTTP/1.1 request to the server with any Host and method (fetch can set neither), and a
 * cookie jar: what the proxy in front of a deployment forwards.
 */
function client(host = `127.0.0.1:${PORT}`) {
  const jar = new Map<string, string>();
  const send = (pathname: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: PORT,
          path: pathname,
          method: opts.method ?? "GET",
          headers: { host, ...(cookie ? { cookie } : {}), ...opts.headers },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (text += d));
          res.on("end", () => {
            for (const c of res.headers["set-cookie"] ?? []) {
              const [pair = ""] = c.split(";");
              const eq = pair.indexOf("=");
              if (eq + 1 === pair.length || /max-age=0\b/i.test(c)) jar.delete(pair.slice(0, eq));
              else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
            }
            resolve({ status: res.statusCode!, headers: res.headers, location: res.headers.location, text });
          });
        },
      );
      req.on("error", reject);
      req.end(opts.body);
    });
  return { jar, send };
}

const unescapeHtml = (s: string) =>
  s
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** Posts the page's form that has `fields`' first field as a browser without JavaScript does. */
async function postForm(c: ReturnType<typeof client>, page: string, fields: Record<string, string>) {
  const html = (await c.send(page)).text;
  const form = [...html.matchAll(/<form[\s\S]*?<\/form>/g)]
    .map((m) => m[0])
    .find((f) => f.includes(`name="${Object.keys(fields)[0]}"`));
  expect(form, `a form on ${page}`).toBeDefined();
  const parts: [string, string][] = [
    ...form!.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/?>/g),
  ].map((m) => [unescapeHtml(m[1]!), unescapeHtml(m[2] ?? "")]);
  parts.push(...Object.entries(fields));
  const boundary = `----limber-${Date.now()}`;
  const body =
    parts.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") +
    `--${boundary}--\r\n`;
  return c.send(page, {
    method: "POST",
    body,
    headers: { origin: APP_URL, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

async function outbox(to: string) {
  const dir = path.join(server.dataDir, "outbox");
  for (let i = 0; i < 50; i++) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const m = JSON.parse(await readFile(path.join(dir, name), "utf8")) as { to: string; subject: string };
      if (m.to === to) return m;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** Absolute under APP_URL, or a path on the host the browser asked for (Next's own redirects: "/welcome"). */
function expectUnderAppUrl(location: string | undefined, what: string) {
  expect(location, what).toBeDefined();
  expect(location!.startsWith(`${APP_URL}/`) || /^\/(?!\/)/.test(location!), `${what} → ${location}`).toBe(true);
}

test("every redirect, e-mail link and calendar link points under APP_URL, never at the address the server listens on", async () => {
  // Route handlers: absolute, under APP_URL, whatever the Host header says.
  const anon = client();
  const handlers: [string, Record<string, string>?][] = [
    ["/api/auth/logout", { "sec-fetch-site": "same-origin" }],
    ["/api/auth/expired"],
    ["/api/unsubscribe?t=some.token"],
  ];
  for (const [url, headers] of handlers) {
    const r = await anon.send(url, { headers });
    expect(r.status, url).toBe(303);
    expect(r.location, url).toMatch(new RegExp(`^${APP_URL}/`));
  }
  expect((await anon.send("/api/unsubscribe?t=some.token")).location).toBe(`${APP_URL}/unsubscribe?t=some.token`);
  // The proxy's redirect of a signed-out visitor.
  const gate = await anon.send("/settings");
  expect(gate.status).toBe(307);
  expect(gate.location).toBe(`${APP_URL}/`);

  // Sign in with the forms as a browser without JavaScript (the proxy passes the public Host, as
  // Next.js's own server-action check needs): the action's redirect, then the pages'.
  const user = client("limber.example.com");
  const email = `deploy-${Date.now().toString(36)}@example.com`;
  expect((await postForm(user, "/", { email })).status).toBe(200);
  const mail = await outbox(email);
  const signedIn = await postForm(user, "/", { code: /\b(\d{6})\b/.exec(mail.subject)![1]! });
  expect(signedIn.status).toBe(303);
  expectUnderAppUrl(signedIn.location, "sign-in form");
  for (const page of ["/", "/settings", "/history", "/dashboard/"]) {
    const r = await user.send(page);
    expect([307, 308], page).toContain(r.status);
    expectUnderAppUrl(r.location, page);
  }
  const live = await user.send("/api/auth/expired");
  expect(live.location).toBe(`${APP_URL}/dashboard`);

  // The sign-in e-mail and the calendar feed link to APP_URL only.
  const { html, text } = mail as unknown as { html: string; text: string };
  const links = [...[...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!), ...(text.match(/https?:\/\/\S+/g) ?? [])];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(APP_URL), link).toBe(true);
  const json = { origin: APP_URL, "content-type": "application/json" };
  const setup = await user.send("/api/user/setup", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ timezone: "Europe/London", times: ["09:00", "16:30"], durationPreference: 10 }),
  });
  expect(setup.status).toBe(200);
  const feedUrl = (JSON.parse((await user.send("/api/user/calendar")).text) as { url: string }).url;
  expect(feedUrl).toMatch(new RegExp(`^${APP_URL}/api/calendar/`));
  const feed = await user.send(new URL(feedUrl).pathname);
  expect(feed.status).toBe(200);
  expect(feed.text).toContain(`${APP_URL}/dashboard`);
  expect(feed.text).not.toMatch(/localhost|127\.0\.0\.1/);

  const out = await user.send("/api/auth/logout", { headers: { "sec-fetch-site": "same-origin" } });
  expect(out.status).toBe(303);
  expect(out.location).toBe(`${APP_URL}/`);
});

test("TRACE and other unserved methods: 405 with Allow and the security headers; malformed URLs: 400 JSON or the 404 page; one log line each", async () => {
  const c = client();
  const logBefore = server.log().length;
  for (const [method, url] of [
    ["TRACE", "/"],
    ["LOCK", "/api/auth/user"],
    ["PROPFIND", "/settings"],
  ] as const) {
    const r = await c.send(url, { method });
    expect(r.status, `${method} ${url}`).toBe(405);
    expect(r.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(r.headers["content-security-policy"]).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["x-frame-options"]).toBe("DENY");
    expect(r.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(JSON.parse(r.text)).toEqual({ message: "Method not allowed" });
  }
  for (const url of ["/api/calendar/%", "/api/user/breaks/%/complete", "/api/calendar/%E0.ics"]) {
    const r = await c.send(url);
    expect(r.status, url).toBe(400);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(r.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(JSON.parse(r.text)).toEqual({ message: "Malformed URL" });
  }
  const page = await c.send("/break/%E0");
  expect(page.status).toBe(404);
  expect(page.headers["content-type"]).toMatch(/^text\/html/);
  expect(page.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  // The break page is public; so is an unknown page, which is the 404 page (not a bounce to sign-in).
  expect((await c.send("/settings%E0")).status).toBe(404);

  await expect
    .poll(
      () =>
        server
          .log()
          .slice(logBefore)
          .split("\n")
          .filter((l) => l.startsWith("[http] ")).length,
    )
    .toBe(8);
  const log = server.log().slice(logBefore);
  expect(log).not.toMatch(/^\s+at /m);
  expect(log).not.toMatch(/Error/);
});

/** The id of a server action in the build the server runs (from Next.js's manifest). */
async function actionId(exportedName: string): Promise<string> {
  const manifest = JSON.parse(
    await readFile(path.join(process.env.NEXT_DIST_DIR || ".next", "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string }> };
  const id = Object.entries(manifest.node).find(([, v]) => v.exportedName === exportedName)?.[0];
  if (!id) throw new Error(`no server action ${exportedName} in the build`);
  return id;
}

test("server actions and request targets the client got wrong: 4xx, never 500", async () => {
  const c = client("limber.example.com");
  const logBefore = server.log().length;
  const id = await actionId("requestCode");
  const action = (headers: Record<string, string>, body: string) =>
    c.send("/", { method: "POST", headers: { "next-action": id, origin: APP_URL, ...headers }, body });
  const json = { "content-type": "text/plain;charset=UTF-8" };

  // Posted from another site: refused before Next.js reads it (its own check would throw: 500).
  const foreign = await action({ ...json, origin: "https://evil.example" }, '[{},"$K1"]');
  expect(foreign.status).toBe(403);
  expect(JSON.parse(foreign.text)).toEqual({ message: "Cross-site request refused" });
  // Bodies Next.js cannot decode: malformed JSON, a broken multipart.
  expect((await action(json, "[{,,")).status).toBe(400);
  expect((await action({ "content-type": "multipart/form-data; boundary=xyz" }, "garbage")).status).toBe(400);
  // Over the limit Limber's forms need (64 KB): announced (refused before reading) or streamed.
  const big = "a".repeat(100 * 1024);
  const announced = await action({ ...json, "content-length": String(big.length) }, big);
  expect(announced.status).toBe(413);
  expect(JSON.parse(announced.text)).toEqual({ message: "Request body is too large" });
  expect((await action({ ...json, "transfer-encoding": "chunked" }, big)).status).toBe(413);

  // Request targets that are not a path of ours.
  for (const target of ["*", "http://other.example/dashboard"]) {
    const r = await rawSocket(`OPTIONS ${target} HTTP/1.1\r\nHost: limber.example.com\r\nConnection: close\r\n\r\n`);
    expect(r.text, target).toMatch(/^HTTP\/1\.1 400 /);
    expect(r.text).toContain('{"message":"Malformed request target"}');
  }
  // A router-state header Next.js cannot parse (a page's client navigation sends a valid one).
  for (const tree of ["notjson", encodeURIComponent("[1,2]")]) {
    const r = await c.send("/email-test?_rsc=x", { headers: { rsc: "1", "next-router-state-tree": tree } });
    expect(r.status, tree).toBe(400);
    expect(JSON.parse(r.text)).toEqual({ message: "Malformed router state" });
  }
  const valid = await c.send("/email-test", {
    headers: { rsc: "1", "next-router-state-tree": encodeURIComponent('["",{}]') },
  });
  expect(valid.status).toBeLessThan(400);

  const log = server.log().slice(logBefore);
  expect(log).not.toMatch(/Invalid Server Actions request|router state header|Invalid URL/);
});

/** Opens a socket, writes `start`, then what `then` writes; resolves with what came back and when the server closed it. */
function rawSocket(start: string, then?: (write: (s: string) => void) => () => void) {
  return new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
    const t0 = Date.now();
    const socket = connect(PORT, "127.0.0.1");
    let text = "";
    let stop = () => {};
    socket.setEncoding("utf8");
    socket.on("data", (d) => (text += d));
    socket.on("error", () => {}); // a reset after the answer is a close too
    socket.on("close", () => {
      stop();
      resolve({ text, closedAfterMs: Date.now() - t0 });
    });
    socket.on("connect", () => {
      socket.write(start);
      if (then) stop = then((s) => socket.writable && socket.write(s));
    });
    setTimeout(() => reject(new Error(`socket still open after 60 s; got: ${text.slice(0, 200)}`)), 60_000).unref();
  });
}

test("a slow header drip is cut at 10 s, a stalled body at 30 s, and a refused body closes the connection at once", async () => {
  test.setTimeout(90_000);
  const head = (method: string, extra: string) =>
    `${method} /api/send-test-email HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${APP_URL}\r\n${extra}`;
  const [drip, stalled, tooLarge] = await Promise.all([
    // One header line a second, never the blank line that ends them.
    rawSocket(head("GET", ""), (write) => {
      const timer = setInterval(() => write("X-Drip: a\r\n"), 1_000);
      return () => clearInterval(timer);
    }),
    // Headers complete, 10 of the 100 announced body bytes, then nothing.
    rawSocket(head("POST", 'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"')),
    // A body over the 16 KB limit, announced and never sent.
    rawSocket(head("POST", "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n")),
  ]);
  expect(drip.text).toMatch(/^HTTP\/1\.1 408 /);
  expect(drip.closedAfterMs).toBeGreaterThan(9_000);
  expect(drip.closedAfterMs).toBeLessThan(15_000);
  expect(stalled.text).toMatch(/^HTTP\/1\.1 408 /);
  expect(stalled.closedAfterMs).toBeGreaterThan(29_000);
  expect(stalled.closedAfterMs).toBeLessThan(36_000);
  expect(tooLarge.text).toMatch(/^HTTP\/1\.1 413 /);
  expect(tooLarge.text).toMatch(/\r\nConnection: close\r\n/i);
  expect(tooLarge.text).toContain('"message":"Request body is too large"');
  expect(tooLarge.closedAfterMs).toBeLessThan(5_000);
});
