import "server-only";
// The plumbing every server action shares (one action per file beside this one, as dub does):
// the request's headers and client address, the session and the owner's context, zod parsing
// into field errors, and the typed result whose user-visible text is whitelisted (AppError's
// public message or a generic one; internal error text never reaches the browser). Actions call
// the same domain functions as the route handlers, with the same limits and client address.
import { cookies, headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { safeParse, type core } from "zod/mini";
import { getLiveGrant, type AdminGrant } from "@/lib/admin/grant";
import { ADMIN_MESSAGES } from "@/lib/admin/types";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { safeEqual } from "@/lib/auth/signing";
import { getDb, type Db } from "@/lib/db";
import { AppError, GENERIC_ERROR, isDatabaseUnavailable, UNAVAILABLE_ERROR, forbidden, unauthorized } from "@/lib/errors";
import { assertSameOrigin, clientIp } from "@/lib/http";
import type { ActionResult, FieldErrors } from "./types";

/** Input that fails its schema: a 400 whose fields each carry their own message. */
export class InvalidInput extends AppError {
  constructor(readonly fieldErrors: FieldErrors) {
    super(400, Object.values(fieldErrors)[0] ?? "Invalid request");
  }
}

/** "times.1", "active_days", or "" for the whole input: react-hook-form's field names. */
const fieldName = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** Parses with the call's zod schema; a failure becomes InvalidInput with one message per field. */
export function parseInput<S extends core.$ZodType>(schema: S, input: unknown): core.output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = fieldName(issue.path) || "root";
    fieldErrors[name] ??= issue.message;
  }
  throw new InvalidInput(fieldErrors);
}

export interface RequestContext {
  headers: Headers;
  ip: string;
  /** False when a plain HTML form posted before the page's scripts ran (no Next-Action header). */
  scripted: boolean;
}

/** The caller's headers and address; a foreign Origin is refused as it is for route handlers. */
export async function requestContext(): Promise<RequestContext> {
  const h = new Headers(await headers());
  assertSameOrigin({ method: "POST", headers: h });
  return { headers: h, ip: clientIp(h), scripted: h.has("next-action") };
}

/** Set-Cookie header values (Better Auth's) applied to the action's response. */
export async function applySetCookies(setCookies: string[]) {
  if (setCookies.length === 0) return;
  const jar = await cookies();
  for (const line of setCookies) {
    const [pair = "", ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq < 1) continue;
    const options: Parameters<typeof jar.set>[2] = {};
    for (const attr of attrs) {
      const [k = "", v = ""] = attr.split("=").map((s) => s.trim());
      const key = k.toLowerCase();
      if (key === "path") options.path = v;
      else if (key === "domain") options.domain = v;
      else if (key === "max-age") options.maxAge = Number(v);
      else if (key === "expires") options.expires = new Date(v);
      else if (key === "httponly") options.httpOnly = true;
      else if (key === "secure") options.secure = true;
      else if (key === "samesite") options.sameSite = v.toLowerCase() as "lax" | "strict" | "none";
    }
    jar.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()), options);
  }
}

export interface UserActionContext extends RequestContext {
  user: SessionUser;
  db: Db;
}

/** The signed-in caller (401 otherwise), checked here and not only by the proxy. */
export async function requireActionUser(): Promise<UserActionContext> {
  const ctx = await requestContext();
  const renewed: string[] = [];
  const user = await getSessionUser(ctx.headers, (c) => renewed.push(...c));
  if (!user) throw unauthorized();
  // The session was extended: the browser gets the cookie with its new lifetime.
  await applySetCookies(renewed);
  return { ...ctx, user, db: await getDb() };
}

export interface AdminActionContext extends UserActionContext {
  grant: AdminGrant;
}

/** The signed-in owner with the console unlocked (401) and the grant's CSRF token (403). */
export async function requireActionAdmin(csrfToken: unknown): Promise<AdminActionContext> {
  const ctx = await requireActionUser();
  const grant = await getLiveGrant(ctx.db, ctx.user);
  if (!grant) throw unauthorized(ADMIN_MESSAGES.locked);
  if (typeof csrfToken !== "string" || !safeEqual(csrfToken, grant.csrfToken)) throw forbidden(ADMIN_MESSAGES.badCsrf);
  return { ...ctx, grant };
}

/** A failure as the browser may see it: whitelisted text only. */
export function failure(error: unknown): Extract<ActionResult, { ok: false }> {
  if (error instanceof InvalidInput) return { ok: false, status: 400, message: error.publicMessage, fieldErrors: error.fieldErrors };
  if (error instanceof AppError) {
    const retry = error.extra.retryAfterSeconds;
    return {
      ok: false,
      status: error.status,
      message: error.publicMessage,
      ...(typeof retry === "number" ? { retryAfterSeconds: retry } : {}),
    };
  }
  if (isDatabaseUnavailable(error)) {
    console.error("[action] database unavailable:", error instanceof Error ? error.message : error);
    return { ok: false, status: 503, message: UNAVAILABLE_ERROR };
  }
  console.error("[action] unexpected error:", error);
  return { ok: false, status: 500, message: GENERIC_ERROR };
}

/** Runs an action's body: its value as `{ ok: true, data }`, any failure as `failure()`. */
export async function runAction<T>(body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await body() };
  } catch (error) {
    unstable_rethrow(error); // redirect() and Next's own signals pass through
    return failure(error);
  }
}

/** A refusal that is not about one field (a wrong code, a limit) shown on the form's one field. */
export function onField<R extends ActionResult<unknown>>(result: R, name: string): R {
  if (result.ok || result.fieldErrors) return result;
  return { ...result, fieldErrors: { [name]: result.message } };
}
