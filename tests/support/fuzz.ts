// fast-check arbitraries for request bodies the API must reject, with the oracles that keep them
// invalid by construction. A body is generated as the exact text sent on the wire; each route's
// oracle looks at what the server would parse from it ("" counts as {}), and anything that could
// pass validation is filtered out, so every generated case must be answered with a 4xx.
// The oracles are written from the documented rules, not by calling the app's own schemas.
import { createHmac } from "node:crypto";
import fc from "fast-check";

/** lib/http.ts: bodies longer than this are refused with 413 before they are parsed. */
export const BODY_CAP = 16 * 1024;

// ---------------------------------------------------------------------------------------------
// Generic junk

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "true",
  "[object Object]",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%2e%2e%2f",
  "\r\n",
  "\r\nSet-Cookie: a=b",
  "\uFEFF",
  "\u202Eevil",
  "\u200B",
  "\uD800",
  "\uDFFF\uD800",
  "🏃‍♀️💨",
  "𝕏𝕐",
  "e\u0301\u0301\u0301",
  "Z̸̡̢̛͎̗̞͉̜̹͌̈́̅̔͗a̴l̵g̷o̶",
  "\u0007\u0008\u001b[31m",
] as const;

/** Strings of 1,000 to ~20,000 UTF-16 units (some over the body cap on their own). */
export const hugeString = fc
  .tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }), fc.integer({ min: 1_000, max: 20_000 }))
  .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n));

export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "grapheme-composite" }),
  fc.string({ unit: "binary" }),
  fc.constantFrom(...NASTY_STRINGS),
  { arbitrary: hugeString, weight: 1 },
);

/** Any JSON-ish value: scalars, nested junk, arrays, objects. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 1e-7),
  junkString,
  fc.jsonValue(),
  fc.anything(),
  fc.object(),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.array(fc.anything(), { maxLength: 5 }),
);

export const notString = junkValue.filter((v) => typeof v !== "string");
export const notNumber = junkValue.filter((v) => typeof v !== "number");
export const notBoolean = junkValue.filter((v) => typeof v !== "boolean");
export const notArray = junkValue.filter((v) => !Array.isArray(v));

/** Text that is not JSON at all, or broken JSON. Some of it may happen to parse; the oracle decides. */
export const brokenJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "{",
    "}",
    "[",
    "{not json",
    "[1,2",
    "{'email':'ann@example.com'}",
    '{"email":}',
    '{"email":"ann@example.com",}',
    '{"code":"123456"',
    '{"csrfToken":',
    "undefined",
    "NaN",
    "Infinity",
    "-",
    "\uFEFF{}",
    "{}}",
    '{"a":1}{"b":2}',
    "nul",
    "tru",
    "/* comment */ {}",
    "// x\n{}",
    "\u0000",
    "{\u0000}",
    "email=ann@example.com",
    "List-Unsubscribe=One-Click",
    "<xml/>",
    "0x10",
    "01",
    '"unterminated',
    "[".repeat(5000),
    "{".repeat(5000),
  ),
  fc.string().map((s) => `{${s}`),
  fc.string({ unit: "binary" }),
  fc
    .jsonValue()
    .map((v) => JSON.stringify(v))
    .filter((t) => t.length > 1)
    .map((t) => t.slice(0, -1)),
);

/** JSON text of a value; what the Client would send for `body` (undefined sends nothing: ""). */
export function toText(v: unknown): string {
  try {
    return JSON.stringify(v) ?? "";
  } catch {
    return String(v);
  }
}

/** The body text as the handler reads it (see serverView). */
export const receivedText = (text: string) => text.toWellFormed().replace(/^\uFEFF/, "");

/**
 * What the server parses from `text`: the body goes over the wire as UTF-8 (a lone surrogate becomes
 * U+FFFD) and Request.text() drops a leading byte-order mark; then "" is {} (lib/http.ts). A parse
 * error or an oversized body is `ok: false`.
 */
