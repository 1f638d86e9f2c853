// Signed links in reminder e-mails. "I did it", "Remind me in 15 minutes" and "Not today" tokens
// are bound to user, local date and slot (and to their purpose: one never works as the other) and
// expire 48 hours after the break; unsubscribe tokens are bound to the user only (old e-mails keep
// working). None ever signs anyone in.
import type { Db } from "@/lib/db";
import * as z from "@/lib/zod";
import type { AuditAction } from "./audit-actions";
import { enforce, MINUTE } from "./rate-limit";
import { sign, verify } from "./signing";

export const DONE_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

export interface DoneClaim {
  userId: string;
  localDate: string;
  slot: number;
}

interface DonePayload {
  u: string;
  d: string;
  s: number;
  x: number;
}

export type BreakLinkPurpose = "done" | "snooze" | "skip";

export function createBreakToken(
  purpose: BreakLinkPurpose,
  claim: DoneClaim,
  scheduledAt: Date,
  secret: string,
): string {
  const payload: DonePayload = {
    u: claim.userId,
    d: claim.localDate,
    s: claim.slot,
    x: scheduledAt.getTime() + DONE_TOKEN_TTL_MS,
  };
  return sign(payload, secret, purpose);
}

export function createDoneToken(claim: DoneClaim, scheduledAt: Date, secret: string): string {
  return createBreakToken("done", claim, scheduledAt, secret);
}

export type DoneTokenResult = { ok: true; claim: DoneClaim } | { ok: false; reason: "invalid" | "expired" };

export function readDoneToken(token: string, secret: string, now = new Date()): DoneTokenResult {
  return readBreakToken("done", token, secret, now);
}

export function readBreakToken(
  purpose: BreakLinkPurpose,
  token: string,
  secret: string,
  now = new Date(),
): DoneTokenResult {
  const p = verify<DonePayload>(token, secret, purpose);
  if (
    !p ||
    typeof p.u !== "string" ||
    typeof p.d !== "string" ||
    !/^\d{4}-\d{2}-\d{2}$/.test(p.d) ||
    !Number.isInteger(p.s) ||
    p.s < 0 ||
    p.s > 1 ||
    typeof p.x !== "number"
  ) {
    return { ok: false, reason: "invalid" };
  }
  if (p.x < now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claim: { userId: p.u, localDate: p.d, slot: p.s } };
}

export function createUnsubscribeToken(userId: string, secret: string): string {
  return sign({ u: userId }, secret, "unsubscribe");
}

export function readUnsubscribeToken(token: string, secret: string): string | null {
  const p = verify<{ u: string }>(token, secret, "unsubscribe");
  return p && typeof p.u === "string" ? p.u : null;
}

/** The weekly recap e-mail's unsubscribe (issue 33): turns off the recap only, never the reminders. */
export function createRecapUnsubscribeToken(userId: string, secret: string): string {
  return sign({ u: userId }, secret, "unsubscribe-recap");
}

export function readRecapUnsubscribeToken(token: string, secret: string): string | null {
  const p = verify<{ u: string }>(token, secret, "unsubscribe-recap");
  return p && typeof p.u === "string" ? p.u : null;
}

const LINK_LIMIT = { max: 60, windowMs: 10 * MINUTE };
const TOO_MANY_LINK_CHECKS = "Too many attempts. Please wait a few minutes and try again.";

/** `{ token }` of a link's page button, refused with `message` when it cannot be one. */
export function linkTokenSchema(message: string) {
  return z.object(
    { token: z.string({ error: message }).check(z.minLength(10, message), z.maxLength(1000, message)) },
    { error: message },
  );
}

/**
 * A link's token is the only credential (no session is read or created), so its checks are
 * limited per client address like every secret (60 per 10 minutes per kind of link).
 */
export async function limitLinkUse(db: Db, key: string, ip: string, action: AuditAction) {
  await enforce(db, [{ key: `${key}:${ip}`, ...LINK_LIMIT }], TOO_MANY_LINK_CHECKS, {
    audit: { action, ipAddress: ip },
  });
}
