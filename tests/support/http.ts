// Calls route handlers in-process with a tiny cookie jar, like a browser would.
import path from "node:path";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { readOutbox } from "@/lib/mail";
import { actionRequest, type ActionRequest } from "./next-headers";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  json: T;
  headers: Headers;
}

/** What a server action did: its result, or the redirect it answered with instead. */
export interface ActionCall<R> {
  result?: R;
  redirect?: string;
}

/** A FormData of these fields (arrays as repeated fields), as a browser posts a form. */
export function formData(fields: Record<string, string | string[] | undefined>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) f.append(k, item);
  }
  return f;
}

// Each client gets its own address (a random one could repeat: two clients on one address share
// every per-address rate limit, and the access matrix then saw 429 for 401 about once in 40 runs).
let nextHost = Math.floor(Math.random() * 254);
const freshIp = () => `203.0.113.${(nextHost++ % 254) + 1}`;

export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly ip = freshIp()) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /**
   * Runs a server action as this browser would: its cookies, its address, and the Next-Action
   * header of a scripted call (`scripted: false` is a form posted before scripts ran). Cookies the
   * action sets land in this client's jar; a redirect() is returned as `redirect`.
   */
  async action<A extends unknown[], R>(
    fn: (...args: A) => Promise<R>,
    args: A,
    opts: { scripted?: boolean; headers?: Record<string, string> } = {},
  ): Promise<ActionCall<R>> {
    const headers = new Headers({ "x-forwarded-for": this.ip, host: "localhost:3000", ...opts.headers });
    if (opts.scripted !== false) headers.set("next-action", "test-action-id");
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const req: ActionRequest = { headers, set: new Map() };
    let call: ActionCall<R>;
    try {
      call = { result: await actionRequest.run(req, () => fn(...args)) };
    } catch (error) {
      if (!isRedirectError(error)) throw error;
      call = { redirect: error.digest.split(";")[2] };
    }
    for (const [name, c] of req.set) {
      if (c.options.maxAge === 0 || c.value === "") this.cookies.delete(name);
      else this.cookies.set(name, encodeURIComponent(c.value));
    }
    return call;
  }

  async call<T = Record<string, unknown>>(
    handler: Handler,
    opts: {
      method?: string;
      path?: string;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      params?: Record<string, string>;
    } = {},
  ): Promise<CallResult<T>> {
    const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? "POST" : "GET");
    const headers = new Headers({ "x-forwarded-for": this.ip, host: "localhost:3000", ...opts.headers });
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers.set("content-type", "application/json");
    }
    const req = new Request(`http://localhost:3000${opts.path ?? "/"}`, { method, headers, body });
    const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, json: json as T, headers: res.headers };
  }
}

export function outboxDir() {
  return path.join(process.env.DATA_DIR!, "outbox");
}

/** The newest login code sent to `email`, read from the outbox like a user would. */
export async function latestCode(email: string): Promise<string> {
  const messages = (await readOutbox(outboxDir())).filter((m) => m.to === email);
  const last = messages.at(-1);
  const code = last?.subject.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no login code in the outbox for ${email}`);
  return code;
}
