// The results server actions return: plain data for the browser, whitelisted text only. Safe for
// client components to import (types and tiny helpers, no server code).
import { ApiError } from "@/lib/api-client";

/** One message per field, keyed by react-hook-form's field name ("email", "times.1", "root"). */
export type FieldErrors = Record<string, string>;

export type ActionResult<T = undefined> =
  { ok: true; data: T } | { ok: false; status: number; message: string; fieldErrors?: FieldErrors; retryAfterSeconds?: number };

/**
 * What a form's action returns to useActionState: the result, and the values as submitted so a
 * page rendered without JavaScript shows them again (with the field errors) after a refusal.
 */
export type FormState<T = undefined, V = Record<string, unknown>> = { ok?: undefined; values?: V } | (ActionResult<T> & { values?: V });

/**
 * An action's data, or its refusal thrown as an ApiError (status and the server's message), for
 * callers that work with thrown errors (TanStack Query mutations, the dashboard's buttons).
 */
export async function unwrap<T>(pending: Promise<ActionResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.data;
  throw new ApiError(result.status, result.message, `${result.status}: ${JSON.stringify({ message: result.message })}`);
}
