// The e-mail's "Remind me in 15 minutes" page, rendered on the server; only the form and the result
// it leads to run in the browser (components/forms/link-action.tsx).
import { AlarmClock, AlarmClockCheck } from "lucide-react";
import { LinkAction, LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { LinkButtons, LinkCard, linkButton, LinkProblem, LinkResult } from "@/components/shell/email-link-frame";
import { snoozeBreak } from "@/lib/actions/snooze-break";
import { SnoozeSummary, SnoozeTitle } from "./snooze-result";

export type SnoozePageView =
  | { kind: "ok"; token: string; timeDisplay: string; alreadyWaiting: boolean; left: number }
  | { kind: "error"; message: string };

/** One click confirms the snooze (link scanners never click); the dashboard is the way out, at its foot. */
export function SnoozeForm({ view }: { view: SnoozePageView }) {
  if (view.kind === "error") {
    return <LinkProblem title="This Break Can't Be Snoozed" message={view.message} />;
  }

  const result = (
    <LinkResult icon={AlarmClockCheck} title={<SnoozeTitle />}>
      <SnoozeSummary />
    </LinkResult>
  );

  return (
    <LinkAction action={snoozeBreak} result={result}>
      <LinkCard
        icon={AlarmClock}
        // The heading says where things stand; the button says what it does.
        title={view.alreadyWaiting ? "Already Snoozed" : "Not a Good Moment to Move?"}
        description={
          view.alreadyWaiting
            ? `A reminder for your ${view.timeDisplay} break is already on its way.`
            : `We'll e-mail your ${view.timeDisplay} break again in about 15 minutes. You can do this ${view.left === 1 ? "once more" : "twice"} for this break.`
        }
      >
        <LinkActionError />
        <LinkButtons>
          <LinkActionForm
            token={view.token}
            className={linkButton.main}
            label={view.alreadyWaiting ? "Check My Reminder" : "Remind Me in 15 Minutes"}
            pendingLabel="Saving..."
          />
        </LinkButtons>
      </LinkCard>
    </LinkAction>
  );
}
