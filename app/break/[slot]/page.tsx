import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound, redirect } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { GuidedBreak } from "@/components/breaks/guided-break";
import { EmailLinkFrame, LinkProblem } from "@/components/shell/email-link-frame";
import { FocusFrame } from "@/components/shell/focus-frame";
import { buttonVariants } from "@/components/ui/button";
import { getPageUser, redirectSignedOut } from "@/lib/auth/page-user";
import { readLinkBreak, type LinkBreak } from "@/lib/breaks/link";
import { BREAK_MESSAGES, getToday } from "@/lib/breaks/today";
import type { TodayView } from "@/lib/breaks/types";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TOKEN_MESSAGES } from "@/lib/breaks/completion";
import { appSuggester } from "@/lib/exercises/suggest";
import { isOnboardingComplete } from "@/lib/users/onboarding";

export const metadata: Metadata = { title: "Guided Break", robots: { index: false } };

// The guided break. Outside the (app) group because the e-mail's link opens it without a session:
// with a valid signed token it shows that break (nothing signs in; the token records it); else,
// signed in, today's break of this slot; else the login screen. For the signed-in owner of the
// break it is a focused, full-screen page (no app navigation, a way back to Today); a bare branded
// frame for anyone else (like /done).

function Frame({ children }: { children: ReactNode }) {
  return <EmailLinkFrame wide>{children}</EmailLinkFrame>;
}

function Shell({ children }: { children: ReactNode }) {
  return <FocusFrame>{children}</FocusFrame>;
}

function Problem({ title, message, next }: { title: string; message: string; next?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <LinkProblem title={title} message={message} />
      {next}
    </div>
  );
}

const storageKey = (localDate: string, slot: number) => `limber:break:${localDate}:${slot}`;

/** Today's break of this slot for the signed-in user, once the day's plan is there. */
async function SessionBreak({ today: pending, slot }: { today: Promise<TodayView>; slot: number }) {
  const today = await pending;
  const found = today.breaks.find((b) => b.slot === slot);
  if (!found) {
    // No weekday chosen at all: the way on is Settings, not the dashboard.
    const noDays = today.reason === "no-days";
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <h1 className="text-2xl font-bold tracking-tight">No Break to Take Right Now</h1>
        <p className="text-muted-foreground">
          {noDays
            ? "No reminder days are set, so no breaks are planned. Choose your days in Settings."
            : today.breaks.length === 0
              ? BREAK_MESSAGES.restDay
              : BREAK_MESSAGES.notToday}
          {today.nextBreak ? ` Your next break is ${today.nextBreak.label}.` : ""}
        </p>
        <IntentLink href={noDays ? "/settings" : "/dashboard"} className={buttonVariants({ size: "lg" })}>
          {noDays ? "Open Settings" : "Back to Dashboard"}
        </IntentLink>
      </div>
    );
  }
  return (
    <GuidedBreak
      storageKey={storageKey(today.localDate, slot)}
      minutes={found.minutes}
      localDate={today.localDate}
      timeDisplay={found.timeDisplay}
      exercises={found.exercises}
      alreadyDone={found.completed}
      completion={{ kind: "session", slot, time: found.time }}
      signedIn
    />
  );
}

/** How long the page waits for the day's plan before it streams in behind "Preparing" instead. */
const PLAN_WAIT_MS = 200;

/** Whether `promise` settles (either way) within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function Preparing() {
  return (
    <div className="mx-auto max-w-3xl space-y-4" aria-busy="true">
      <h1 className="text-2xl font-bold tracking-tight">Your Movement Break</h1>
      <p role="status" className="rounded-xl border bg-card p-6 text-muted-foreground shadow-sm">
        Preparing your exercises...
      </p>
    </div>
  );
}

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ slot: string }>;
  searchParams: Promise<{ t?: string | string[] }>;
}) {
  const { slot: rawSlot } = await params;
  if (rawSlot !== "0" && rawSlot !== "1") notFound();
  const slot = Number(rawSlot);
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw : "";
  const [db, user] = await Promise.all([getDb(), getPageUser()]);
  const onboarded = user ? await isOnboardingComplete(db, user.id) : false;

  if (token) {
    let found: LinkBreak | null = null;
    let problem = TOKEN_MESSAGES.invalid;
    try {
      found = await readLinkBreak(db, token);
      if (found.claim.slot !== slot) found = null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.publicMessage;
    }
    if (found) {
      const own = !!user && onboarded && user.id === found.claim.userId;
      const content = (
        <GuidedBreak
          storageKey={storageKey(found.claim.localDate, slot)}
          minutes={found.durationMinutes}
          localDate={found.claim.localDate}
          timeDisplay={found.timeDisplay}
          exercises={found.exercises}
          alreadyDone={found.completed}
          completion={{ kind: "token", token }}
          signedIn={own}
        />
      );
      // The break's owner, signed in here: the app around it; anyone else: the bare frame.
      return own ? <Shell>{content}</Shell> : <Frame>{content}</Frame>;
    }
    if (!user) {
      return (
        <Frame>
          <Problem
            title="This Link Can't Be Used"
            message={problem}
            next={
              <IntentLink href="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
                Sign In to See Today&apos;s Breaks
              </IntentLink>
            }
          />
        </Frame>
      );
    }
    // A stale link, but signed in: today's break of this slot, as without a token.
  }

  if (!user) return redirectSignedOut();
  if (!onboarded) redirect("/welcome");
  const today = getToday({ db, suggest: appSuggester() }, user.id);
  // Usually the day's plan is stored and this is one query: the page then comes whole, its
  // exercise painted with the first frame (a streamed boundary is revealed only in a later frame,
  // after the page's scripts). A plan still to be made (the model can take seconds) streams in.
  const content = <SessionBreak today={today} slot={slot} />;
  return (
    <Shell>
      {(await settlesWithin(today, PLAN_WAIT_MS)) ? content : <Suspense fallback={<Preparing />}>{content}</Suspense>}
    </Shell>
  );
}
