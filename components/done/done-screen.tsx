// The e-mail's "I did it" page, rendered on the server; only the form and the result it leads to
// run in the browser (components/forms/link-action.tsx).
import { CircleCheck, PartyPopper, PersonStanding, Timer, Undo2 } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { ExerciseList } from "@/components/breaks/exercise-list";
import {
  LinkButtons,
  LinkCard,
  linkButton,
  LinkProblem,
  LinkResult,
  LinkUndo,
} from "@/components/shell/email-link-frame";
import { LinkAction, LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { completeBreakFromLink } from "@/lib/actions/complete-break-link";
import { undoBreakFromLink } from "@/lib/actions/undo-break-link";
import { DoneSummary, DoneTitle, KeepDoneAnswer } from "./done-result";

export type DoneView =
  | {
      kind: "ok";
      token: string;
      slot: number;
      exercises: { name: string; minutes: number; steps: string[] }[];
      durationMinutes: number;
      timeDisplay: string | null;
      alreadyDone: boolean;
    }
  | { kind: "error"; message: string };

export function DoneScreen({ view }: { view: DoneView }) {
  if (view.kind === "error") {
    return <LinkProblem title="This Link Can't Be Used" message={view.message} />;
  }

  // Counted by mistake: Undo right here, with the same token (it sent the user to the dashboard).
  const undone = (
    <LinkResult icon={Undo2} title="Not Counted">
      This break is no longer counted. Tap &ldquo;I did it&rdquo; in the e-mail again once you&apos;ve moved.
    </LinkResult>
  );
  const result = (
    <KeepDoneAnswer>
      <LinkAction action={undoBreakFromLink} result={undone}>
        <LinkResult
          icon={PartyPopper}
          title={<DoneTitle />}
          details={<DoneSummary />}
          actions={<LinkUndo token={view.token} />}
        />
      </LinkAction>
    </KeepDoneAnswer>
  );

  return (
    // Inside <LinkAction> in both cases: a form posted without scripts lands on this page again, now
    // counted, and must show the action's answer (its result), not the "already counted" card.
    <LinkAction action={completeBreakFromLink} result={result}>
      {view.alreadyDone ? (
        // Counted already: no second "I did it"; the result's card, in the words of a second tap's
        // answer, and its Undo.
        <LinkAction action={undoBreakFromLink} result={undone}>
          <LinkResult icon={CircleCheck} title="Already Counted!" actions={<LinkUndo token={view.token} />}>
            This break is already counted.
          </LinkResult>
        </LinkAction>
      ) : (
        <LinkCard
          icon={PersonStanding}
          // Says first that the e-mail's tap did not count it yet (the page takes a tap so a mail
          // scanner opening the link counts nothing; the third review read it as counted already).
          title="One More Tap to Count It"
          description={`Your ${view.durationMinutes}-minute movement break${view.timeDisplay ? `, scheduled for ${view.timeDisplay}` : ""}.`}
        >
          <LinkActionError />
          {/* The tap that counts comes first (the review: on a phone it sat under both exercises'
            steps, below the fold, and the page read as instructions, not as a confirmation). */}
          <LinkButtons>
            <p className="text-center text-sm">Not counted yet: tap &ldquo;I did it&rdquo; to count it.</p>
            <LinkActionForm token={view.token} className={linkButton.main} label="I did it" pendingLabel="Saving..." />
            {/* Not done yet? The same break, one exercise at a time with a timer (same token, no
              sign-in), under the dashboard's name for it. */}
            <IntentLink href={`/break/${view.slot}?t=${encodeURIComponent(view.token)}`} className={linkButton.other}>
              <Timer aria-hidden="true" />
              Start Break
            </IntentLink>
          </LinkButtons>
          {view.exercises.length > 0 && (
            <section aria-labelledby="done-exercises" className="space-y-3 border-t pt-5">
              <h2 id="done-exercises" className="text-sm font-semibold text-muted-foreground">
                The Exercises
              </h2>
              <ExerciseList exercises={view.exercises} />
            </section>
          )}
        </LinkCard>
      )}
    </LinkAction>
  );
}
