// What to celebrate, if anything: the day's goal reached, or a streak milestone reached today.
// Pure and client-safe; the caller keeps the log (localStorage) so each moment shows once.

/** Streak lengths worth a moment of their own. */
export const STREAK_MILESTONES = [3, 7, 30, 100] as const;

export type Celebration = { kind: "streak"; days: number } | { kind: "goal"; total: number };

/** What was celebrated last: the local date of the last goal moment, and the last milestone with its date. */
export interface CelebrationLog {
  goal?: string;
  streak?: { days: number; date: string };
}

export interface DayProgress {
  completedToday: number;
  totalToday: number;
  /** The streak as the dashboard counts it: today is in it once today's breaks are all done. */
  streakCount: number;
  /** The user's local date, "YYYY-MM-DD". */
  localDate: string;
}

/**
 * The moment to show now, or null. Only once today's breaks are all done (the streak grows by
 * today then, so a milestone count on such a day is the day the milestone was reached); a
 * milestone outranks the day's goal; each shows once per local date, so undoing and redoing a
 * break, a reload or another page does not repeat it.
 */
export function decideCelebration(day: DayProgress, last: CelebrationLog): Celebration | null {
  const goal = day.totalToday > 0 && day.completedToday >= day.totalToday;
  if (!goal) return null;
  const milestone = (STREAK_MILESTONES as readonly number[]).includes(day.streakCount);
  const streakShown = last.streak?.days === day.streakCount && last.streak.date === day.localDate;
  if (milestone && !streakShown) return { kind: "streak", days: day.streakCount };
  if (last.goal === day.localDate || streakShown) return null;
  return { kind: "goal", total: day.totalToday };
}

/** The log after showing `shown` (a milestone counts as the day's goal moment too). */
export function recordCelebration(shown: Celebration, localDate: string, last: CelebrationLog): CelebrationLog {
  return shown.kind === "streak"
    ? { goal: localDate, streak: { days: shown.days, date: localDate } }
    : { ...last, goal: localDate };
}

const isDate = (x: unknown): x is string => typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x);

/** A stored log, read defensively (anything malformed is forgotten, which at worst repeats a moment). */
export function parseCelebrationLog(raw: unknown): CelebrationLog {
  let x: unknown = raw;
  if (typeof raw === "string") {
    try {
      x = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (!x || typeof x !== "object") return {};
  const o = x as Record<string, unknown>;
  const log: CelebrationLog = {};
  if (isDate(o.goal)) log.goal = o.goal;
  const s = o.streak as Record<string, unknown> | undefined;
  if (s && typeof s === "object" && Number.isInteger(s.days) && isDate(s.date))
    log.streak = { days: s.days as number, date: s.date };
  return log;
}

/** The words of a moment: a title and one line. */
export function celebrationText(c: Celebration): { title: string; body: string } {
  if (c.kind === "goal") {
    return {
      title: "Daily goal reached!",
      body: c.total === 1 ? "Today's break is done. Nice work." : `All ${c.total} breaks done today. Nice work.`,
    };
  }
  const body: Record<number, string> = {
    3: "Three days in a row. A habit is taking shape.",
    7: "A whole week of movement breaks. Keep it going!",
    30: "Thirty days of moving. It's part of your day now.",
    100: "One hundred days. That's a habit for life.",
  };
  return { title: `${c.days}-day streak!`, body: body[c.days] ?? `${c.days} days in a row. Keep it going!` };
}
