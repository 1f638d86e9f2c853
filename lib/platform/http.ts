// Route-handler plumbing: JSON bodies validated with zod, `{ message }` errors, the client IP,
// a same-origin check for state-changing calls and redirects under APP_URL. Handlers stay thin by
// using `route()`.
import { NextResponse } from "next/server";
import { safeParse, type core } from "zod/mini";
import { env, isLoopbackUrl, type Env } from "@/lib/env";
import { AppError, badRequest, forbidden, toPublicError } from "@/lib/errors";

export const MAX_BODY_BYTES = 16 * 1024;
const TOO_LARGE = "Request body is too large";

/**
 * The body as text, refusing past `limit` bytes while it streams: an announced Content-Length is
 * refused before reading, and a chunked body is cut off as soon as it grows past the limit.
 */
export async function readBodyText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  if (Number(req.headers.get("content-length") ?? 0) > limit) throw new AppError(413, TOO_LARGE);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new AppError(413, TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const NOT_JSON = "Request body must be JSON, sent with Content-Type: application/json";

/** The media type of a Content-Type header ("application/json; charset=utf-8" → "application/json"). */
function mediaType(header: string): string {
  return header.split(";")[0]!.trim().toLowerCase();
}

/**
 * A JSON body as text: only with `Content-Type: application/json` (415 otherwise), so a cross-site
 * form or a no-preflight `text/plain` fetch can never be read as JSON. An empty body may come
 * without a type (there is nothing to read).
 */
export async function readJsonText(req: Request): Promise<string> {
  const type = req.headers.get("content-type");
  if (type !== null && mediaType(type) !== "application/json") throw new AppError(415, NOT_JSON);
  const raw = await readBodyText(req);
  if (type === null && raw !== "") throw new AppError(415, NOT_JSON);
  return raw;
}

/** A failure answer: `{ message }` plus any fields a call documents for its failures (e.g. `success: false`). */
export function jsonError(status: number, message: string, headers?: HeadersInit, extra?: Record<string, unknown>) {
  return NextResponse.json({ ...extra, message }, { status, headers });
}

/** Reads and validates a JSON body; any problem is a 400 with the first readable reason. */
export async function parseBody<S extends core.$ZodType>(req: Request, schema: S): Promise<core.output<S>> {
  const raw = await readJsonText(req);
  let data: unknown;
  try {
    data = raw === "" ? {} : JSON.parse(raw);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const result = safeParse(schema, data);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}

/** Written where the client address cannot be known (every such request shares one bucket). */
export const UNKNOWN_IP = "unknown";

function normalizeIp(raw: string | null | undefined): string | undefined {
  const ip = raw?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  // An address is at most 45 characters (IPv6 with an IPv4 tail); anything else is not one.
  return ip && ip.length <= 45 && /^[0-9A-Fa-f:.]+$/.test(ip) ? ip : undefined;
}

let warnedUnknown = false;

/**
 * The client's address, for rate limits and the audit log. Only a value that no client can choose
 * is used, so rotating X-Forwarded-For never opens a fresh limit bucket (docs/security.md):
 * - `vercel`: the address Vercel's edge writes (it overwrites X-Real-IP and X-Forwarded-For);
 * - N: N trusted proxies each append the address they saw, so the Nth entry from the right of
 *   X-Forwarded-For is the one the outermost trusted proxy saw; entries left of it are the client's;
 * - `none`: the TCP peer, which scripts/serve.mjs passes in a header whose name is random per process.
 */
export function clientIp(headers: Headers, trust: Env["trustProxy"] = env().trustProxy): string {
  if (trust === "vercel") {
    return (
      normalizeIp(headers.get("x-real-ip")) ?? normalizeIp(headers.get("x-forwarded-for")?.split(",")[0]) ?? UNKNOWN_IP
    );
  }
  if (typeof trust === "number") {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    return normalizeIp(hops[Math.max(0, hops.length - trust)]) ?? UNKNOWN_IP;
  }
  const peerHeader = process.env.LIMBER_PEER_HEADER;
  const peer = peerHeader ? normalizeIp(headers.get(peerHeader)) : undefined;
  if (!peer && !warnedUnknown && process.env.NODE_ENV === "production") {
    warnedUnknown = true;
    console.warn("[http] client address unknown: serve with `npm start`, or set TRUST_PROXY (README, Configuration)");
  }
  return peer ?? UNKNOWN_IP;
}

/**
 * Whether an Origin header names APP_URL: the same scheme, host and port. The one alias: when
 * APP_URL is this machine (the default http://localhost:3000), any loopback name of it with the
 * same scheme and port (http://127.0.0.1:3000), as `npm start` is opened either way.
 */
export function isAppOrigin(origin: string, appUrl = env().appUrl): boolean {
  const app = new URL(appUrl);
  if (origin === app.origin) return true;
  if (!isLoopbackUrl(app.href) || !URL.canParse(origin)) return false;
  const o = new URL(origin);
  return o.origin === origin && o.protocol === app.protocol && o.port === app.port && isLoopbackUrl(o.href);
}

/**
 * Rejects cross-site state-changing requests that carry an Origin (defence in depth next to
 * SameSite=Lax). The Origin must be exactly APP_URL's: the request's Host or X-Forwarded-Host is
 * never consulted (a client chooses both when no proxy sets them), and an http page cannot post
 * to an https app. Server actions run the same check (lib/actions/client.ts).
 */
export function assertSameOrigin(req: Pick<Request, "method" | "headers">) {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  if (origin !== null && !isAppOrigin(origin)) throw forbidden("Cross-site request refused");
}

/**
 * A redirect to one of our paths, absolute under APP_URL. Never built from the request's URL:
 * behind a proxy that is the internal address the server listens on ("localhost"), and the GET
 * unsubscribe link would carry its token there.
 */
export function redirectTo(pathAndQuery: `/${string}`, status: 303 | 307 = 303): NextResponse {
  return NextResponse.redirect(`${env().appUrl}${pathAndQuery}`, status);
}

export function errorResponse(error: unknown, extra?: Record<string, unknown>): NextResponse {
  const e = toPublicError(error, "api");
  const headers = e.retryAfterSeconds !== undefined ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
  return jsonError(e.status, e.message, headers, extra);
}

type Handler<C> = (req: Request, ctx: C) => Promise<Response>;

/**
 * Wraps a route handler: same-origin check, and every failure answered as `{ message }`.
 * `anyOrigin`: only for calls whose credential is a token in the URL, never a cookie.
 */
export function route<C = unknown>(handler: Handler<C>, opts: { anyOrigin?: boolean } = {}): Handler<C> {
  return async (req, ctx) => {
    try {
      if (!opts.anyOrigin) assertSameOrigin(req);
      return await handler(req, ctx);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
