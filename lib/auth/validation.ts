// Sign-in rules without zod, so the login screen's browser code stays small. lib/auth/schemas.ts
// builds the server's zod schemas from these same messages and pattern: one place for both.

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const CODE_REQUIRED_MESSAGE = "Please enter the 6-digit verification code";
export const CODE_FORMAT_MESSAGE = "Code must be 6 digits";
export const EMAIL_MAX_LENGTH = 254;
export const CODE_LENGTH = 6;
/** zod 4's default e-mail pattern, named here so the browser check and the server schema agree. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const CODE_PATTERN = /^\d{6}$/;

export type Checked = { ok: true; value: string } | { ok: false; error: string };

/** The e-mail as the server reads it (trimmed, lower case), or the message to show. */
export function checkEmail(input: string): Checked {
  const value = input.trim().toLowerCase();
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return { ok: false, error: EMAIL_MESSAGE };
  return { ok: true, value };
}

/** The trimmed code, or the message to show (too short first, as the server reports it). */
export function checkCode(input: string): Checked {
  const value = input.trim();
  if (value.length < CODE_LENGTH) return { ok: false, error: CODE_REQUIRED_MESSAGE };
  if (!CODE_PATTERN.test(value)) return { ok: false, error: CODE_FORMAT_MESSAGE };
  return { ok: true, value };
}
