// The e-mail's "Pause my reminder e-mails" page, rendered on the server; only the form and the
// switch to its result run in the browser (components/forms/link-action.tsx).
import { BellOff, BellRing, MailX } from "lucide-react";
import type { ReactNode } from "react";
import { LinkAction, LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { LinkButtons, LinkCard, linkButton, LinkResult, LinkUndo } from "@/components/shell/email-link-frame";
import { IntentLink } from "@/components/ui/intent-link";
import { pauseEmails } from "@/lib/actions/pause-emails";
import { resumeEmails } from "@/lib/actions/resume-emails";

/** The one way back, said once, with its link. */
function TurnBackOn() {
  return (
    <>
      You can turn them back on in{" "}
      <IntentLink href="/settings" className="font-medium text-primary underline underline-offset-4">
        Settings
      </IntentLink>{" "}
      at any time.
    </>
  );
}

/**
 * What the link turned off, with an Undo for a click by mistake: the same signed token turns it
 * back on (a second form, in its own <LinkAction>, as on the skip page).
 */
function PausedWithUndo({
  token,
  title,
  children,
  undone,
}: {
  token: string;
  title: string;
  children: ReactNode;
  undone: { title: string; text: ReactNode };
}) {
  return (
    <LinkAction
      action={resumeEmails}
      result={
        <LinkResult icon={BellRing} title={undone.title}>
          {undone.text}
        </LinkResult>
      }
    >
      <LinkResult icon={BellOff} title={title} actions={<LinkUndo token={token} />}>
        {children}
      </LinkResult>
    </LinkAction>
  );
}

/** A person following the e-mail's link confirms with one click (scanners never click). */
export function UnsubscribeForm({ token, recap = false }: { token: string; recap?: boolean }) {
  if (recap) return <RecapUnsubscribeForm token={token} />;
  const result = (
    <PausedWithUndo
      token={token}
      title="Reminder Emails Are Paused"
      undone={{ title: "Reminder Emails Are Back On", text: "Your next reminder comes at its usual time." }}
    >
      Your breaks stay in the app. <TurnBackOn />
    </PausedWithUndo>
  );

  return (
    <LinkAction action={pauseEmails} result={result}>
      <LinkCard
        icon={MailX}
        title="Pause Reminder Emails"
        description={
          <>
            You will stop receiving movement-break reminders. <TurnBackOn />
          </>
        }
      >
        <LinkActionError />
        <LinkButtons>
          <LinkActionForm
            token={token}
            className={linkButton.main}
            label="Pause My Reminder Emails"
            pendingLabel="Pausing..."
          />
        </LinkButtons>
      </LinkCard>
    </LinkAction>
  );
}

/** The weekly recap's link (issue 33): turns off the recap e-mail only; reminders go on. */
function RecapUnsubscribeForm({ token }: { token: string }) {
  const result = (
    <PausedWithUndo
      token={token}
      title="The Weekly Recap Is Off"
      undone={{ title: "The Weekly Recap Is Back On", text: "Your next recap comes on Monday." }}
    >
      Your break reminders go on as before. You can turn the recap back on in{" "}
      <IntentLink href="/settings" className="font-medium text-primary underline underline-offset-4">
        Settings
      </IntentLink>{" "}
      at any time.
    </PausedWithUndo>
  );
  return (
    <LinkAction action={pauseEmails} result={result}>
      <LinkCard
        icon={MailX}
        title="Turn Off the Weekly Recap"
        description="You will stop receiving the Monday recap emails. Your break reminders are not changed."
      >
        <LinkActionError />
        <LinkButtons>
          <LinkActionForm
            token={token}
            className={linkButton.main}
            label="Turn Off the Weekly Recap"
            pendingLabel="Turning off..."
          />
        </LinkButtons>
      </LinkCard>
    </LinkAction>
  );
}
