// The dashboard's Swap (issue 33): one exercise of one of today's breaks replaced by a different
// one that fills the same minutes, fits the user's preferences and limitations, is not marked "not
// for me", and keeps the break mostly movement. At most MAX_SWAPS_PER_BREAK per break per day (the
// count lives in the plan's slot, so a remade plan starts again); a done break keeps what the user
// did. The swap is written into the day's plan, so the dashboard, the guided break and every later
// read show it.
import type { Db } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { feedbackForPlans } from "@/lib/exercises/feedback";
import { MAX_SWAPS_PER_BREAK, SWAP_MESSAGES, type SwapView } from "@/lib/exercises/input";
import { pickReplacement, type Suggestion } from "@/lib/exercises/library";
import { feedbackSets, type Suggester } from "@/lib/exercises/suggest";
import { getSettings } from "@/lib/users/settings-store";
import { ensurePlan, planFingerprint, replacePlanSlot } from "./plan";
import { todaysBreak } from "./today";

export interface SwapDeps {
  db: Db;
  suggest: Suggester;
  now?: Date;
}

/** Tries again this often when another swap (another tab) changed the slot meanwhile. */
const ATTEMPTS = 3;

export async function swapExercise(
  { db, suggest, now = new Date() }: SwapDeps,
  userId: string,
  slot: number,
  index: number,
): Promise<SwapView> {
  const entry = await todaysBreak(db, userId, slot, now);
  if (entry.completed) throw new AppError(409, SWAP_MESSAGES.done);
  const view = await getSettings(db, userId);
  const settings = {
    prefs: view.movementPrefs,
    intensity: view.intensityLevel,
    durationMinutes: view.durationPreference,
  };
  const fingerprint = planFingerprint(settings);
  const said = (await feedbackForPlans(db, [userId])).get(userId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const plan = await ensurePlan({ db, suggest, now: () => now }, { userId, localDate: entry.localDate, settings });
    const current = plan[slot];
    if (!current) throw badRequest(SWAP_MESSAGES.index);
    if (index >= current.exercises.length) throw badRequest(SWAP_MESSAGES.index);
    const swaps = current.swaps ?? 0;
    if (swaps >= MAX_SWAPS_PER_BREAK) throw new AppError(409, SWAP_MESSAGES.limit);
    const replacement = pickReplacement({
      prefs: settings.prefs,
      intensity: settings.intensity,
      exercises: current.exercises,
      index,
      seed: `${userId}:${entry.localDate}:${slot}:${swaps}`,
      feedback: feedbackSets(said),
    });
    if (!replacement) throw new AppError(409, SWAP_MESSAGES.none);
    const next: Suggestion = {
      ...current,
      exercises: current.exercises.map((e, i) => (i === index ? replacement : e)),
      swaps: swaps + 1,
    };
    if (await replacePlanSlot(db, { userId, localDate: entry.localDate, fingerprint }, slot, current, next, now))
      return { slot, exercises: next.exercises, swapsLeft: MAX_SWAPS_PER_BREAK - next.swaps! };
  }
  throw new AppError(409, SWAP_MESSAGES.changed);
}
