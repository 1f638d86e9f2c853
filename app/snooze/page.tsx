import type { Metadata } from "next";
import { SnoozeForm, type SnoozePageView } from "@/components/breaks/snooze-form";
import { EmailLinkFrame } from "@/components/shell/email-link-frame";
import { purposeKey } from "@/lib/platform/secret";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { checkSnooze, MAX_SNOOZES } from "@/lib/reminders/snooze";
import { formatTime12 } from "@/lib/schedule/time";

export const metadata: Metadata = { title: "Remind Me in 15 Minutes", robots: { index: false } };

// The e-mail's "Remind me in 15 minutes" opens this page; opening it (or a link scanner
// prefetching it) changes nothing. Its main button makes the request; the other opens the dashboard.
export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw : "";
  let view: SnoozePageView;
  try {
    const ctx = await checkSnooze(await getDb(), token, purposeKey("email-links"));
    const waiting = ctx.rounds.find((r) => r.status === "pending");
    view = {
      kind: "ok",
      token,
      timeDisplay: formatTime12(ctx.time),
      alreadyWaiting: !!waiting,
      left: MAX_SNOOZES - ctx.rounds.length,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    view = { kind: "error", message: error.publicMessage };
  }
  return (
    <EmailLinkFrame>
      <SnoozeForm view={view} />
    </EmailLinkFrame>
  );
}
