// Shapes of the break calls (GET /api/user/today, the complete/undo calls), shared by the route
// handlers, the pages and the browser. Plain types only: safe to import from client components.
import type { BreakStatus, SkipReason } from "@/lib/schedule/today";

export type { BreakStatus, SkipReason };

export interface BreakExercise {
  name: string;
  minutes: number;
  steps: string[];
}

export interface TodayBreak {
  /** 0 = the first reminder time, 1 = the second. */
  slot: number;
  /** "HH:MM" */
  time: string;
  /** "10:00 AM" */
  timeDisplay: string;
  /** The break's length (the user's duration). */
  minutes: number;
  completed: boolean;
  /** ISO 8601, or null. */
  completedAt: string | null;
  /** Its time today has passed. */
  past: boolean;
  /**
   * done, skipped, missed (its reminder window went by undone) or upcoming; or "before-start"
   * (issue 33): on the user's first day, a break due before they joined and not done (neutral, not
   * counted; it can still be started or done).
   */
  status: BreakStatus | "before-start";
  /** Why it is skipped (status "skipped"): "Not today" ("user"), meetings ("busy") or a day off ("day-off"). */
  skipReason?: SkipReason;
  /** Moved out of a meeting: `time` is the new "HH:MM", this the schedule's. */
  plannedTime?: string;
  moved?: "busy";
  exercises: BreakExercise[];
  /** Who picked the exercises: a model ("ai") or the built-in exercise library. */
  source: "ai" | "library";
}

/**
 * Why today has no breaks: a day off, or no weekday chosen at all ("no-days": nothing is scheduled
 * and no e-mail will be sent). Pausing e-mails is not a reason: the app's breaks go on (TodayView.emailsPaused).
 */
export type NoBreaksReason = "rest-day" | "no-days";

export interface NextBreakView {
  slot: number;
  /** ISO 8601 instant. */
  at: string;
  /** The user's local date of that break, "YYYY-MM-DD". */
  localDate: string;
  time: string;
  timeDisplay: string;
  /** "today at 3:00 PM", "tomorrow at 10:00 AM" or "Monday at 10:00 AM". */
  label: string;
}

export interface TodayView {
  localDate: string;
  timezone: string;
  breaks: TodayBreak[];
  /** Set when `breaks` is empty: an inactive weekday, or no weekday at all. */
  reason: NoBreaksReason | null;
  /** The next break not yet done (paused or not: the breaks stay in the app); null when none is scheduled. */
  nextBreak: NextBreakView | null;
  /** Reminder e-mails are paused: only the e-mails stop. */
  emailsPaused: boolean;
  /** While paused with a resume day: the local day reminders start again by themselves. */
  resumeOn?: string;
}

/** Answer of POST and DELETE /api/user/breaks/{slot}/complete. */
export interface CompletionView {
  completedToday: number;
  totalToday: number;
  streakCount: number;
  /** The trophy this very count earned ("10 Breaks"), said once; absent from undo and skip answers. */
  trophy?: string | null;
}

/** Answer of POST /api/breaks/complete (the e-mail's signed token, no session). */
export interface LinkCompletionView extends CompletionView {
  completed: boolean;
  /** It was already counted (the call is idempotent). */
  alreadyCompleted: boolean;
}

/** Answer of DELETE /api/breaks/complete (the "I did it" page's Undo, with the same token). */
export interface LinkUndoView extends CompletionView {
  completed: false;
}
