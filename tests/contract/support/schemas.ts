// The answers' shapes as the spec (§3, §7) and the README document them, written here and not
// imported from the app: a field renamed or dropped in the app fails the suite. Objects whose
// fields the docs fix exactly ("never the whole user row", "never the endpoint or keys") are strict.
import { expect } from "vitest";
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoInstant = z.iso.datetime({ offset: true });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const timeDisplay = z.string().regex(/^\d{1,2}:\d{2} (AM|PM)$/);
const rate = z.number().min(0).max(1).nullable();
const count = z.number().int().nonnegative();

/** Every refusal: `{ message }` and nothing internal. */
export const errorBody = z.object({ message: z.string().min(1) });

export const authUser = z.strictObject({ user: z.strictObject({ email: z.email() }) });
export const success = z.strictObject({ success: z.literal(true) });
export const successMessage = z.strictObject({ success: z.literal(true), message: z.string().min(1) });
export const failureMessage = z.strictObject({ success: z.literal(false), message: z.string().min(1) });
export const onboardingStatus = z.strictObject({ completed: z.boolean() });

export const settings = z.object({
  times: z.array(hhmm).min(1).max(2),
  activeDays: z.array(z.number().int().min(0).max(6)),
  durationPreference: z.union([z.literal(5), z.literal(10), z.literal(15)]),
  pauseEmails: z.boolean(),
  intensityLevel: z.enum(["low", "medium", "high"]),
  movementPrefs: z.string().max(200),
  timezone: z.string().min(1),
  channels: z.array(z.enum(["email", "push"])).min(1),
  moveWithinMinutes: z.number().int().min(0).max(180),
  resumeOn: isoDate.nullable(),
  /** Issue 33: the weekly recap e-mail (default on). */
  weeklyRecapEmail: z.boolean(),
});

/** Issue 33: "before-start", a break of the user's first day due before they joined and not done. */
const breakStatus = z.enum(["done", "skipped", "missed", "upcoming", "before-start"]);
const skipReason = z.enum(["user", "busy", "day-off"]).optional();
/** A break moved out of a meeting (a connected calendar): `time` is the new one, `plannedTime` the schedule's. */
const plannedTime = hhmm.optional();
const moved = z.literal("busy").optional();

export const dashboard = z.object({
  streakCount: count,
  /** Issue 33: streak freezes held (0-2) and the latest day one kept the streak. */
  streakFreezes: z.number().int().min(0).max(2),
  lastFrozenDate: isoDate.nullable(),
  completedToday: count,
  totalToday: count,
  schedule: z.array(
    z.object({
      time: hhmm,
      timeDisplay,
      completed: z.boolean(),
      slot: z.number().int().min(0).max(1),
      past: z.boolean(),
      status: breakStatus,
      skipReason,
      plannedTime,
      moved,
    }),
  ),
  localDate: isoDate,
  timezone: z.string(),
  isActiveDay: z.boolean(),
  emailsPaused: z.boolean(),
  noReminderDays: z.boolean(),
});

const exercise = z.object({ name: z.string().min(1), minutes: z.number().positive(), steps: z.array(z.string()) });

/** POST /api/user/breaks/{slot}/swap and the swapExercise action (issue 33). */
export const swapView = z.strictObject({
  slot: z.number().int().min(0).max(1),
  exercises: z.array(exercise).min(1).max(3),
  swapsLeft: z.number().int().min(0).max(2),
});
/** POST /api/user/exercises/feedback and the sendExerciseFeedback action (issue 33). */
export const exerciseFeedbackView = z.strictObject({
  name: z.string().min(1),
  verdict: z.enum(["not-for-me", "liked", "none"]),
  reason: z.enum(["hurts", "no-equipment", "too-easy", "too-hard"]).nullable(),
  updatedAt: isoInstant.nullable(),
});

