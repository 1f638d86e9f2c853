// The e-mail channel: each claimed delivery becomes a message (rendered once per distinct content,
// links filled in per user), the messages go to the mail port in one batch call, and each delivery
// is recorded from its own result. One delivery's fault stays its own: a message that cannot be
// built fails alone, and a mail port that throws (it should answer per message) is asked again one
// message at a time, so the others still go.
import type { MailMessage, SendResult } from "@/lib/mail";
import { formatTime12 } from "@/lib/schedule/time";
import type { Suggestion } from "@/lib/exercises/library";
import { MAX_SNOOZES } from "../snooze";
import { createBreakToken, createUnsubscribeToken } from "@/lib/platform/link-tokens";
import { jobKey, type Job } from "./candidates";
import { errorText, type DispatchConfig, type RunContext } from "./context";
import { markSent, recordFailure, recordRetryLater } from "./ledger";

/** Sends the e-mail deliveries of one batch; each one's outcome lands in `ctx.outcome`. */
export async function sendEmails(ctx: RunContext, batch: Job[], suggestionOf: (job: Job) => Suggestion) {
  if (batch.length === 0) return;
  // In the batch's order, so a retried batch is the same request (its idempotency key).
  const prepared = await Promise.all(
    batch.map(async (job) => {
      const suggestion = suggestionOf(job);
      try {
        return { job, suggestion, message: await prepare(job, suggestion, ctx) };
      } catch (error) {
        console.error(`[reminders] e-mail for ${job.userId} could not be built: ${errorText(error)}`);
        await fail(ctx, job, `could not build the e-mail: ${errorText(error)}`, suggestion);
        return null;
      }
    }),
  );
  const ready = prepared.filter((r) => r !== null);
  if (ready.length === 0) return;
  const results = await sendAll(
    ctx,
    ready.map((r) => r.message),
  );
  const sent: { id: string; providerId: string; suggestion: Suggestion }[] = [];
  for (const [k, r] of results.entries()) {
    const { job, suggestion } = ready[k]!;
    if (r.ok) {
      sent.push({ id: job.deliveryId, providerId: r.id, suggestion });
      ctx.outcome.set(jobKey(job), "sent");
      ctx.result.sent += 1;
    } else if (r.retryLater) {
      await recordRetryLater(ctx.db, job, r.error, suggestion);
      ctx.outcome.set(jobKey(job), "pending");
      ctx.result.skipped += 1;
    } else {
      await fail(ctx, job, r.error, suggestion);
    }
  }
  await markSent(ctx.db, sent, ctx.now);
}

/** One batch call; when the port throws, each message on its own (a throw is then that message's). */
async function sendAll(ctx: RunContext, messages: MailMessage[]): Promise<SendResult[]> {
  try {
    const results = await ctx.mail.sendBatch(messages);
    if (results.length === messages.length) return results;
    throw new Error(`the mail port answered ${results.length} results for ${messages.length} messages`);
  } catch (error) {
    console.error(`[reminders] the mail port failed on a batch (${errorText(error)}); sending one at a time`);
    return Promise.all(
      messages.map((m) =>
        ctx.mail.send(m).catch((e: unknown): SendResult => ({ ok: false, error: `send failed: ${errorText(e)}` })),
      ),
    );
  }
}

/** A failed attempt of `job`, with its outcome and count. */
export async function fail(ctx: RunContext, job: Job, error: string, suggestion?: Suggestion) {
  const state = await recordFailure(ctx.db, job, error, ctx.maxAttempts, suggestion);
  if (state === "failed") ctx.result.failed += 1;
  ctx.outcome.set(jobKey(job), state);
}

const DONE_PLACEHOLDER = "https://limber.invalid/__done__";
const SNOOZE_PLACEHOLDER = "https://limber.invalid/__snooze__";
const SKIP_PLACEHOLDER = "https://limber.invalid/__skip__";
const GUIDE_PLACEHOLDER = "https://limber.invalid/__guide__";
const UNSUBSCRIBE_PLACEHOLDER = "https://limber.invalid/__unsubscribe__";

function escapeHtml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

async function prepare(job: Job, suggestion: Suggestion, ctx: RunContext): Promise<MailMessage> {
  const { config, templates } = ctx;
  const timeDisplay = formatTime12(job.time);
  const snoozed = job.round > 0;
  const canSnooze = job.round < MAX_SNOOZES;
  const key = JSON.stringify([job.duration, timeDisplay, snoozed, canSnooze, suggestion]);
  let template = templates.get(key);
  if (!template) {
    template = ctx.render({
      durationMinutes: job.duration,
      exercises: suggestion.exercises,
      doneUrl: DONE_PLACEHOLDER,
      snoozeUrl: canSnooze ? SNOOZE_PLACEHOLDER : undefined,
      skipUrl: snoozed ? undefined : SKIP_PLACEHOLDER,
      guideUrl: GUIDE_PLACEHOLDER,
      snoozed,
      dashboardUrl: `${config.appUrl}/dashboard`,
      settingsUrl: `${config.appUrl}/settings`,
      unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
      timeDisplay,
      source: suggestion.source,
      appUrl: config.appUrl,
    });
    templates.set(key, template);
    // A template that failed to render is not kept: the next message with that content tries again.
    template.catch(() => templates.delete(key));
  }
  const rendered = await template;
  return message(job, rendered, config);
}

function message(job: Job, rendered: { subject: string; html: string; text: string }, config: DispatchConfig) {
  const claim = { userId: job.userId, localDate: job.localDate, slot: job.slot };
  const done = encodeURIComponent(createBreakToken("done", claim, job.scheduledAt, config.secret));
  const snooze = encodeURIComponent(createBreakToken("snooze", claim, job.scheduledAt, config.secret));
  const skip = encodeURIComponent(createBreakToken("skip", claim, job.scheduledAt, config.secret));
  const unsubscribe = encodeURIComponent(createUnsubscribeToken(job.userId, config.secret));
  const links: [string, string][] = [
    [DONE_PLACEHOLDER, `${config.appUrl}/done?t=${done}`],
    [SNOOZE_PLACEHOLDER, `${config.appUrl}/snooze?t=${snooze}`],
    [SKIP_PLACEHOLDER, `${config.appUrl}/skip?t=${skip}`],
    [GUIDE_PLACEHOLDER, `${config.appUrl}/break/${job.slot}?t=${done}`],
    [UNSUBSCRIBE_PLACEHOLDER, `${config.appUrl}/unsubscribe?t=${unsubscribe}`],
  ];
  const fill = (s: string, esc: (v: string) => string) =>
    links.reduce((out, [from, to]) => out.split(from).join(esc(to)), s);
  return {
    to: job.email,
    kind: "reminder" as const,
    subject: rendered.subject,
    html: fill(rendered.html, escapeHtml),
    text: fill(rendered.text, (v) => v),
    idempotencyKey: `reminder-${job.userId}-${job.localDate}-${job.slot}${job.round > 0 ? `-r${job.round}` : ""}`,
    headers: {
      "List-Unsubscribe": `<${config.appUrl}/api/unsubscribe?t=${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
