// The weekly recap e-mail (issue 33): once per user and week, on Monday in the user's zone at or
// after their first break time (09:00 without one). Run by the cron route (app/api/cron/recap) and
// the internal scheduler (lib/scheduler). Exactly once: each (user, week) is claimed in recap_sends
// (unique key) before the send and marked sent or failed after, so a retry or a second instance
// never sends it twice; one user's failure is recorded and the run goes on with the others.
import { createElement } from "react";
import type { Db } from "@/lib/db";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getMailTransport, type MailTransport } from "@/lib/mail";
import { renderEmail, type RenderedEmail } from "@/lib/mail/templates/render";
import WeeklyRecapEmail, { weeklyRecapSubject, type WeeklyRecapEmailProps } from "@/lib/mail/templates/weekly-recap";
import { createRecapUnsubscribeToken } from "@/lib/platform/link-tokens";
import { purposeKey } from "@/lib/platform/secret";
import { resolveTimeZone } from "@/lib/schedule/time";
import { getRecap } from "./read";
import { isEmptyRecap, recapDueWeek, type WeekRecap } from "./week";

export interface RecapDispatchResult {
  /** Users whose recap for the week just ended was due and not yet handled. */
  due: number;
  sent: number;
  /** Nothing to recap (no breaks that week nor the week before), or another run had claimed it. */
  skipped: number;
  failed: number;
}

export interface RecapDeps {
  db: Db;
  mail: Pick<MailTransport, "send">;
  appUrl: string;
  /** Signs the unsubscribe link (purposeKey("email-links"), as the reminders). */
  secret: string;
  now: Date;
  pageSize?: number;
  render?: (props: WeeklyRecapEmailProps) => Promise<RenderedEmail>;
}

const MONTH_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const WEEKDAY_MONTH_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The e-mail's props from a recap (dates shown as the user's local dates). */
export function recapEmailProps(
  recap: WeekRecap,
  urls: { appUrl: string; unsubscribeUrl: string },
): WeeklyRecapEmailProps {
  const best = recap.bestDay;
  return {
    weekLabel: `${MONTH_DAY.format(noon(recap.weekStart))} – ${MONTH_DAY.format(noon(recap.weekEnd))}`,
    breaksDone: recap.breaksDone,
    minutesMoved: recap.minutesMoved,
    bestDay: best
      ? `${WEEKDAY_MONTH_DAY.format(noon(best.date))} (${best.breaksDone} ${best.breaksDone === 1 ? "break" : "breaks"})`
      : null,
    currentStreak: recap.currentStreak,
    change: recap.change,
    dashboardUrl: `${urls.appUrl}/dashboard`,
    historyUrl: `${urls.appUrl}/history`,
    settingsUrl: `${urls.appUrl}/settings`,
    unsubscribeUrl: urls.unsubscribeUrl,
    appUrl: urls.appUrl,
  };
}

export function renderWeeklyRecapEmail(props: WeeklyRecapEmailProps): Promise<RenderedEmail> {
  return renderEmail(weeklyRecapSubject(props.breaksDone), createElement(WeeklyRecapEmail, props));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Claims (user, week): true for the one run that inserted the row. */
async function claim(db: Db, userId: string, weekStart: string, status: "sending" | "skipped") {
  const { count } = await db.recapSend.createMany({ data: [{ userId, weekStart, status }], skipDuplicates: true });
  return count === 1;
}

async function sendOne(
  deps: RecapDeps,
  user: { userId: string; email: string },
  weekStart: string,
  result: RecapDispatchResult,
) {
  const { db, now } = deps;
  const recap = await getRecap(db, user.userId, { weekStart, now });
  if (isEmptyRecap(recap)) {
    // Recorded, so later runs this Monday do not read the week again.
    await claim(db, user.userId, weekStart, "skipped");
    result.skipped += 1;
    return;
  }
  if (!(await claim(db, user.userId, weekStart, "sending"))) {
    result.skipped += 1;
    return;
  }
  try {
    const token = encodeURIComponent(createRecapUnsubscribeToken(user.userId, deps.secret));
    const props = recapEmailProps(recap, {
      appUrl: deps.appUrl,
      unsubscribeUrl: `${deps.appUrl}/unsubscribe?t=${token}`,
    });
    const rendered = await (deps.render ?? renderWeeklyRecapEmail)(props);
    const sent = await deps.mail.send({
      to: user.email,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      idempotencyKey: `weekly-recap-${user.userId}-${weekStart}`,
      headers: {
        "List-Unsubscribe": `<${deps.appUrl}/api/unsubscribe?t=${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    if (!sent.ok) throw new Error(sent.error);
    await db.recapSend.update({
      where: { userId_weekStart: { userId: user.userId, weekStart } },
      data: { status: "sent", sentAt: new Date(), providerId: sent.id },
    });
    result.sent += 1;
  } catch (error) {
    result.failed += 1;
    console.error(`[recap] sending the weekly recap failed for one user: ${errorText(error)}`);
    await db.recapSend
      .update({
        where: { userId_weekStart: { userId: user.userId, weekStart } },
        data: { status: "failed", lastError: errorText(error) },
      })
      .catch(() => undefined);
  }
}

/**
 * One run: pages through the users who want the recap (set up, not paused, not turned off), keeps
 * those for whom it is Monday at or after their send time and whose week has no recap row yet,
 * and sends each theirs. Users deleted meanwhile have no settings row (cascade) and are not read.
 */
export async function dispatchRecaps(deps: RecapDeps): Promise<RecapDispatchResult> {
  const { db, now } = deps;
  const pageSize = deps.pageSize ?? 500;
  const result: RecapDispatchResult = { due: 0, sent: 0, skipped: 0, failed: 0 };
  let after = "";
  for (;;) {
    const page = await db.userSettings.findMany({
      where: { userId: { gt: after }, onboardingCompleted: true, weeklyRecapEmail: true, pauseEmails: false },
      select: { userId: true, timezone: true, times: true, user: { select: { email: true } } },
      orderBy: { userId: "asc" },
      take: pageSize,
    });
    if (page.length === 0) break;
    after = page.at(-1)!.userId;
    const due = page
      .map((row) => ({ row, weekStart: recapDueWeek(now, resolveTimeZone(row.timezone), row.times) }))
      .filter((d): d is { row: (typeof page)[number]; weekStart: string } => d.weekStart !== null);
    if (due.length > 0) {
      const handled = await db.recapSend.findMany({
        where: { OR: due.map((d) => ({ userId: d.row.userId, weekStart: d.weekStart })) },
        select: { userId: true, weekStart: true },
      });
      const done = new Set(handled.map((h) => `${h.userId}|${h.weekStart}`));
      for (const d of due) {
        if (done.has(`${d.row.userId}|${d.weekStart}`)) continue;
        result.due += 1;
        try {
          await sendOne(deps, { userId: d.row.userId, email: d.row.user.email }, d.weekStart, result);
        } catch (error) {
          // Reading this user's recap failed: counted, and the others still get theirs.
          result.failed += 1;
          console.error(`[recap] preparing the weekly recap failed for one user: ${errorText(error)}`);
        }
      }
    }
    if (page.length < pageSize) break;
  }
  return result;
}

/** The app's run (cron route and internal scheduler). */
export async function runRecapDispatch(now = new Date()): Promise<RecapDispatchResult> {
  return dispatchRecaps({
    db: await getDb(),
    mail: getMailTransport(),
    appUrl: env().appUrl,
    secret: purposeKey("email-links"),
    now,
  });
}
