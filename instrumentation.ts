// Runs once when a Next.js server starts. Only the Node.js server has work to do
// (instrumentation-node.ts); the branch keeps that code out of the Edge build.
import { isDatabaseUnavailable, markRequestClientError, markRequestDatabaseUnavailable } from "@/lib/errors";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).start();
}

/**
 * Every error Next.js could not answer itself (a page, route or action that threw), so `npm start`'s
 * server can answer with the right status (synchronously: the status is written after this returns).
 * A database outage is a 503. A server action that escaped Limber's action wrapper (runAction catches
 * everything an action itself throws) failed in Next.js's reading of the request: the client's body
 * was malformed (400) or over the limit (413).
 */
export function onRequestError(error: unknown, _request: unknown, context: { routeType?: string }) {
  if (isDatabaseUnavailable(error)) markRequestDatabaseUnavailable();
  else if (context?.routeType === "action")
    markRequestClientError((error as { statusCode?: unknown } | null)?.statusCode === 413 ? 413 : 400);
}
