// Typed errors whose text is safe to show to users, each with a machine-readable code. Anything
// else becomes a generic message: internal error text never reaches the browser. toPublicError()
// is the one place an error becomes what a route handler or a server action answers.

/** What kind of refusal or failure an answer is, for callers that branch on it (never shown). */
export type ErrorCode =
  | "bad_request"
  | "invalid_input"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "rate_limited"
  | "upstream_failed"
  | "unavailable"
  | "internal";

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  410: "gone",
  413: "too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "rate_limited",
  502: "upstream_failed",
  503: "unavailable",
};

export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    /** Shown to the user as `{ message }`. */
    readonly publicMessage: string,
    readonly extra: Record<string, unknown> = {},
    code?: ErrorCode,
  ) {
    super(publicMessage);
    this.name = "AppError";
    this.code = code ?? CODE_BY_STATUS[status] ?? "internal";
  }
}

/** One message per field, keyed by react-hook-form's field name ("email", "times.1", "root"). */
export type FieldErrors = Record<string, string>;

/**
 * Input that fails its schema: a 400 whose fields each carry their own message. 422: well-formed
 * input whose target cannot be used (a calendar address that answers with something else).
 */
export class InvalidInput extends AppError {
  constructor(
    readonly fieldErrors: FieldErrors,
    status: 400 | 422 = 400,
  ) {
    super(
      status,
      Object.values(fieldErrors)[0] ?? "Invalid request",
      {},
      status === 400 ? "invalid_input" : "unprocessable",
    );
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = "Not authenticated") => new AppError(401, message);
export const forbidden = (message = "Forbidden") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { retryAfterSeconds });

/** "1 minute", "12 minutes", "3 hours": how long a caller has to wait, for 429 messages. */
export function waitText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes > 90) return `${Math.ceil(minutes / 60)} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export const GENERIC_ERROR = "Something went wrong. Please try again.";
export const UNAVAILABLE_ERROR = "The service is temporarily unavailable. Please try again in a moment.";

/** An error as a caller may see it: the status, the code, and whitelisted text only. */
export interface PublicError {
  status: number;
  code: ErrorCode;
  message: string;
  fieldErrors?: FieldErrors;
  retryAfterSeconds?: number;
}

/**
 * What an error answers, for route handlers (lib/platform/http.ts) and server actions
 * (lib/actions/client.ts) alike: an AppError's own status, code and text; a database outage 503;
 * anything else a generic 500, its real text only in the server log (`where` names the caller).
 */
export function toPublicError(error: unknown, where: "api" | "action"): PublicError {
  if (error instanceof AppError) {
    const retry = error.extra.retryAfterSeconds;
    return {
      status: error.status,
      code: error.code,
      message: error.publicMessage,
      ...(error instanceof InvalidInput ? { fieldErrors: error.fieldErrors } : {}),
      ...(typeof retry === "number" ? { retryAfterSeconds: retry } : {}),
    };
  }
  if (isDatabaseUnavailable(error)) {
    console.error(`[${where}] database unavailable:`, error instanceof Error ? error.message : error);
    return { status: 503, code: "unavailable", message: UNAVAILABLE_ERROR, retryAfterSeconds: 5 };
  }
  console.error(`[${where}] unexpected error:`, error);
  return { status: 500, code: "internal", message: GENERIC_ERROR };
}

const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EPIPE|Connection terminated|connection (is )?closed|not currently accepting connections|terminating connection|the database system is (starting|shutting) up|too many clients|DatabaseNotReachable|P1001|P1017|timeout exceeded when trying to connect/i;

/**
 * The digest of a database outage, as Next.js hands it to error boundaries (app/error.tsx shows
 * its own words for it; the message of a server error never reaches the browser).
 */
export const DATABASE_UNAVAILABLE_DIGEST = "LIMBER_DATABASE_UNAVAILABLE";

/**
 * The database could not be reached. lib/db turns the driver's connection errors into this one, so
 * every caller (route, action, page) can tell an outage from a fault, and marks the request (see
 * markRequestDatabaseUnavailable) so `npm start`'s server answers a page that failed on it with 503.
 */
export class DatabaseUnavailableError extends Error {
  readonly digest = DATABASE_UNAVAILABLE_DIGEST;
  constructor(cause: unknown) {
    super("The database is unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/**
 * True for errors that mean the database cannot be reached (answer 503, not 500). Follows the
 * `cause` chain (Better Auth and Prisma wrap the driver's error) and Prisma's
 * `meta.driverAdapterError` (where a raw query's failure keeps the driver's).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const e = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    originalCode?: unknown;
    digest?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (e.digest === DATABASE_UNAVAILABLE_DIGEST) return true;
  const code = String(e.originalCode ?? e.code ?? "");
  // SQLSTATE 08xxx: connection exceptions; 57P0x: server shutting down; 53300: too many connections;
  // 55000 with "not currently accepting connections": the database is closed to new connections.
  if (/^(08\d{3}|57P0[1-3]|53300)$/.test(code)) return true;
  if (UNREACHABLE.test(`${String(e.name ?? "")} ${String(e.message ?? "")} ${code}`)) return true;
  return isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * The request being served, as `npm start`'s server (scripts/serve.mjs) shares it through globalThis:
 * Next.js answers every request that threw with 500, and the server corrects that status from what
 * the request met (absent elsewhere, e.g. on Vercel or in the scheduler: marking does nothing).
 */
interface RequestState {
  /** The database was away: 503 with Retry-After. */
  databaseUnavailable?: boolean;
  /** Next.js could not read the client's request (a malformed or oversized server action body). */
  clientErrorStatus?: 400 | 413;
}
const REQUEST_STATE = Symbol.for("limber.request-state");
const requestState = () =>
  (globalThis as { [REQUEST_STATE]?: { getStore(): RequestState | undefined } })[REQUEST_STATE]?.getStore();

/** Tells the server that this request met a database outage (a page that fails on it answers 503). */
export function markRequestDatabaseUnavailable() {
  const store = requestState();
  if (store) store.databaseUnavailable = true;
}

/** Tells the server that this request failed on the client's own input (answered 400 or 413, not 500). */
export function markRequestClientError(status: 400 | 413) {
  const store = requestState();
  if (store) store.clientErrorStatus = status;
}

/** The error to throw for `error`: an outage becomes DatabaseUnavailableError (and marks the request). */
export function asDatabaseError(error: unknown): unknown {
  if (!isDatabaseUnavailable(error)) return error;
  markRequestDatabaseUnavailable();
  return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
}
