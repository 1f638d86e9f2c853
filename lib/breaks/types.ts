// Shapes of the break calls (GET /api/user/today, the complete/undo calls), shared by the route
// handlers, the pages and the browser. Plain types only: safe to import from client components.

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
  exercises: BreakExercise[];
}

/** Why today has no breaks. */
export type NoBreaksReason = "rest-day" | "paused";

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
  /** Set when `breaks` is empty: an inactive weekday, or e-mails paused. */
  reason: NoBreaksReason | null;
  /** The next reminder; null while paused (nothing is scheduled). */
  nextBreak: NextBreakView | null;
}

/** Answer of POST and DELETE /api/user/breaks/{slot}/complete. */
export interface CompletionView {
  completedToday: number;
  totalToday: number;
  streakCount: number;
}

/** Answer of POST /api/breaks/complete (the e-mail's signed token, no session). */
export interface LinkCompletionView extends CompletionView {
  completed: boolean;
  /** It was already counted (the call is idempotent). */
  alreadyCompleted: boolean;
}
