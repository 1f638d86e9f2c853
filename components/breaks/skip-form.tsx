// The reminder e-mail's "Skip this break" page, rendered on the server; only the forms and the
// results they lead to run in the browser (components/forms/link-action.tsx).
import { LinkAction, LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { CalendarX2 } from "lucide-react";
import { LinkButtons, LinkCard, linkButton, LinkProblem } from "@/components/shell/email-link-frame";
import { IntentLink } from "@/components/ui/intent-link";
import { skipBreakFromLink } from "@/lib/actions/skip-break-link";
import { SkippedResult } from "./skip-result";

export type SkipPageView =
  | {
      kind: "ok";
      token: string;
      timeDisplay: string;
      skipped: boolean;
      /** Skipped, and Undo would take it back (the user's own skip, its window still open). */
      undoable: boolean;
      /** The /snooze page for the same break, while it can still be snoozed. */
      snoozeHref?: string;
    }
  | { kind: "error"; message: string };

/**
 * One click confirms the skip (link scanners never click); "later" is the other choice where it
 * still can be, and the dashboard the link pages' quiet way out. Once skipped, Undo takes it back.
 */
export function SkipForm({ view }: { view: SkipPageView }) {
  if (view.kind === "error") {
    return <LinkProblem title="This Break Can't Be Skipped" message={view.message} />;
  }

  if (view.skipped)
    return <SkippedResult token={view.token} timeDisplay={view.timeDisplay} already undoable={view.undoable} />;

  return (
    <LinkAction
      action={skipBreakFromLink}
      result={<SkippedResult token={view.token} timeDisplay={view.timeDisplay} already={false} undoable />}
    >
      <LinkCard
        icon={CalendarX2}
        // The time in a span of its own: the visual test masks it, not the whole heading.
        title={
          <>
            Skip Your <span>{view.timeDisplay}</span> Break?
          </>
        }
        description="No more reminders for it today, and your streak stays safe. Your other breaks go on as planned."
      >
        <LinkActionError />
        <LinkButtons>
          <LinkActionForm token={view.token} className={linkButton.main} label="Skip Break" pendingLabel="Saving..." />
          {view.snoozeHref ? (
            <IntentLink href={view.snoozeHref} className={linkButton.other}>
              Remind Me in 15 Minutes
            </IntentLink>
          ) : null}
        </LinkButtons>
      </LinkCard>
    </LinkAction>
  );
}
