// Signed links in reminder e-mails. "I did it" and "Remind me in 15 minutes" tokens are bound to
// user, local date and slot (and to their purpose: one never works as the other) and expire 48 hours
// after the break; unsubscribe tokens are bound to the user only (old e-mails keep working). None
// ever signs anyone in.
import { sign, verify } from "@/lib/auth/signing";

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

export type BreakLinkPurpose = "done" | "snooze";

export function createBreakToken(purpose: BreakLinkPurpose, claim: DoneClaim, scheduledAt: Date, secret: string): string {
  const payload: DonePayload = { u: claim.userId, d: claim.localDate, s: claim.slot, x: scheduledAt.getTime() + DONE_TOKEN_TTL_MS };
  return sign(payload, secret, purpose);
}

export function createDoneToken(claim: DoneClaim, scheduledAt: Date, secret: string): string {
  return createBreakToken("done", claim, scheduledAt, secret);
}

export type DoneTokenResult = { ok: true; claim: DoneClaim } | { ok: false; reason: "invalid" | "expired" };

export function readDoneToken(token: string, secret: string, now = new Date()): DoneTokenResult {
  return readBreakToken("done", token, secret, now);
}

export function readBreakToken(purpose: BreakLinkPurpose, token: string, secret: string, now = new Date()): DoneTokenResult {
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
