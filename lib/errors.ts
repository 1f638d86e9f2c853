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

export const GENERIC_ERROR = "Something went wrong. Please try again.";
export const UNAVAILABLE_ERROR = "The service is temporarily unavailable. Please try again in a moment.";

/** True for errors that mean the database cannot be reached (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message} ${(error as { code?: string }).code ?? ""}` : "";
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|Connection terminated|connect ECONN|P1001|P1017|57P0[13]|the database system is (starting|shutting) up|DatabaseNotReachable|DriverAdapterError.*(ConnectionClosed|connection)/i.test(
    text,
  );
}
