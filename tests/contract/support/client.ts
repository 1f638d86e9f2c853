// A browser (or a script) talking to the contract server over HTTP: its own cookie jar, its own
// client address (X-Forwarded-For, which the server trusts as the one proxy in front: TRUST_PROXY=1),
// `Origin: APP_URL` on state-changing calls, route calls and server actions. Every call is recorded
// for the coverage gate (support/coverage.ts).
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect } from "vitest";
import { contract } from "./context";
import { recordCall, serverActions, type ServerAction } from "./coverage";

const require = createRequire(import.meta.url);
// React's Flight client resolves client references through webpack's globals; action results hold
// none, so empty stand-ins are enough.
const g = globalThis as { __webpack_require__?: unknown; __webpack_chunk_load__?: unknown };
g.__webpack_require__ ??= () => ({});
g.__webpack_chunk_load__ ??= () => Promise.resolve();
const flight = require("next/dist/compiled/react-server-dom-webpack/client.edge") as {
  encodeReply(value: unknown): Promise<string | FormData>;
  createFromFetch<T>(res: Promise<Response>, options: unknown): Promise<T>;
};
const anyModule = new Proxy(
  {},
  { get: (_, id) => new Proxy({}, { get: (__, name) => ({ id, chunks: [], name, async: false }) }) },
);

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: T;
}

export interface CallOptions {
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /** A raw body, sent with whatever `headers` say. */
  body?: string;
  headers?: Record<string, string>;
  /** The Origin header: APP_URL by default on state-changing methods; null sends none. */
  origin?: string | null;
  /** Leave the cookie jar out (a calendar app, a mail client). */
  anonymous?: boolean;
}

/** What a server action did over HTTP: its result, or the redirect Next answered with. */
export interface ActionResponse<R> {
  status: number;
  headers: Headers;
  result: R | undefined;
  redirect: string | null;
}

/** A FormData of these fields (arrays as repeated fields), as a browser posts a form. */
export function formData(fields: Record<string, string | number | boolean | (string | number)[] | undefined>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) f.append(k, String(item));
  }
  return f;
}

let actionsCache: ServerAction[] | undefined;
function actionNamed(name: string): ServerAction {
  actionsCache ??= serverActions(contract().distDir);
  const found = actionsCache.filter((a) => a.name === name);
  if (found.length !== 1) throw new Error(`${found.length} server actions named ${name} in the build`);
  return found[0]!;
}

/** "app/(app)/settings/page" → "/settings"; a dynamic page needs its path from the caller. */
function pageOf(worker: string): string | undefined {
  const segments = worker
    .replace(/^app\/?/, "")
    .replace(/\/?page$/, "")
    .split("/")
    .filter((s) => s && !(s.startsWith("(") && s.endsWith(")")));
  if (segments.some((s) => s.startsWith("["))) return undefined;
  return `/${segments.join("/")}`;
}

let emailSeq = 0;
/** An address no other test (or run) uses. */
export function uniqueEmail(prefix: string): string {
  emailSeq += 1;
  return `${prefix}-${randomBytes(4).toString("hex")}-${emailSeq}@contract.example.com`;
}

/** A fresh documentation-range IPv6 address: each client gets its own rate-limit buckets. */
function freshIp(): string {
  const h = randomBytes(8).toString("hex");
  return `2001:db8:${h.slice(0, 4)}:${h.slice(4, 8)}:${h.slice(8, 12)}:${h.slice(12, 16)}::1`;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  file: string;
}

/** The outbox's messages to `to`, oldest first. */
export function mailsTo(to: string): OutboxMail[] {
  const dir = path.join(contract().dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => /^\d+-\d+\.json$/.test(f))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => ({ ...(JSON.parse(readFileSync(path.join(dir, f), "utf8")) as OutboxMail), file: f }))
    .filter((m) => m.to === to);
}