export function serverView(text: string): { ok: true; value: unknown } | { ok: false } {
  const received = receivedText(text);
  if (received.length > BODY_CAP) return { ok: false };
  try {
    return { ok: true, value: received === "" ? {} : JSON.parse(received) };
  } catch {
    return { ok: false };
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The value of an own key (JSON.parse only makes own keys; `in` would see Object.prototype too). */
export const own = (o: Record<string, unknown>, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/**
 * Wire bodies for one route: targeted near-valid objects, generic junk, arrays instead of objects,
 * broken JSON and oversized bodies, minus anything `mayPass` says could be accepted.
 */
export function rejectedBodies(
  targeted: fc.Arbitrary<unknown>,
  mayPass: (parsed: unknown) => boolean,
): fc.Arbitrary<string> {
  const oversized = fc
    .tuple(targeted, fc.integer({ min: BODY_CAP + 1, max: 20_500 }), fc.constantFrom("x", "é", "😀", " "))
    .map(([obj, n, ch]) => {
      const pad = ch.repeat(Math.ceil(n / ch.length));
      // either a padding field next to the targeted ones, or whitespace around otherwise-fine JSON
      return ch === " " ? `${pad}${toText(obj)}` : toText(isPlainObject(obj) ? { ...obj, padding: pad } : [obj, pad]);
    });
  return fc
    .oneof(
      { weight: 8, arbitrary: targeted.map(toText) },
      { weight: 3, arbitrary: junkValue.map(toText) },
      { weight: 1, arbitrary: fc.array(targeted, { minLength: 1, maxLength: 3 }).map(toText) },
      {
        weight: 1,
        arbitrary: fc.constantFrom("null", "0", "1", "-1", "true", "false", '""', '"x"', "[]", "[{}]", "{}"),
      },
      { weight: 2, arbitrary: brokenJsonText },
      { weight: 1, arbitrary: oversized },
    )
    .filter((text) => {
      const parsed = serverView(text);
      return !(parsed.ok && mayPass(parsed.value));
    });
}

/** Adds up to 3 unknown keys (including prototype-ish names) around a targeted object. */
export function withExtraKeys(obj: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("__proto__", "constructor", "prototype", "id", "userId", "role", "isAdmin"),
  );
  return fc.tuple(fc.array(fc.tuple(key, fc.jsonValue()), { maxLength: 3 }), obj).map(([extra, o]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of extra)
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    for (const [k, v] of Object.entries(o))
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** Inserts `piece` into `s` at a position chosen by `at`. */
const insertAt = (s: string, piece: string, at: number) => {
  const i = at % (s.length + 1);
  return s.slice(0, i) + piece + s.slice(i);
};

const controlChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(
    "\u007f",
    "\u0085",
    "\u00a0",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2028",
    "\u2029",
    "\ufeff",
    "\ufffd",
    "\uD800",
  ),
);

// ---------------------------------------------------------------------------------------------
// E-mail addresses (request-code, send-test-email)

// Mirrors the format the API documents as valid (zod 4's z.email() pattern), after trim + lowercase,
// at most 254 characters. Anything else must be refused.
const EMAIL_RE =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export function mayBeValidEmail(v: unknown): boolean {
  if (typeof v !== "string") return false;
  const e = v.trim().toLowerCase();
  return e.length <= 254 && EMAIL_RE.test(e);
}

const BASE_EMAILS = ["ann@example.com", "a.b+tag@sub.example.org", "o'neil@example.co.uk"] as const;

export const badEmail: fc.Arbitrary<unknown> = fc.oneof(
  junkValue,
  fc.tuple(fc.constantFrom(...BASE_EMAILS), controlChar, fc.nat()).map(([e, c, i]) => insertAt(e, c, i)),
  fc.tuple(fc.constantFrom(...BASE_EMAILS), junkString, fc.nat()).map(([e, s, i]) => insertAt(e, s, i)),
  fc.constantFrom(
    "ann@example.com\r\nBcc: victim@example.com",
    "ann@example.com\nSubject: hi",
    "ann@example.com%0d%0aBcc:victim@example.com",
    "ann..b@example.com",
    ".ann@example.com",
    "ann.@example.com",
    "ann@-example.com",
    "ann@example.c",
    "ann@example..com",
    "ann@example.com.",
    "ann@localhost",
    "ann @example.com",
    "ann@exa mple.com",
    '"ann"@example.com',
    "ann@[127.0.0.1]",
    "ann@127.0.0.1",
    "<ann@example.com>",
    "Ann <ann@example.com>",
    "ann@example.com,bob@example.com",
    "ann@example.com;bob@example.com",
    "ann@@example.com",
    "ann@example@example.com",
    "ann@exämple.com",
    "ánn@example.com",
    "ann@example.com\u0000",
    "ann\u0000@example.com",
    "ann@xn--",
    "@example.com",
    "ann@",
    "ann",
    `${"a".repeat(245)}@example.com`,
    `ann@${"b".repeat(250)}.com`,
    "ann@example.com".repeat(20),
  ),
  fc.array(fc.constantFrom(...BASE_EMAILS), { minLength: 1, maxLength: 2 }),
  fc.constantFrom(...BASE_EMAILS).map((e) => ({ email: e })),
);

export function emailBodies(): fc.Arbitrary<string> {
  const targeted = fc.oneof(
    withExtraKeys(fc.record({ email: badEmail })),
    fc.constant({}),
    fc.constantFrom(...BASE_EMAILS).map((e) => ({ Email: e, mail: e, emails: [e] })),
    // an own "__proto__" key, as JSON.parse makes it: must not be read as the email field
    fc
      .constantFrom(...BASE_EMAILS)
      .map((e) => JSON.parse(`{"__proto__":{"email":${JSON.stringify(e)}}}`) as Record<string, unknown>),
  );
  return rejectedBodies(targeted, (p) => isPlainObject(p) && mayBeValidEmail(own(p, "email")));
}

// ---------------------------------------------------------------------------------------------
// Login codes (verify-code)

export function mayBeValidLoginCode(v: unknown): boolean {
  return typeof v === "string" && /^\d{6}$/.test(v.trim());
}

export const badLoginCode: fc.Arbitrary<unknown> = fc.oneof(
  junkValue,
  fc.integer({ min: 0, max: 999_999 }),
  fc.stringMatching(/^\d{1,5}$/),
  fc.stringMatching(/^\d{7,12}$/),
  fc.tuple(fc.stringMatching(/^\d{6}$/), controlChar, fc.nat()).map(([c, x, i]) => insertAt(c, x, i)),
  fc.constantFrom(
    "12345a",
    "１２３４５６",
    "٠١٢٣٤٥",
    "१२३४५६",
    "123 456",
    "123-456",
    "12345\u0000",
    "0x1234",
    "1e5000",
    "-12345",
    "+12345",
    "12345.",
    "123456123456",
    " 12345 ",
    "𝟏𝟐𝟑𝟒𝟓𝟔",
  ),
  fc.stringMatching(/^\d{6}$/).map((c) => [c]),
  fc.stringMatching(/^\d{6}$/).map((c) => ({ code: c })),
);

export function loginCodeBodies(): fc.Arbitrary<string> {
  const targeted = fc.oneof(
    withExtraKeys(fc.record({ code: badLoginCode })),
    fc.constant({}),
    fc.stringMatching(/^\d{6}$/).map((c) => ({ Code: c, otp: c })),
  );
  return rejectedBodies(targeted, (p) => isPlainObject(p) && mayBeValidLoginCode(own(p, "code")));
}

// ---------------------------------------------------------------------------------------------
// Schedule: times, days, timezones (setup, settings)

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isValidTimeText = (v: unknown) => typeof v === "string" && TIME_RE.test(v);

export function isKnownTimeZone(v: unknown): boolean {
  if (typeof v !== "string" || v === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: v });
    return true;
  } catch {
    return false;
  }
}
/** The API trims a zone and takes "" as UTC. */
const mayBeValidZone = (v: unknown) => typeof v === "string" && (v.trim() === "" || isKnownTimeZone(v.trim()));

const pad2 = (n: number) => String(n).padStart(2, "0");
export const validTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad2(h)}:${pad2(m)}`);

export const badTime: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    "24:00",
    "9:00",
    "12:60",
    "12:5",
    "1200",
    "12:00:00",
    " 12:00",
    "12:00 ",
    "12:00\u0000",
    "１２:００",
    "12：00",
    "-1:00",
    "+1:00",
    "12:0O",
    "٠٩:٠٠",
    "23:59\n",
    "00:00Z",
    "T12:00",
    "noon",
    "",
    "99:99",
    "12.00",
    "12h00",
    "0x1:00",
    "10:00 PM",
  ),
  fc.tuple(fc.integer({ min: 24, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([h, m]) => `${pad2(h)}:${pad2(m)}`),
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 60, max: 99 })).map(([h, m]) => `${pad2(h)}:${pad2(m)}`),
  fc.tuple(validTime, controlChar, fc.nat()).map(([t, c, i]) => insertAt(t, c, i)),
  junkValue,
);

export const validZone = fc.constantFrom(
  "UTC",
  "Europe/Paris",
  "America/Toronto",
  "Asia/Kolkata",
  "Pacific/Kiritimati",
  "",
);

export const badZone: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    "../../etc",
    "../../etc/passwd",
    "/etc/localtime",
    "Europe/../../etc",
    "Europe/Paris/../../../etc/passwd",
    "Mars/Olympus",
    "Not/AZone",
    "UTC\u0000",
    "Europe/Paris\u0000",
    "Etc/GMT+99",
    "GMT+25",
    "+25:00",
    "America/Toronto/",
    "Europe//Paris",
    "%2e%2e%2f",
    "file:///etc/passwd",
    "${TZ}",
    "UTC; DROP TABLE users;--",
    "Europe/Paris".repeat(100),
    "\u202EUTC",
    "ＵＴＣ",
    "U\u200BTC",
    "Asia/Kolkata\u200B",
    "Europe/Paris\u0085",
  ),
  fc.tuple(fc.constantFrom("UTC", "Europe/Paris"), controlChar, fc.nat()).map(([z, c, i]) => insertAt(z, c, i)),
  junkValue,
);

const badDay: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 7 }),
  fc.integer({ max: -1 }),
  fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom("1", "0", null, true, [], {}, 1e21, -0.5, 6.0000001, "Monday"),
  junkValue,
);

export const badDays: fc.Arbitrary<unknown> = fc.oneof(
  notArray,
  fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 8, maxLength: 60 }),
  fc.tuple(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 5 }), badDay).map(([ok, bad]) => [...ok, bad]),
);

const validTimesUpTo2 = fc.uniqueArray(validTime, { maxLength: 2 });

const badTimesList: fc.Arbitrary<unknown> = fc.oneof(
  notArray,
  fc.uniqueArray(validTime, { minLength: 3, maxLength: 30 }),
  validTime.map((t) => [t, t]),
  fc.tuple(fc.array(validTime, { maxLength: 1 }), badTime).map(([ok, bad]) => [...ok, bad]),
);

const tooLongPrefs = fc.oneof(
  fc.constantFrom(
    "x".repeat(201),
    "😀".repeat(201),
    `  ${"é".repeat(201)}  `,
    "\u0000".repeat(201),
    "a\u0301".repeat(101),
  ),
  fc.string({ unit: "grapheme", minLength: 201, maxLength: 400 }),
  fc.string({ unit: "binary", minLength: 201, maxLength: 400 }),
  hugeString,
);

/** The PUT /api/user/settings contract for one field (snake_case keys; see README / product spec). */
export const SETTINGS_FIELD_RULES: Record<string, (v: unknown) => boolean> = {
  times: (v) => Array.isArray(v) && v.length <= 2 && v.every(isValidTimeText) && new Set(v).size === v.length,
  // at least one day: zero is refused ("Select at least one day to receive reminders")
  active_days: (v) =>
    Array.isArray(v) &&
    v.length >= 1 &&
    v.length <= 7 &&
    v.every((d) => typeof d === "number" && Number.isInteger(d) && d >= 0 && d <= 6),
  duration_preference: (v) => typeof v === "number" && Number.isFinite(v),
  pause_emails: (v) => typeof v === "boolean",
  intensity_level: (v) => typeof v === "string",
  movement_prefs: (v) => typeof v === "string" && Array.from(v.trim()).length <= 200,
  timezone: mayBeValidZone,
};

export function mayBeValidSettings(p: unknown): boolean {
  if (!isPlainObject(p)) return false;
  return Object.entries(SETTINGS_FIELD_RULES).every(([k, ok]) => own(p, k) === undefined || ok(own(p, k)));
}

export function settingsBodies(): fc.Arbitrary<string> {
  // Each body has at least one field that is wrong, next to fields that alone would be fine.
  const bad = fc.oneof(
    fc.record({ times: badTimesList }),
    fc.record({ active_days: badDays }),
    fc.record({ duration_preference: notNumber }),
    fc.record({ pause_emails: notBoolean }),
    fc.record({ intensity_level: notString }),
    fc.record({ movement_prefs: fc.oneof(notString, tooLongPrefs) }),
    fc.record({ timezone: badZone }),
  );
  const good = fc.record(
    {
      times: validTimesUpTo2,
      active_days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
      duration_preference: fc.integer(),
      pause_emails: fc.boolean(),
      intensity_level: fc.constantFrom("low", "medium", "high", "extreme"),
      movement_prefs: fc.string({ maxLength: 50 }),
      timezone: validZone,
    },
    { requiredKeys: [] },
  );
  const targeted = withExtraKeys(fc.tuple(good, bad).map(([g, b]) => ({ ...g, ...b })));
  return rejectedBodies(targeted, mayBeValidSettings);
}

export function mayBeValidSetup(p: unknown): boolean {
  if (!isPlainObject(p)) return false;
  const times = own(p, "times");
  return (
    mayBeValidZone(own(p, "timezone")) &&
    Array.isArray(times) &&
    // one break a day or two (issue 33: setup offers Settings' "Reminders per day"), two distinct
    (times.length === 1 || times.length === 2) &&
    times.every(isValidTimeText) &&
    times[0] !== times[1] &&
    typeof own(p, "durationPreference") === "number" &&
    // the onboarding's later steps, optional: each as the settings call takes it
    (own(p, "activeDays") === undefined || SETTINGS_FIELD_RULES.active_days!(own(p, "activeDays"))) &&
    (own(p, "intensityLevel") === undefined || SETTINGS_FIELD_RULES.intensity_level!(own(p, "intensityLevel"))) &&
    (own(p, "movementPrefs") === undefined || SETTINGS_FIELD_RULES.movement_prefs!(own(p, "movementPrefs")))
  );
}

export function setupBodies(): fc.Arbitrary<string> {
  const targeted = withExtraKeys(
    fc.record(
      {
        timezone: fc.oneof(validZone, badZone),
        times: fc.oneof(
          fc.uniqueArray(validTime, { minLength: 2, maxLength: 2 }),
          badTimesList,
          fc.array(validTime, { maxLength: 1 }),
        ),
        durationPreference: fc.oneof(fc.constantFrom(5, 10, 15), notNumber),
      },
      { requiredKeys: [] },
    ),
  );
  // snake_case keys from the settings call are not the setup call's fields
  const wrongCase = validTime.map((t) => ({
    timezone: "UTC",
    times: [t],
    duration_preference: 5,
    Times: [t, "23:59"],
  }));
  return rejectedBodies(fc.oneof(targeted, wrongCase), mayBeValidSetup);
}

// ---------------------------------------------------------------------------------------------
// Secrets compared by the server: the admin code and the console's CSRF token

/** Near misses of a secret: whitespace inside, case, truncation, lookalikes, wrong nesting. */
export function nearMisses(secret: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc
      .tuple(controlChar, fc.integer({ min: 1, max: Math.max(1, secret.length - 1) }))
      .map(([c, i]) => secret.slice(0, i) + c + secret.slice(i)),
    fc.constantFrom(
      secret.slice(0, -1),
      secret.slice(1),
      `${secret}x`,
      `x${secret}`,
      secret.toUpperCase() === secret ? secret.toLowerCase() : secret.toUpperCase(),
      secret.repeat(2),
      `${secret}\u0000`,
      `\u0000${secret}`,
      `${secret}\u200b`,
      `${secret}\u0085`,
      secret.normalize("NFD") === secret ? `${secret}\u0301` : secret.normalize("NFD"),
      Buffer.from(secret).toString("base64"),
      encodeURIComponent(`${secret} `),
    ),
    fc.constant([secret]),
    fc.constant({ value: secret }),
    junkValue,
  );
}

// ---------------------------------------------------------------------------------------------
// "I did it" tokens (breaks/complete)

const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64url");
const mac = (secret: string, purpose: string, body: string) =>
  createHmac("sha256", secret).update(`${purpose}.${body}`).digest("base64url");
export const signed = (payload: unknown, secret: string, purpose = "done") => {
  const body = b64(payload);
  return `${body}.${mac(secret, purpose, body)}`;
};

/**
 * Independent check of the documented token rules: a "done" HMAC with the server secret, a claim
 * {u, d: YYYY-MM-DD, s: 0|1, x: expiry ms} that has not expired, for a user that exists.
 */
export function mayBeValidDoneToken(v: unknown, secret: string, userIds: ReadonlySet<string>): boolean {
  if (typeof v !== "string" || v.length < 10 || v.length > 1000) return false;
  const parts = v.split(".");
  if (parts.length !== 2) return false;
  const [body, sig] = parts as [string, string];
  if (!body || !sig) return false;
  // base64url decoding is lenient, so compare the decoded bytes (as a verifier must)
  if (!Buffer.from(sig, "base64url").equals(Buffer.from(mac(secret, "done", body), "base64url"))) return false;
  let p: unknown;
  try {
    p = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return false;
  }
  if (!isPlainObject(p)) return false;
  return (
    typeof p.u === "string" &&
    userIds.has(p.u) &&
    typeof p.d === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(p.d) &&
    (p.s === 0 || p.s === 1) &&
    typeof p.x === "number" &&
    p.x >= Date.now()
  );
}

export function doneTokenBodies(
  secret: string,
  victimId: string,
  existingIds: ReadonlySet<string>,
): fc.Arbitrary<string> {
  const future = () => Date.now() + 86_400_000;
  const claim = fc.record({
    u: fc.oneof(fc.constant(victimId), fc.uuid(), junkValue),
    d: fc.oneof(fc.constantFrom("2026-03-01", "2026-02-30", "9999-99-99", "2026-1-1", "../../x", ""), junkValue),
    s: fc.oneof(fc.constantFrom(0, 1, 2, -1, 0.5, 1e9), junkValue),
    x: fc.oneof(fc.constant(0), fc.constant(-1), fc.integer(), junkValue),
  });
  // well-formed, unexpired claims for users that do not exist (410), or with an out-of-range slot
  const strangerClaim = fc.record({
    u: fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 })),
    d: fc.constantFrom("2026-03-01", "2026-02-30", "0000-00-00"),
    s: fc.constantFrom(0, 1, 2),
    x: fc.integer({ min: 1, max: 365 }).map((days) => Date.now() + days * 86_400_000),
  });
  const token: fc.Arbitrary<unknown> = fc.oneof(
    junkValue,
    fc.string({ maxLength: 9 }),
    fc.string({ minLength: 1001, maxLength: 1200 }),
    fc.tuple(junkString, junkString).map(([a, b]) => `${a}.${b}`),
    // the victim's claim with a made-up MAC, a MAC from another secret, or another purpose's MAC
    fc
      .tuple(fc.base64String({ minLength: 4, maxLength: 60 }))
      .map(([m]) => `${b64({ u: victimId, d: "2026-03-01", s: 0, x: future() })}.${m}`),
    fc
      .string({ minLength: 32, maxLength: 40 })
      .map((wrong) => signed({ u: victimId, d: "2026-03-01", s: 0, x: future() }, `${wrong}!`)),
    fc
      .constantFrom("unsubscribe", "login", "done ", "Done", "")
      .map((purpose) => signed({ u: victimId, d: "2026-03-01", s: 0, x: future() }, secret, purpose)),
    // signed with the real secret but with claims the server never issues
    claim.map((c) => signed(c, secret)),
    strangerClaim.map((c) => signed(c, secret)),
    fc.constantFrom(null, 1, "x", [victimId], { u: victimId }).map((p) => signed(p, secret)),
    fc.constant(0).map(() => signed({ u: victimId, d: "2026-03-01", s: 0, x: Date.now() - 1000 }, secret)),
    // a genuine token, mangled
    fc.tuple(fc.constantFrom("trailing-dot", "extra-part", "swap", "space"), fc.constant(0)).map(([how]) => {
      const t = signed({ u: victimId, d: "2026-03-01", s: 0, x: future() }, secret);
      const [body, sig] = t.split(".") as [string, string];
      if (how === "trailing-dot") return `${t}.`;
      if (how === "extra-part") return `${t}.${sig}`;
      if (how === "swap") return `${sig}.${body}`;
      return ` ${body} . ${sig}`;
    }),
  );
  const targeted = fc.oneof(
    withExtraKeys(fc.record({ token })),
    fc.constant({}),
    fc.constant({ Token: "x".repeat(20) }),
  );
  return rejectedBodies(targeted, (p) => isPlainObject(p) && mayBeValidDoneToken(own(p, "token"), secret, existingIds));
}

// ---------------------------------------------------------------------------------------------
// Owner console query strings (cursor, action) and the logout's X-CSRF-Token header

/** Cursor-like junk: random text, base64url of junk JSON, tampered and truncated real cursors. */
export function badCursors(real: string): fc.Arbitrary<string> {
  const at = fc
    .date({ min: new Date(0), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString());
  return fc.oneof(
    junkString,
    fc.jsonValue().map(b64),
    fc
      .tuple(fc.constantFrom("logs", "users", "LOGS", ""), fc.oneof(at, junkString), fc.oneof(junkString, fc.uuid()))
      .map(b64),
    fc.tuple(at, fc.uuid()).map(b64),
    fc.constantFrom(
      real.slice(0, -1),
      real.slice(1),
      `${real}=`,
      `${real}.`,
      real.toUpperCase(),
      real.repeat(8),
      `${real} `,
    ),
    fc.tuple(controlChar, fc.nat()).map(([c, i]) => insertAt(real, c, i % real.length)),
  );
}

/** Anything but a known audit action: near misses (case, spaces, affixes) and junk. */
export function badActions(known: readonly string[]): fc.Arbitrary<string> {
  const k = fc.constantFrom(...known);
  return fc
    .oneof(
      k.map((a) => a.toUpperCase()),
      k.map((a) => a.replace(/_/g, " ")),
      k.map((a) => `${a} `),
      k.map((a) => `${a}\u0000`),
      fc.tuple(k, junkString).map(([a, j]) => a + j),
      junkString,
    )
    .filter((a) => a !== "" && !known.includes(a));
}

// ---------------------------------------------------------------------------------------------
// Forms posted to server actions (multipart form data: every value is text, or a file)

/** What a form field carries for a generated value: text as is, anything else as its JSON text. */
export const asText = (v: unknown) => (typeof v === "string" ? v : toText(v));

/** A value a browser could post in a field: text, or (rarely) a file where text belongs. */
export function posted(text: fc.Arbitrary<string>): fc.Arbitrary<string | File> {
  return fc.oneof(
    { weight: 12, arbitrary: text },
    { weight: 1, arbitrary: fc.constant(new File(["x"], "x.txt", { type: "text/plain" })) },
  );
}

// How the actions read a field: a file where text belongs reads as "" (lib/actions/form-data.ts),
// and text as FormData carries it, a lone surrogate replaced by U+FFFD (as a browser posts it too).
const read = (v: string | File) => (typeof v === "string" ? v.toWellFormed() : "");
/** A number field: trimmed text that Number() reads as finite. */
const numberText = (v: string | File) => read(v).trim() !== "" && Number.isFinite(Number(read(v).trim()));
/** A day checkbox's value: exactly one digit 0-6. */
const dayText = (v: string | File) => /^[0-6]$/.test(read(v));
const zoneText = (v: string | File) => mayBeValidZone(read(v));
const prefsText = (v: string | File) => {
  const t = read(v);
  return (
    Array.from(t.trim()).length <= 200 && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(t) && t.isWellFormed()
  );
};
/** A time: HH:MM (snapped to the 5-minute grid before it is checked). */
const timeText = (v: string | File) => isValidTimeText(read(v));

/** Whether a token verifies for any of the e-mail links' purposes (each refuses the others'). */
export function signedForAnyPurpose(token: string, secret: string): boolean {
  const [body, sig, ...rest] = token.split(".");
  if (!body || !sig || rest.length > 0) return false;
  return ["done", "snooze", "unsubscribe"].some((purpose) => mac(secret, purpose, body) === sig);
}
const snap = (t: string) => {
  const m = Math.round((Number(t.slice(0, 2)) * 60 + Number(t.slice(3))) / 5) * 5;
  return `${pad2(Math.floor(m / 60) % 24)}:${pad2(m % 60)}`;
};

export type FormFields = Record<string, string | File | (string | File)[]>;

/**
 * The Settings form (lib/actions/save-settings) with at least one field refused: a time that is
 * not HH:MM, two times equal once snapped, no day or a day that is not 0-6, more than 7 days, a
 * duration that is not a number, an unknown zone, preferences over 200 characters or with
 * control characters; the other fields fine. The oracle follows the form's documented reading.
 */
export function settingsForms(): fc.Arbitrary<FormFields> {
  const good: FormFields = {
    count: "2",
    "times.0": "09:00",
    "times.1": "16:00",
    active_days: ["1", "3"],
    duration_preference: "10",
    intensity_level: "low",
    movement_prefs: "standing desk",
    timezone: "Europe/Paris",
  };
  const bad = fc.oneof(
    fc.record({ "times.0": posted(badTime.map(asText)) }),
    fc.record({ "times.1": posted(badTime.map(asText)) }),
    validTime.map((t) => ({ "times.0": t, "times.1": snap(t) })),
    fc.record({ active_days: fc.constant([] as string[]) }),
    fc.record({ active_days: fc.array(posted(junkString), { minLength: 1, maxLength: 3 }) }),
    fc.record({
      active_days: fc.array(fc.constantFrom("0", "1", "2", "3", "4", "5", "6"), { minLength: 8, maxLength: 20 }),
    }),
    fc.record({ duration_preference: posted(junkString) }),
    fc.record({ timezone: posted(badZone.map(asText)) }),
    fc.record({ movement_prefs: posted(fc.oneof(tooLongPrefs, junkString)) }),
  );
  const refused = (f: FormFields) => {
    const one = (k: string) => (Array.isArray(f[k]) ? "" : (f[k] as string | File));
    const days = (Array.isArray(f.active_days) ? f.active_days : [f.active_days]) as (string | File)[];
    const t0 = one("times.0");
    const t1 = one("times.1");
    const times = [t0, t1];
    if (!times.every(timeText)) return true;
    if (snap(t0 as string) === snap(t1 as string)) return true;
    if (days.length === 0 || days.length > 7 || !days.every(dayText)) return true;
    return !numberText(one("duration_preference")) || !zoneText(one("timezone")) || !prefsText(one("movement_prefs"));
  };
  return bad.map((b) => ({ ...good, ...b })).filter(refused);
}

/** The onboarding form (lib/actions/complete-setup), posted as its last step, with a field refused. */
export function setupForms(): fc.Arbitrary<FormFields> {
  const good: FormFields = {
    step: "3",
    intent: "submit",
    "times.0": "09:00",
    "times.1": "16:00",
    activeDays: ["1", "3"],
    timezone: "Europe/Paris",
    durationPreference: "10",
    intensityLevel: "low",
    movementPrefs: "",
  };
  return settingsForms().map((f) => {
    const out: FormFields = { ...good };
    if ("times.0" in f) out["times.0"] = f["times.0"]!;
    if ("times.1" in f) out["times.1"] = f["times.1"]!;
    out.activeDays = f.active_days!;
    out.durationPreference = f.duration_preference!;
    out.timezone = f.timezone!;
    out.movementPrefs = f.movement_prefs!;
    return out;
  });
}

/** A FormData of generated fields (arrays as repeated fields). */
export function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  return form;
}
