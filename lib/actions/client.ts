import "server-only";
// The one way to write a server action (as dub's authActionClient): a client that guards, then
// parses, then calls the domain function, in that order, with every failure answered as a typed
// result whose text is whitelisted (toPublicError). Three clients, one per guard:
//   publicAction  - the request's headers and client address (a foreign Origin is refused);
//   userAction    - the signed-in caller (401 otherwise), checked here and not only by the proxy;
//   adminAction   - the signed-in owner with the console unlocked and the grant's CSRF token.
// Each makes `.action(schema, handler)` for an action called with one value, `.form({...}, handler)`
// for a form's action (useActionState's (previous state, FormData), posting with or without
// scripts), `.call(handler)` for one whose input needs no schema, and `.raw(action)` for one that
// shapes its own answer. A handler gets `ctx` only from the guard and `input` only from the schema,
// so a new action cannot skip either; tests/unit/actions/client.test.ts checks every action is one.
import { cookies, headers } from "next/headers";
import { redirect, unstable_rethrow } from "next/navigation";
import { safeParse, type core } from "zod/mini";
import { requireGrant, type AdminGrant } from "@/lib/admin/grant";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { getDb, type Db } from "@/lib/db";
import { InvalidInput, toPublicError, unauthorized, type FieldErrors } from "@/lib/errors";
import { assertSameOrigin, clientIp } from "@/lib/platform/http";
import type { ActionResult, FormState } from "./types";

export { InvalidInput };

/** "times.1", "active_days", or "" for the whole input: react-hook-form's field names. */
const fieldName = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** Parses with the call's zod schema; a failure becomes InvalidInput with one message per field. */
export function parseInput<S extends core.$ZodType>(schema: S, input: unknown): core.output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) fieldErrors[fieldName(issue.path) || "root"] ??= issue.message;
  throw new InvalidInput(fieldErrors);
}

export interface RequestContext {
  headers: Headers;
  ip: string;
  /** False when a plain HTML form posted before the page's scripts ran (no Next-Action header). */
  scripted: boolean;
}

export interface UserActionContext extends RequestContext {
  user: SessionUser;
  db: Db;
}

export interface AdminActionContext extends UserActionContext {
  grant: AdminGrant;
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

// ---- the guards ----------------------------------------------------------------------------------

/** The caller's headers and address; a foreign Origin is refused as it is for route handlers. */
async function requestContext(): Promise<RequestContext> {
  const h = new Headers(await headers());
  assertSameOrigin({ method: "POST", headers: h });
  return { headers: h, ip: clientIp(h), scripted: h.has("next-action") };
}

/** The signed-in caller (401 otherwise); a session the lookup extended renews the cookie. */
async function requireUser(): Promise<UserActionContext> {
  const ctx = await requestContext();
  const renewed: string[] = [];
  const user = await getSessionUser(ctx.headers, (c) => renewed.push(...c));
  if (!user) throw unauthorized();
  await applySetCookies(renewed);
  return { ...ctx, user, db: await getDb() };
}

/** The signed-in owner with the console unlocked (401) and the grant's CSRF token (403). */
async function requireAdmin(csrfToken: unknown): Promise<AdminActionContext> {
  const ctx = await requireUser();
  return { ...ctx, grant: await requireGrant(ctx.db, ctx.user, csrfToken ?? "") };
}

// ---- results ---------------------------------------------------------------------------------------

/** A failure as the browser may see it: whitelisted text only, with its machine-readable code. */
function failure(error: unknown): Extract<ActionResult, { ok: false }> {
  const e = toPublicError(error, "action");
  return {
    ok: false,
    status: e.status,
    code: e.code,
    message: e.message,
    ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}),
    ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
  };
}

/** Runs an action's body: its value as `{ ok: true, data }`, any failure as `failure()`. */
async function run<T>(body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await body() };
  } catch (error) {
    unstable_rethrow(error); // redirect() and Next's own signals pass through
    return failure(error);
  }
}

/** A refusal that is not about one field (a wrong code, a limit) shown on the form's one field. */
function onField<R extends ActionResult<unknown>>(result: R, name: string | undefined): R {
  if (!name || result.ok || result.fieldErrors) return result;
  return { ...result, fieldErrors: { [name]: result.message } };
}

