import type { Metadata } from "next";
import { DoneScreen, type DoneView } from "@/components/done/done-screen";
import { EmailLinkFrame } from "@/components/shell/email-link-frame";
import { readLinkBreak } from "@/lib/breaks/link";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";

export const metadata: Metadata = { title: "I did it", robots: { index: false } };

// Shows the break and one button; opening (or prefetching, or HEAD-ing) this page changes nothing.
export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw : "";
  let view: DoneView;
  try {
    const found = await readLinkBreak(await getDb(), token);
    view = {
      kind: "ok",
      token,
      slot: found.claim.slot,
      exercises: found.exercises,
      durationMinutes: found.durationMinutes,
      timeDisplay: found.timeDisplay,
      alreadyDone: found.completed,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    view = { kind: "error", message: error.publicMessage };
  }
  return (
    <EmailLinkFrame>
      <DoneScreen view={view} />
    </EmailLinkFrame>
  );
}
