// The break an e-mail link points at (the /done page and the guided break opened from the e-mail):
// checked with the signed token alone, no session. Reads only: opening a link changes nothing.
import { purposeKey } from "@/lib/platform/secret";
import type { Db } from "@/lib/db";
import { resolveDoneToken } from "@/lib/breaks/completion";
import type { Suggestion } from "@/lib/exercises/library";
import type { DoneClaim } from "@/lib/platform/link-tokens";
import { formatTime12 } from "@/lib/schedule/time";
import type { BreakExercise } from "./types";

export interface LinkBreak {
  claim: DoneClaim;
  /** The exercises the e-mail showed (else the day's plan for that slot). */
  exercises: BreakExercise[];
  durationMinutes: number;
  time: string | null;
  timeDisplay: string | null;
  completed: boolean;
}

function exercisesOf(s: unknown): BreakExercise[] | null {
  const value = typeof s === "string" ? (JSON.parse(s) as unknown) : s;
  const list = (value as Suggestion | null)?.exercises;
  return Array.isArray(list) && list.length > 0
    ? list.map(({ name, minutes, steps }) => ({ name, minutes, steps }))
    : null;
}

/** Throws the token's AppError (400 invalid or expired, 410 account gone). */
export async function readLinkBreak(db: Db, token: string, now = new Date()): Promise<LinkBreak> {
  const claim = await resolveDoneToken(db, token, purposeKey("email-links"), now);
  const [delivery, plan, settings, done] = await Promise.all([
    // Any channel's record of the break: e-mail and notification carry the same exercises.
    db.delivery.findFirst({ where: { ...claim, round: 0 }, orderBy: { channel: "asc" }, select: { suggestion: true } }),
    db.dailyPlan.findUnique({
      where: { userId_localDate: { userId: claim.userId, localDate: claim.localDate } },
      select: { slots: true, status: true },
    }),
    db.userSettings.findUnique({ where: { userId: claim.userId }, select: { times: true, durationPreference: true } }),
    db.breakRecord.findUnique({ where: { userId_localDate_slot: claim }, select: { completedAt: true } }),
  ]);
  const planSlots =
    plan?.status === "ready"
      ? typeof plan.slots === "string"
        ? (JSON.parse(plan.slots) as unknown)
        : plan.slots
      : null;
  const fromPlan = Array.isArray(planSlots) ? exercisesOf(planSlots[claim.slot]) : null;
  const time = settings?.times[claim.slot] ?? null;
  return {
    claim,
    exercises: exercisesOf(delivery?.suggestion) ?? fromPlan ?? [],
    durationMinutes: settings?.durationPreference ?? 5,
    time,
    timeDisplay: time ? formatTime12(time) : null,
    completed: !!done?.completedAt,
  };
}
