// Helpers for reminder tests: users created straight in the database, and recording transports.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { MailMessage, MailTransport, SendResult } from "@/lib/mail";
import { rescheduleUser } from "@/lib/reminders/slots";

export interface TestUser {
  email?: string;
  times?: string[];
  activeDays?: number[];
  timezone?: string;
  prefs?: string;
  paused?: boolean;
  onboarded?: boolean;
  duration?: number;
}

export async function createUser(db: Db, u: TestUser = {}, now = new Date()) {
  const id = randomUUID();
  const email = u.email ?? `r-${id.slice(0, 8)}@example.com`;
  await db.user.create({ data: { id, email, emailVerified: true } });
  await db.userSettings.create({
    data: {
      userId: id,
      times: u.times ?? ["10:00", "15:00"],
      activeDays: u.activeDays ?? [0, 1, 2, 3, 4, 5, 6],
      timezone: u.timezone ?? "UTC",
      movementPrefs: u.prefs ?? "",
      pauseEmails: u.paused ?? false,
      onboardingCompleted: u.onboarded ?? true,
      durationPreference: u.duration ?? 5,
      createdAt: new Date(now.getTime() - 7 * 86_400_000),
    },
  });
  await rescheduleUser(db, id, now);
  return { id, email };
}

/** Records every message; `fail` decides per message whether the provider refuses it. */
export function memoryTransport(fail: (m: MailMessage) => string | null = () => null) {
  const sent: MailMessage[] = [];
  const attempts: MailMessage[] = [];
  const transport: MailTransport = {
    async send(m) {
      return (await transport.sendBatch([m]))[0]!;
    },
    async sendBatch(msgs) {
      return msgs.map((m): SendResult => {
        attempts.push(m);
        const error = fail(m);
        if (error) return { ok: false, error };
        sent.push(m);
        return { ok: true, id: `mem-${sent.length}` };
      });
    },
  };
  return { transport, sent, attempts };
}