// ---- the clients -----------------------------------------------------------------------------------

/** Marks a function as made by an action client (the test of every action reads it). */
export const ACTION_CLIENT = Symbol.for("limber.action-client");
function tagged<F extends object>(fn: F, kind: string): F {
  return Object.assign(fn, { [ACTION_CLIENT]: kind });
}

type Schema = core.$ZodType;

export interface FormOptions<V, S extends Schema> {
  /** The form's values from the posted FormData: what is validated, and shown again after a refusal. */
  values: (form: FormData) => V;
  schema: S;
  /** The values sent back to the page (e.g. never a code; none for a link's button): default, as posted. */
  echo?: (values: V) => V | undefined;
  /** The field a refusal that names none is shown on (a form with one field). */
  field?: string;
  /** Where a form posted before scripts ran goes after it succeeded (the scripted page navigates itself). */
  redirectTo?: `/${string}`;
}

function client<C extends RequestContext, A extends unknown[]>(kind: string, guard: (...raw: A) => Promise<C>) {
  return {
    /** An action called with one value: guarded, then `schema` parses it, then `handler`. */
    action<S extends Schema, R>(
      schema: S,
      handler: (input: core.output<S>, ctx: C) => Promise<R>,
      // The value as the browser passes it, before parsing (e.g. a slot as a number or a string).
      prepare: (raw: unknown) => unknown = (raw) => raw,
    ) {
      return tagged(
        (raw: unknown): Promise<ActionResult<R>> =>
          run(async () => {
            const ctx = await guard(...(guardArgs(raw) as A));
            return handler(parseInput(schema, prepare(raw)), ctx);
          }),
        kind,
      );
    },
    /** A form's action: guarded, then the form's values parsed, then `handler`. */
    form<V, S extends Schema, R>(options: FormOptions<V, S>, handler: (input: core.output<S>, ctx: C) => Promise<R>) {
      return tagged(async (_previous: FormState<R, V>, form: FormData): Promise<FormState<R, V>> => {
        const values = options.values(form);
        let scripted = true;
        const result = onField(
          await run(async () => {
            const ctx = await guard(...(guardArgs(undefined) as A));
            scripted = ctx.scripted;
            return handler(parseInput(options.schema, values), ctx);
          }),
          options.field,
        );
        if (result.ok && !scripted && options.redirectTo) redirect(options.redirectTo);
        const echoed = options.echo ? options.echo(values) : values;
        return echoed === undefined ? result : { ...result, values: echoed };
      }, kind);
    },
    /**
     * An action whose input needs no schema of its own (none, or a token the domain function
     * checks): guarded first, then `handler` with the arguments as passed.
     */
    call<P extends unknown[], R>(handler: (ctx: C, ...args: P) => Promise<R>, csrfOf?: (...args: P) => unknown) {
      return tagged(
        (...args: P): Promise<ActionResult<R>> =>
          run(async () => handler(await guard(...(guardArgs(csrfOf?.(...args)) as A)), ...args)),
        kind,
      );
    },
    /**
     * An action that shapes its own answer (onboarding's steps, sign-in's "try a different
     * e-mail"): it gets a runner that guards, then runs its body, answering as `.action` does.
     */
    raw<P extends unknown[], R>(
      action: (guarded: <T>(body: (ctx: C) => Promise<T>) => Promise<ActionResult<T>>, ...args: P) => Promise<R>,
    ) {
      const guarded = <T>(body: (ctx: C) => Promise<T>) =>
        run(async () => body(await guard(...(guardArgs(undefined) as A))));
      return tagged((...args: P) => action(guarded, ...args), kind);
    },
  };
}

/** The console's CSRF token, from an admin action's input (`{ csrfToken, ... }`, or the token itself). */
function guardArgs(raw: unknown): unknown[] {
  if (typeof raw === "string") return [raw];
  return [(raw as { csrfToken?: unknown } | null | undefined)?.csrfToken];
}

export const publicAction = client("public", () => requestContext());
export const userAction = client("user", () => requireUser());
export const adminAction = client("admin", (csrfToken: unknown) => requireAdmin(csrfToken));
