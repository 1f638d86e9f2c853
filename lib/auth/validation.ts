// Sign-in rules: messages, lengths and patterns. lib/auth/schemas.ts builds the zod schemas that
// the login form (in the browser) and its actions and route handlers (on the server) share.

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const CODE_REQUIRED_MESSAGE = "Please enter the 6-digit verification code";
export const CODE_FORMAT_MESSAGE = "Code must be 6 digits";
export const EMAIL_MAX_LENGTH = 254;
export const CODE_LENGTH = 6;
/** zod 4's default e-mail pattern, named so that tests can pin it. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const CODE_PATTERN = /^\d{6}$/;
