import { describe, expect, it } from "vitest";
import { regexes } from "zod";
import { codeInputClass, linkClass } from "@/components/auth/code-step";
import { loginCard, submitClass } from "@/components/auth/login-classes";
import { cardClasses } from "@/components/ui/card-classes";
import { buttonVariants, inputClasses } from "@/components/ui/classes";
import { codeSchema, requestCodeSchema, verifyCodeSchema } from "@/lib/auth/schemas";
import { CODE_FORMAT_MESSAGE, CODE_REQUIRED_MESSAGE } from "@/lib/auth/validation";
import { EMAIL_MESSAGE, EMAIL_PATTERN, emailSchema } from "@/lib/mail/address";
import { cn } from "@/lib/utils";

type Checked = { ok: true; value: string } | { ok: false; error: string };

/** What a shared schema says about an input: the value it keeps, or the first message. */
function check(schema: typeof emailSchema | typeof codeSchema, input: unknown): Checked {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, error: r.error.issues[0]!.message };
}

describe("the sign-in schemas the login form, its actions and the routes share", () => {
  it("uses zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
  });

  it.each([
    ["", false],
    [" ", false],
    ["not an email", false],
    ["a@b", false],
    ["a@b.c", false],
    ["a@example.com", true],
    ["first.last@sub.example.co.uk", true],
    ["o'brien@example.ie", true],
    [".dot@example.com", false],
    ["dot.@example.com", false],
    ["two..dots@example.com", false],
    ["a@-example.com", false],
    ["a@example.123", false],
    ["a b@example.com", false],
    ["ü@example.com", false],
    [`${"a".repeat(243)}@example.com`, false], // 255 characters
    [`${"a".repeat(242)}@example.com`, true], // 254 characters
  ])("e-mail %j valid: %s", (input, valid) => {
    expect(check(emailSchema, input)).toEqual(valid ? { ok: true, value: input } : { ok: false, error: EMAIL_MESSAGE });
  });

  it("reads an address trimmed and in lower case", () => {
    expect(check(emailSchema, "  Mixed.Case+tag@Example.COM  ")).toEqual({
      ok: true,
      value: "mixed.case+tag@example.com",
    });
  });

  it.each([
    ["", CODE_REQUIRED_MESSAGE],
    ["1", CODE_REQUIRED_MESSAGE],
    ["12345", CODE_REQUIRED_MESSAGE],
    ["1234567", CODE_FORMAT_MESSAGE],
    ["12a456", CODE_FORMAT_MESSAGE],
    ["abcdef", CODE_FORMAT_MESSAGE],
    ["12345678", CODE_FORMAT_MESSAGE],
  ])("code %j → %s", (input, message) => {
    expect(check(codeSchema, input)).toEqual({ ok: false, error: message });
  });

  it.each(["123456", " 123456 ", "000000"])("code %j is accepted, trimmed", (input) => {
    expect(check(codeSchema, input)).toEqual({ ok: true, value: input.trim() });
  });

  it("shows the spec's messages, for missing fields and wrong types too", () => {
    expect([EMAIL_MESSAGE, CODE_REQUIRED_MESSAGE, CODE_FORMAT_MESSAGE]).toEqual([
      "Please enter a valid email address",
      "Please enter the 6-digit verification code",
      "Code must be 6 digits",
    ]);
    for (const body of [{}, null, "x", { email: 5 }]) {
      expect(requestCodeSchema.safeParse(body).error?.issues[0]?.message).toBe(EMAIL_MESSAGE);
    }
    for (const body of [{}, null, { code: 123456 }]) {
      expect(verifyCodeSchema.safeParse(body).error?.issues[0]?.message).toBe(CODE_REQUIRED_MESSAGE);
    }
  });
});

describe("the login island's classes equal what the ui components produce with tailwind-merge", () => {
  const set = (s: string) => [...new Set(s.split(/\s+/).filter(Boolean))].sort();
  it.each([
    ["submit button", submitClass, cn(buttonVariants({ className: "w-full" }))],
    ["link button", linkClass, cn(buttonVariants({ variant: "link", className: "px-0" })).replace(/\s*px-0\b/, "")],
    // the code's large type at every width (the input's own md:text-sm would shrink it on a laptop)
    [
      "code input",
      codeInputClass,
      cn(inputClasses.replace(" md:text-sm", ""), "text-center font-mono text-2xl tracking-[0.5em]"),
    ],
    ["email input", inputClasses, cn(inputClasses)],
  ])("%s", (_name, island, merged) => {
    expect(set(island)).toEqual(set(merged));
  });
});

describe("the login card's own header and content classes are the card primitive's", () => {
  it.each(["header", "title", "description", "content"] as const)("%s", (part) => {
    const card = new Set(cardClasses[part].split(/\s+/));
    for (const c of loginCard[part].split(/\s+/)) expect(card, c).toContain(c);
  });
});
