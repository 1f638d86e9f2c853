// Typed errors whose text is safe to show to users. Anything else becomes a generic message:
// internal error text never reaches the browser.
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** Shown to the user as `{ message }`. */
    readonly publicMessage: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(publicMessage);
    this.name = "AppError";
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

const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EPIPE|Connection terminated|connection (is )?closed|not currently accepting connections|terminating connection|the database system is (starting|shutting) up|too many clients|DatabaseNotReachable|P1001|P1017|timeout exceeded when trying to connect/i;

/**
 * True for errors that mean the database cannot be reached (answer 503, not 500). Follows the
 * `cause` chain: Better Auth and Prisma wrap the driver's error.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const e = error as { name?: unknown; message?: unknown; code?: unknown; originalCode?: unknown; cause?: unknown };
  const code = String(e.originalCode ?? e.code ?? "");
  // SQLSTATE 08xxx: connection exceptions; 57P0x: server shutting down; 53300: too many connections.
  if (/^(08\d{3}|57P0[1-3]|53300)$/.test(code)) return true;
  if (UNREACHABLE.test(`${String(e.name ?? "")} ${String(e.message ?? "")} ${code}`)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
