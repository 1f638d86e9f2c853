// The per-code attempt limit, held by the database. Better Auth's own check reads the count, takes
// the row away while it compares, then writes it back: parallel guesses either slip past the limit
// or are refused unchecked. Here every check first raises the code's `attempts` with one
// conditional UPDATE that returns the new count; only a check that got a slot compares the code,
// and only a matching code reaches Better Auth (which then signs in and spends the code).
// A code is bound to the browser that asked for it (`requester`, the hash of a nonce in that
// browser's login cookie): guesses from any other browser are not compared and use none of its tries.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "@/lib/db";

/** What Better Auth stores for a code ("hashed"): SHA-256, base64url without padding. */
export async function hashCode(code: string): Promise<string> {
  return createHash("sha256").update(code).digest("base64url");
}

/** Better Auth's identifier for a sign-in code sent to `email`. */
export function signInIdentifier(email: string): string {
  return `sign-in-otp-${email}`;
}

export type AttemptOutcome =
  /** No live code to count against (none, or expired): Better Auth gives the answer. */
  | "none"
  | "expired"
  /** The code's tries are used up. */
  | "burned"
  /** The live code was asked for by another browser: nothing was compared. */
  | "elsewhere"
  | "wrong"
  | "match";

/** The stored form of a login cookie's nonce (the `requester` column). */
export function requesterHash(nonce: string): string {
  return createHash("sha256").update(nonce).digest("base64url");
}

/** Marks the code Better Auth just stored (by its hash) as asked for by this browser. */
export async function bindCode(db: Db, email: string, codeHash: string, nonce: string) {
  await db.$executeRawUnsafe(
    `UPDATE "verifications" SET "requester" = $3 WHERE "identifier" = $1 AND split_part("value", ':', 1) = $2`,
    signInIdentifier(email),
    codeHash,
    requesterHash(nonce),
  );
}

export async function checkCodeAttempt(
  db: Db,
  email: string,
  code: string,
  maxAttempts: number,
  now = new Date(),
  nonce?: string,
): Promise<AttemptOutcome> {
  const identifier = signInIdentifier(email);
  const requester = nonce === undefined ? null : requesterHash(nonce);
  // The newest row is the live code (Better Auth reads the same one). A row without a requester
  // (stored before codes were bound) is anyone's.
  const rows = await db.$queryRawUnsafe<{ value: string }[]>(
    `UPDATE "verifications" SET "attempts" = "attempts" + 1
     WHERE "id" = (SELECT "id" FROM "verifications" WHERE "identifier" = $1 ORDER BY "createdAt" DESC, "id" DESC LIMIT 1)
       AND "expiresAt" > ($2::timestamptz AT TIME ZONE 'UTC') AND "attempts" < $3
       AND ("requester" IS NULL OR "requester" = $4)
     RETURNING "value"`,
    identifier,
    now.toISOString(),
    maxAttempts,
    requester,
  );
  const row = rows[0];
  if (!row) {
    const latest = await db.verification.findFirst({
      where: { identifier },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { expiresAt: true, attempts: true, requester: true },
    });
    if (!latest) return "none";
    if (latest.expiresAt <= now) return "expired";
    if (latest.requester !== null && latest.requester !== requester) return "elsewhere";
    return "burned";
  }
  // Better Auth appends ":<its own attempt count>" after a wrong guess it checked itself.
  const stored = row.value.replace(/:\d*$/, "");
  const given = await hashCode(code);
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b) ? "match" : "wrong";
}