/** Waits (briefly) until `find` returns something. */
export async function eventually<T>(what: string, find: () => T | undefined | Promise<T | undefined>, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export class Client {
  readonly cookies = new Map<string, string>();
  readonly ip = freshIp();
  email: string | undefined;

  get base(): string {
    return contract().baseUrl;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = "", v = ""] = a.split("=").map((s) => s.trim());
        if (k.toLowerCase() === "max-age") return Number(v) <= 0;
        if (k.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private baseHeaders(method: string, opts: { origin?: string | null; anonymous?: boolean }): Headers {
    const h = new Headers({ "X-Forwarded-For": this.ip, "User-Agent": "Limber contract suite" });
    const origin = opts.origin === undefined ? (["GET", "HEAD"].includes(method) ? null : this.base) : opts.origin;
    if (origin !== null) h.set("Origin", origin);
    if (!opts.anonymous && this.cookies.size) h.set("Cookie", this.cookieHeader());
    return h;
  }

  /** One call to a route handler (or a page), recorded; redirects are answers, not followed. */
  async call<T = unknown>(method: string, urlPath: string, opts: CallOptions = {}): Promise<CallResult<T>> {
    const headers = this.baseHeaders(method, opts);
    let body: string | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers.set("Content-Type", "application/json");
    }
    for (const [k, v] of Object.entries(opts.headers ?? {})) headers.set(k, v);
    const res = await fetch(this.base + urlPath, { method, headers, body, redirect: "manual" });
    const text = await res.text();
    recordCall(contract().runDir, { kind: "route", method, path: urlPath, status: res.status });
    if (!opts.anonymous) this.keepCookies(res.headers);
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: json as T };
  }

  /**
   * Runs a server action as the page's script does: the arguments encoded with React's
   * encodeReply, POSTed to a page that can run it with its Next-Action id, the answer read with
   * React's Flight client. Cookies it sets go into the jar.
   */
  async action<R = unknown>(
    name: string,
    args: unknown[],
    pagePath?: string,
    opts: { origin?: string | null } = {},
  ): Promise<ActionResponse<R>> {
    const action = actionNamed(name);
    const target = pagePath ?? action.workers.map(pageOf).find((p) => p !== undefined);
    if (!target) throw new Error(`action ${name} runs only on dynamic pages (${action.workers}): pass pagePath`);
    const headers = this.baseHeaders("POST", opts);
    headers.set("Next-Action", action.id);
    headers.set("Accept", "text/x-component");
    const res = await fetch(this.base + target, {
      method: "POST",
      headers,
      body: await flight.encodeReply(args),
      redirect: "manual",
    });
    this.keepCookies(res.headers);
    const redirect =
      res.headers.get("x-action-redirect") ??
      (res.status >= 300 && res.status < 400 ? res.headers.get("location") : null);
    let result: R | undefined;
    const type = res.headers.get("content-type") ?? "";
    if (res.status === 200 && type.includes("text/x-component")) {
      const out = await flight.createFromFetch<{ a?: Promise<R> | R }>(Promise.resolve(res), {
        serverConsumerManifest: { moduleMap: anyModule, moduleLoading: null, serverModuleMap: null },
      });
      result = await out.a;
    } else {
      await res.arrayBuffer();
    }
    const r = result as { ok?: boolean; status?: number } | undefined;
    const outcome = redirect
      ? `redirect ${redirect}`
      : r?.ok === true
        ? "ok"
        : r?.ok === false
          ? `error ${r.status}`
          : result === undefined
            ? "no result"
            : "value";
    recordCall(contract().runDir, { kind: "action", name, status: res.status, outcome });
    return { status: res.status, headers: res.headers, result, redirect };
  }

  /** Sign-in through the two public calls, the code read from the outbox as a user would. */
  async signIn(email: string): Promise<this> {
    const before = mailsTo(email).length;
    const r1 = await this.call<{ success: boolean; message: string }>("POST", "/api/auth/request-code", {
      json: { email },
    });
    expect(r1.status, r1.text).toBe(200);
    expect(r1.json).toEqual({ success: true, message: expect.any(String) });
    const code = await loginCode(email, before);
    const r2 = await this.call("POST", "/api/auth/verify-code", { json: { code } });
    expect(r2.status, r2.text).toBe(200);
    expect(r2.json).toEqual({ success: true });
    this.email = email;
    return this;
  }

  /** Onboarding through POST /api/user/setup. */
  async setup(body: {
    timezone: string;
    times: [string, string];
    durationPreference: number;
    activeDays?: number[];
  }): Promise<this> {
    const r = await this.call("POST", "/api/user/setup", { json: body });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ success: true });
    return this;
  }
}

/** The 6-digit code of the login e-mail sent to `email` after the first `skip` messages. */
export async function loginCode(email: string, skip = 0): Promise<string> {
  return eventually(`a login code for ${email}`, () => {
    const mail = mailsTo(email)
      .slice(skip)
      .findLast((m) => /\b\d{6}\b/.test(m.subject));
    return mail ? /\b(\d{6})\b/.exec(mail.subject)![1] : undefined;
  });
}

/** A signed-in client for a new address (`prefix-…@contract.example.com`). */
export async function signedIn(prefix: string): Promise<Client> {
  return new Client().signIn(uniqueEmail(prefix));
}
