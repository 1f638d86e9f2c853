// Calls route handlers in-process with a tiny cookie jar, like a browser would.
import path from "node:path";
import { readOutbox } from "@/lib/mail";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  json: T;
  headers: Headers;
}

export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async call<T = Record<string, unknown>>(
    handler: Handler,
    opts: { method?: string; path?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; params?: Record<string, string> } = {},
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
