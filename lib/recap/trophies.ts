// Trophies (issue 33), pure: milestones computed from the history (the days as dayStatus judged
// them, the streak folded by advanceStreak: no second rule) and the dates of the breaks done.
// Once earned a trophy is kept (lib/recap/read.ts stores it), whatever the history shows later.
import type { HistoryStatus } from "@/lib/progress/history";
import { advanceStreak, type DayInfo, type StreakState } from "@/lib/progress/streak-rule";
import { addDays, localWeekday } from "@/lib/schedule/time";

export const TROPHIES = [
  { key: "first-break", title: "First Break", kind: "breaks", goal: 1 },
  { key: "streak-3", title: "3-Day Streak", kind: "streak", goal: 3 },
  { key: "streak-7", title: "7-Day Streak", kind: "streak", goal: 7 },
  { key: "breaks-10", title: "10 Breaks", kind: "breaks", goal: 10 },
  { key: "full-week", title: "First Full Week", kind: "week", goal: 1 },
  { key: "streak-30", title: "30-Day Streak", kind: "streak", goal: 30 },
  { key: "breaks-50", title: "50 Breaks", kind: "breaks", goal: 50 },
  { key: "breaks-100", title: "100 Breaks", kind: "breaks", goal: 100 },
  { key: "breaks-250", title: "250 Breaks", kind: "breaks", goal: 250 },
] as const;

export type TrophyKey = (typeof TROPHIES)[number]["key"];

/** The trophy a user's `count`-th break earns ("First Break", "10 Breaks"...), or null. */
export function breakCountTrophy(count: number) {
  return TROPHIES.find((t) => t.kind === "breaks" && t.goal === count) ?? null;
}
export const TROPHY_KEYS = TROPHIES.map((t) => t.key) as TrophyKey[];

export interface EarnedTrophy {
  key: TrophyKey;
  title: string;
  /** The user's local date it was earned. */
  earnedOn: string;
}

export interface NextTrophy {
  key: TrophyKey;
  title: string;
  progress: number;
  goal: number;
  /** "12 of 50 breaks", "2 of 7 days in a row", "Every break of a Monday-Sunday week". */
  progressText: string;
}

export interface Trophies {
  /** In the order they are listed (TROPHIES). */
  earned: EarnedTrophy[];
  /** The one to earn next (the closest to its goal; ties: list order), or null when all are earned. */
  next: NextTrophy | null;
  /** Every trophy still to earn with its progress: `next` first, then the rest in list order. */
  upcoming: NextTrophy[];
}

export interface TrophyInput {
  /** The local date of every break done, any order (the first 250 are enough). */
  doneDates: readonly string[];
  /** All breaks done ever (may exceed doneDates' length). */
  doneCount: number;
  /** History days, oldest first, consecutive: status as History shows it ("pending": today, unfinished). */
  days: readonly { date: string; status: HistoryStatus }[];
  /** The streak History shows. */
  currentStreak: number;
  /** Today, local. */
  today: string;
  /** Trophies kept from before: they stay earned on their date. */
  stored?: ReadonlyMap<string, string>;
}

/** Per-day facts that dayStatus classifies exactly as the status already given. */
function factsOf(date: string, status: Exclude<HistoryStatus, "pending">): DayInfo {
  const base = { date, pausedAllDay: false, pausedPartly: false };
  switch (status) {
    case "complete":
      return { ...base, scheduled: 1, completed: 1 };
    case "rest":
      return { ...base, scheduled: 0, completed: 0 };
    case "paused":
      return { ...base, scheduled: 1, completed: 0, pausedAllDay: true };
    case "partial":
      return { ...base, scheduled: 2, completed: 1 };
    case "missed":
      return { ...base, scheduled: 1, completed: 0 };
  }
}

/** The first date each streak length was reached within the days (folded by the streak rule). */
function streakDates(days: TrophyInput["days"], goals: readonly number[]): Map<number, string> {
  const reached = new Map<number, string>();
  let state: StreakState = { count: 0, asOf: null };
  for (const d of days) {
    if (d.status === "pending") continue;
    state = advanceStreak(state, [factsOf(d.date, d.status)]);
    for (const g of goals) if (state.count >= g && !reached.has(g)) reached.set(g, d.date);
  }
  return reached;
}

/** The Sunday ending the first Monday-Sunday week with every scheduled break done (and at least one). */
function firstFullWeek(days: TrophyInput["days"]): string | null {
  const byDate = new Map(days.map((d) => [d.date, d.status]));
  for (const d of days) {
    if (localWeekday(d.date) !== 1) continue;
    const week = Array.from({ length: 7 }, (_, i) => byDate.get(addDays(d.date, i)));
    if (week.some((s) => s === undefined || s === "pending")) continue;
    if (week.every((s) => s === "complete" || s === "rest") && week.includes("complete")) return addDays(d.date, 6);
  }
  return null;
}

export function computeTrophies(input: TrophyInput): Trophies {
  const stored = input.stored ?? new Map<string, string>();
  const dates = [...input.doneDates].sort();
  const streakGoals = TROPHIES.filter((t) => t.kind === "streak").map((t) => t.goal);
  const streaks = streakDates(input.days, streakGoals);
  const fullWeek = firstFullWeek(input.days);
  const best = Math.max(0, ...streaks.keys());
  const streakNow = Math.max(input.currentStreak, 0);

  const earned: EarnedTrophy[] = [];
  const toEarn: NextTrophy[] = [];
  let next: NextTrophy | null = null;
  let nextRatio = -1;
  for (const t of TROPHIES) {
    let on: string | null = stored.get(t.key) ?? null;
    let progress = 0;
    if (t.kind === "breaks") {
      progress = Math.min(input.doneCount, t.goal);
      on ??= input.doneCount >= t.goal ? (dates[t.goal - 1] ?? input.today) : null;
    } else if (t.kind === "streak") {
      progress = Math.min(Math.max(streakNow, best >= t.goal ? t.goal : 0), t.goal);
      // A streak longer than the days read (History's window) is still this long today.
      on ??= streaks.get(t.goal) ?? (streakNow >= t.goal ? input.today : null);
    } else {
      on ??= fullWeek;
      progress = on ? 1 : 0;
    }
    if (on) {
      earned.push({ key: t.key, title: t.title, earnedOn: on });
      continue;
    }
    const trophy = {
      key: t.key,
      title: t.title,
      progress,
      goal: t.goal,
      progressText: progressText(t.kind, progress, t.goal),
    };
    toEarn.push(trophy);
    const ratio = progress / t.goal;
    if (ratio > nextRatio) {
      nextRatio = ratio;
      next = trophy;
    }
  }
  return { earned, next, upcoming: next ? [next, ...toEarn.filter((t) => t !== next)] : [] };
}

function progressText(kind: "breaks" | "streak" | "week", progress: number, goal: number): string {
  if (kind === "breaks") return `${progress} of ${goal} ${goal === 1 ? "break" : "breaks"}`;
  if (kind === "streak") return `${progress} of ${goal} days in a row`;
  return "Every break of a Monday-Sunday week";
}
