// The results server actions return: plain data for the browser, whitelisted text only. Safe for
// client components to import (types only, no server code).
import type { ErrorCode, FieldErrors } from "@/lib/errors";

export type { FieldErrors };

export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      /** What kind of refusal it is (lib/errors.ts), for callers that branch on it. */
      code: ErrorCode;
      message: string;
      fieldErrors?: FieldErrors;
      retryAfterSeconds?: number;
    };

/**
 * What a form's action returns to useActionState: the result, and the values as submitted so a
 * page rendered without JavaScript shows them again (with the field errors) after a refusal.
 */
export type FormState<T = undefined, V = Record<string, unknown>> =
  { ok?: undefined; values?: V } | (ActionResult<T> & { values?: V });
