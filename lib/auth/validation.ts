// Sign-in code rules: messages, lengths and patterns. lib/auth/schemas.ts builds the zod schemas
// that the login form (in the browser) and its actions and route handlers (on the server) share
// (the address's rule is lib/mail/address.ts).

export const CODE_REQUIRED_MESSAGE = "Please enter the 6-digit verification code";
export const CODE_FORMAT_MESSAGE = "Code must be 6 digits";
export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^\d{6}$/;
