// What every step of one run shares: the ports, the run's settings, its counters, and each
// delivery's outcome so far.
import type { Db } from "@/lib/db";
import type { Suggester } from "@/lib/exercises/suggest";
import type { MailTransport } from "@/lib/mail";
import type { PushTransport } from "@/lib/push/transport";
import type { renderReminderEmail, RenderedEmail } from "@/lib/mail/templates/render";
import type { Shard } from "../shard";
import type { Outcome } from "./ledger";

export interface DispatchConfig {
  appUrl: string;
  secret: string;
  windowMinutes?: number;
  maxAttempts?: number;
  leaseMs?: number;
  pageSize?: number;
  batchSize?: number;
}

export interface DispatchResult {
  due: number;
  sent: number;
  skipped: number;
  failed: number;
}

/** Renders a reminder e-mail (the mail capability's template, lib/mail/templates): a port like mail and push. */
export type ReminderRenderer = typeof renderReminderEmail;

export interface RunContext {
  db: Db;
  mail: MailTransport;
  render: ReminderRenderer;
  push: PushTransport | null;
  /** Makes the day's plan when the dispatch is the first to ask (lib/breaks/plan.ts). */
  suggest: Suggester;
  config: DispatchConfig;
  now: Date;
  /** Aborted when the process is stopping: sends under way finish, no new one starts. */
  signal?: AbortSignal;
  /** Only the users of this shard (lib/reminders/shard.ts). */
  shard: Shard;
  windowMs: number;
  maxAttempts: number;
  leaseMs: number;
  pageSize: number;
  batchSize: number;
  result: DispatchResult;
  /** Each delivery's state after this run, by jobKey. */
  outcome: Map<string, Outcome>;
  /**
   * Rendering is the costly step (~10 ms a message): e-mails with the same content are rendered
   * once per run with placeholder links, which are then filled in per user.
   */
  templates: Map<string, Promise<RenderedEmail>>;
}

/** An error's text for the deliveries table and the log (never shown to users). */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
