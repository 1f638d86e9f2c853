import type { Metadata } from "next";
import { DoneScreen, type DoneView } from "@/components/done/done-screen";
import { Brand } from "@/components/shell/logo";
import { getAuthSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { resolveDoneToken } from "@/lib/reminders/complete";
import type { Suggestion } from "@/lib/reminders/library";
import { formatTime12 } from "@/lib/schedule/time";

export const metadata: Metadata = { title: "I did it", robots: { index: false } };

// Shows the break and one button; opening (or prefetching, or HEAD-ing) this page changes nothing.
export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw : "";
  let view: DoneView;
  try {
    const db = await getDb();
    const claim = await resolveDoneToken(db, token, getAuthSecret());
    const [delivery, settings, done] = await Promise.all([
      db.delivery.findUnique({ where: { userId_localDate_slot: claim }, select: { suggestion: true } }),
      db.userSettings.findUnique({ where: { userId: claim.userId }, select: { times: true, durationPreference: true } }),
      db.breakRecord.findUnique({ where: { userId_localDate_slot: claim }, select: { completedAt: true } }),
    ]);
    const suggestion = delivery?.suggestion as Suggestion | null;
    const time = settings?.times[claim.slot];
    view = {
      kind: "ok",
      token,
      exercises: suggestion?.exercises ?? [],
      durationMinutes: settings?.durationPreference ?? 5,
      timeDisplay: time ? formatTime12(time) : null,
      alreadyDone: !!done?.completedAt,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    view = { kind: "error", message: error.publicMessage };
  }
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Brand />
      <main id="main" className="mt-8">
        <DoneScreen view={view} />
      </main>
    </div>
  );
}
