import { describe, expect, it } from "vitest";
import { regexes } from "zod";
import { codeInputClass, linkClass, submitClass } from "@/components/auth/login-form";
import { buttonVariants, inputClasses } from "@/components/ui/classes";
import { codeSchema, emailSchema } from "@/lib/auth/schemas";
import {
  checkCode,
  checkEmail,
  CODE_FORMAT_MESSAGE,
  CODE_REQUIRED_MESSAGE,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  type Checked,
} from "@/lib/auth/validation";
import { cn } from "@/lib/utils";

/** What the server's zod schema says about the same input, in the browser check's shape. */
function server(schema: typeof emailSchema | typeof codeSchema, input: string): Checked {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, error: r.error.issues[0]!.message };
}

const EMAILS = [
  "",
  " ",
  "not an email",
  "a@b",
  "a@b.c",
  "a@example.com",
  "  Mixed.Case+tag@Example.COM  ",
  "first.last@sub.example.co.uk",
  "o'brien@example.ie",
  ".dot@example.com",
  "dot.@example.com",
  "two..dots@example.com",
  "a@-example.com",
  "a@example.123",
  "a b@example.com",
  "ü@example.com",
  `${"a".repeat(243)}@example.com`, // 255 characters
  `${"a".repeat(242)}@example.com`, // 254 characters
];

const CODES = ["", "1", "12345", "123456", " 123456 ", "1234567", "12a456", "abcdef", "12345678", "000000"];

describe("login checks in the browser match the server's schemas", () => {
  it("uses zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
  });

  it.each(EMAILS)("e-mail %j", (input) => {
    expect(checkEmail(input)).toEqual(server(emailSchema, input));
  });

  it.each(CODES)("code %j", (input) => {
    expect(checkCode(input)).toEqual(server(codeSchema, input));
  });

  it("shows the spec's messages", () => {
    expect(checkEmail("nope")).toEqual({ ok: false, error: "Please enter a valid email address" });
    expect(checkEmail(" A@Example.com ")).toEqual({ ok: true, value: "a@example.com" });
    expect(checkCode("123")).toEqual({ ok: false, error: "Please enter the 6-digit verification code" });
    expect(checkCode("1234567")).toEqual({ ok: false, error: "Code must be 6 digits" });
    expect([EMAIL_MESSAGE, CODE_REQUIRED_MESSAGE, CODE_FORMAT_MESSAGE]).toEqual([
      "Please enter a valid email address",
      "Please enter the 6-digit verification code",
      "Code must be 6 digits",
    ]);
  });
});

describe("the login island's classes equal what the ui components produce with tailwind-merge", () => {
  const set = (s: string) => [...new Set(s.split(/\s+/).filter(Boolean))].sort();
  it.each([
    ["submit button", submitClass, cn(buttonVariants({ className: "w-full" }))],
    ["link button", linkClass, cn(buttonVariants({ variant: "link", className: "w-full" }))],
    ["code input", codeInputClass, cn(inputClasses, "text-center font-mono text-2xl tracking-[0.5em]")],
    ["email input", inputClasses, cn(inputClasses)],
  ])("%s", (_name, island, merged) => {
    expect(set(island)).toEqual(set(merged));
  });
});