export const today = z.object({
  localDate: isoDate,
  timezone: z.string(),
  breaks: z.array(
    z.object({
      slot: z.number().int().min(0).max(1),
      time: hhmm,
      timeDisplay,
      minutes: z.number().int().positive(),
      completed: z.boolean(),
      completedAt: isoInstant.nullable(),
      past: z.boolean(),
      status: breakStatus,
      skipReason,
      plannedTime,
      moved,
      exercises: z.array(exercise).min(1),
      source: z.enum(["ai", "library"]),
    }),
  ),
  reason: z.enum(["rest-day", "no-days"]).nullable(),
  nextBreak: z
    .object({
      slot: z.number().int(),
      at: isoInstant,
      localDate: isoDate,
      time: hhmm,
      timeDisplay,
      label: z.string().min(1),
    })
    .nullable(),
  emailsPaused: z.boolean(),
  resumeOn: isoDate.optional(),
});

export const completion = z.strictObject({ completedToday: count, totalToday: count, streakCount: count });
/** A count's answer also names the trophy that very count earned ("First Break"), else null. */
export const counted = completion.extend({ trophy: z.string().min(1).nullable() }).strict();
export const linkCompletion = counted.extend({ completed: z.boolean(), alreadyCompleted: z.boolean() }).strict();
/** The "I did it" page's Undo: the day's numbers without the count. */
export const linkUndo = completion.extend({ completed: z.literal(false) }).strict();
export const snoozeView = z.object({
  timeDisplay,
  remindAtDisplay: timeDisplay,
  remindAt: isoInstant,
  remaining: count,
});

export const skipLinkView = z.strictObject({ timeDisplay, skipped: z.boolean() });

export const history = z.object({
  days: z.array(
    z.object({
      date: isoDate,
      scheduled: count,
      completed: count,
      status: z.enum(["complete", "partial", "missed", "rest", "paused", "pending"]),
      /** Issue 33: a streak freeze was spent on this day. */
      frozen: z.literal(true).optional(),
    }),
  ),
  currentStreak: count,
  bestStreak: count,
  totals: z.object({ scheduled: count, completed: count }),
  byWeekday: z.array(rate).length(7),
  bySlot: z.array(rate),
  localDate: isoDate,
  timezone: z.string(),
  times: z.array(z.object({ time: hhmm, timeDisplay })),
});

export const dataExport = z.object({
  format: z.literal("limber-export"),
  version: z.number().int(),
  exportedAt: isoInstant,
  account: z.object({ email: z.email(), createdAt: isoInstant }),
  settings: settings.extend({ onboardingCompleted: z.boolean() }).nullable(),
  streak: z
    .object({ count, asOf: isoDate.nullable(), freezes: z.number().int().min(0).max(2), frozenDays: z.array(isoDate) })
    .nullable(),
  scheduleHistory: z.array(
    z.object({
      effectiveFrom: isoInstant.nullable(),
      times: z.array(hhmm),
      activeDays: z.array(z.number().int()),
      timezone: z.string(),
    }),
  ),
  breaks: z.array(
    z.strictObject({
      date: isoDate,
      slot: z.number().int(),
      completedAt: isoInstant.nullable(),
      skippedAt: isoInstant.optional(),
      skipReason: z.enum(["user", "busy", "day-off"]).optional(),
      // Only on a break moved out of a meeting: the local "HH:MM" and the instant its reminder goes.
      movedTo: hhmm.optional(),
      movedAt: isoInstant.optional(),
    }),
  ),
  reminders: z.array(
    z.object({
      date: isoDate,
      slot: z.number().int(),
      status: z.string(),
      scheduledAt: isoInstant,
      sentAt: isoInstant.nullable(),
      exercises: z.array(exercise),
    }),
  ),
  pausePeriods: z.array(z.object({ startedAt: isoInstant, endedAt: isoInstant.nullable() })),
  calendarFeed: z.object({ createdAt: isoInstant }).nullable(),
  // The connected calendar: busy times and days off only, never the secret address or an event's title.
  calendarSource: z
    .strictObject({
      connectedAt: isoInstant,
      lastReadAt: isoInstant.nullable(),
      status: z.enum(["ok", "error"]),
      busy: z.array(z.strictObject({ start: isoInstant, end: isoInstant })),
      daysOff: z.array(isoDate),
    })
    .nullable(),
  pushSubscriptions: z.array(
    z.object({ device: z.string(), endpoint: z.url(), createdAt: isoInstant, lastUsedAt: isoInstant.nullable() }),
  ),
  auditLog: z.array(z.object({ timestamp: isoInstant, action: z.string(), byYou: z.boolean() })),
  sessions: z.array(z.object({ createdAt: isoInstant, lastExtendedAt: isoInstant, expiresAt: isoInstant })),
  dailyPlans: z.array(z.object({ date: isoDate })),
  exerciseFeedback: z.array(
    z.strictObject({
      name: z.string().min(1),
      verdict: z.enum(["not-for-me", "liked"]),
      reason: z.enum(["hurts", "no-equipment", "too-easy", "too-hard"]).nullable(),
      updatedAt: isoInstant,
    }),
  ),
  snoozes: z.array(z.object({ date: isoDate, slot: z.number().int(), dueAt: isoInstant, status: z.string() })),
  auditLogByAddress: z.array(z.object({ timestamp: isoInstant, action: z.string() })),
});

