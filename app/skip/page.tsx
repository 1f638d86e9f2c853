import type { Metadata } from "next";
import { SkipForm, type SkipPageView } from "@/components/breaks/skip-form";
import { EmailLinkFrame } from "@/components/shell/email-link-frame";
import { checkSkipLink } from "@/lib/breaks/skip";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { snoozeTokenFor } from "@/lib/reminders/snooze";

export const metadata: Metadata = { title: "Skip This Break", robots: { index: false } };

// The reminder e-mail's "Skip this break" link opens this page; opening it (or a link scanner
// prefetching it) changes nothing. Its main button skips; "Remind Me in 15 Minutes" opens the
// snooze page for the same break (signed here, offered only while the snooze page would take it).
export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw : "";
  let view: SkipPageView;
  try {
    const db = await getDb();
    const { claim, at, undoable, view: found } = await checkSkipLink(db, token);
    const snooze = found.skipped ? null : await snoozeTokenFor(db, claim, at);
    view = {
      kind: "ok",
      token,
      ...found,
      undoable,
      ...(snooze ? { snoozeHref: `/snooze?t=${encodeURIComponent(snooze)}` } : {}),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    view = { kind: "error", message: error.publicMessage };
  }
  return (
    <EmailLinkFrame>
      <SkipForm view={view} />
    </EmailLinkFrame>
  );
}
