// The skip page once the break is skipped (just now, or already): what that means and an Undo, which
// takes the skip back with the same signed token (a second form, in its own <LinkAction>). Rendered
// on the server like the page; only the forms run in the browser (components/forms/link-action.tsx).
import { CalendarCheck, CalendarOff } from "lucide-react";
import { LinkAction } from "@/components/forms/link-action";
import { LinkResult, LinkUndo } from "@/components/shell/email-link-frame";
import { unskipBreakFromLink } from "@/lib/actions/unskip-break-link";

export function SkippedResult({
  token,
  timeDisplay,
  already,
  undoable,
}: {
  token: string;
  timeDisplay: string;
  /** Opened again after the skip: says so, in the words it had before. */
  already: boolean;
  /** Undo would work (the user's own skip, its window still open): otherwise no dead button. */
  undoable: boolean;
}) {
  const undone = (
    <LinkResult icon={CalendarCheck} title="Skip Undone">
      Your <span>{timeDisplay}</span> break is back on today&apos;s plan.
    </LinkResult>
  );
  return (
    <LinkAction action={unskipBreakFromLink} result={undone}>
      <LinkResult
        icon={CalendarOff}
        title={already ? "Already Skipped" : "Break Skipped"}
        actions={undoable && <LinkUndo token={token} />}
      >
        Your <span>{timeDisplay}</span> break is skipped
        {already ? " for today. Your streak is safe." : ". No more reminders for it today, and your streak is safe."}
      </LinkResult>
    </LinkAction>
  );
}