export const calendarUrl = z.strictObject({ url: z.url() });
/** GET / PUT /api/user/calendar-source: how the connected calendar stands (never its address). */
export const calendarSourceView = z.strictObject({
  status: z.enum(["ok", "error"]),
  busyCount: count,
  checkedAt: isoInstant.nullable(),
  error: z.string().min(1).optional(),
});
export const calendarDisconnected = z.strictObject({ disconnected: z.literal(true) });
/** A refusal that names the field at fault (`{ message, fieldErrors }`). */
export const fieldRefusal = z.strictObject({
  message: z.string().min(1),
  fieldErrors: z.record(z.string(), z.string().min(1)),
});
export const publicKey = z.strictObject({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/) });
export const pushId = z.strictObject({ id: z.uuid() });
export const pushDevices = z.strictObject({
  devices: z.array(
    z.strictObject({ id: z.uuid(), name: z.string().min(1), createdAt: isoInstant, lastUsedAt: isoInstant.nullable() }),
  ),
});
export const testNotification = z.strictObject({ sent: z.number().int().positive() });

export const dispatchResult = z.strictObject({ due: count, sent: count, skipped: count, failed: count });
export const purgeResult = z.strictObject({
  auditLogs: count,
  rateLimits: count,
  auditIps: count,
  loginCodes: count,
  complete: z.boolean(),
});

export const adminUser = z.strictObject({
  id: z.string().min(1),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  timezone: z.string(),
  createdAt: isoInstant,
  pauseEmails: z.boolean(),
  onboarded: z.boolean(),
});
export const adminData = z.strictObject({
  totalUsers: count,
  activeUsers: count,
  users: z.array(adminUser),
  csrfToken: z.string().min(16),
  nextCursor: z.string().nullable(),
});
export const adminLogs = z.strictObject({
  logs: z.array(
    z.strictObject({
      id: z.string().min(1),
      timestamp: isoInstant,
      action: z.string().min(1),
      userId: z.string().nullable(),
      ipAddress: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const webManifest = z.object({
  name: z.string().min(1),
  short_name: z.string().min(1),
  start_url: z.literal("/dashboard"),
  display: z.literal("standalone"),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string() })).min(3),
});

/** A server action's typed result (lib/actions/types.ts). */
export function actionOk<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data });
}
/** An action that answers no data (`{ ok: true, data: undefined }`; Flight may drop the undefined key). */
export const actionDone = z.object({ ok: z.literal(true), data: z.undefined().optional() });
export const actionFailure = z.object({
  ok: z.literal(false),
  status: z.number().int().min(400).max(499),
  message: z.string().min(1),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
});

/** Asserts the value has the shape and returns it typed. */
export function shaped<T extends z.ZodType>(schema: T, value: unknown, what = "answer"): z.output<T> {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `${what} has the documented shape: ${parsed.error?.message}\n${JSON.stringify(value)}`).toBe(
    true,
  );
  return parsed.data as z.output<T>;
}
