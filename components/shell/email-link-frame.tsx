import { LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { IntentLink } from "@/components/ui/intent-link";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PRODUCT_NAME } from "@/lib/brand";
import { PublicFrame } from "./public-frame";

/**
 * The frame of the pages an e-mail's links open without a session (/done, /snooze, /skip,
 * /unsubscribe; `wide` for the guided break, which needs the room): the public frame.
 */
export function EmailLinkFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <PublicFrame column={wide ? "wide" : "card"}>{children}</PublicFrame>;
}

/**
 * A link that cannot be used (bad, missing, expired, or for an account that is gone), with the
 * reason and the way home (the sign-in page, or the dashboard when signed in).
 */
export function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <div className="space-y-4">
      <Alert variant="destructive">
        <AlertTitle>
          <h1>{title}</h1>
        </AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <IntentLink href="/" className={buttonVariants({ variant: "outline" })}>
        Go to {PRODUCT_NAME}
      </IntentLink>
    </div>
  );
}

/**
 * The way from an e-mail link's page to the dashboard (through sign-in without a session): one
 * quiet link at the foot of every such card, before and after its button is pressed, so it never
 * competes with the page's own choices and is always in the same place (the review found it in
 * four styles: a filled button, an outline one in two widths and a text link).
 */
function OpenDashboard() {
  return (
    <IntentLink href="/dashboard" className={DASHBOARD_LINK}>
      Open Dashboard
    </IntentLink>
  );
}

const DASHBOARD_LINK = buttonVariants({ variant: "link", size: "lg", className: "w-full underline" });

/**
 * The one card of the e-mail link pages, asking (Skip Your 10:00 AM Break?) or saying what happened
 * (Break Skipped): an icon, the title, one line under it; the page's buttons; Open Dashboard at the
 * foot. `status` for a result, so a screen reader announces it when it replaces the question.
 */
export function LinkCard({
  icon: Icon,
  title,
  description,
  status = false,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  status?: boolean;
  /** The buttons (the main one first, full width), and what goes with them. */
  children?: ReactNode;
}) {
  return (
    <Card role={status ? "status" : undefined}>
      <CardHeader className="justify-items-center text-center">
        <Icon className="size-12 text-primary" aria-hidden="true" />
        <CardTitle>
          <h1 className="text-2xl">{title}</h1>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="space-y-5">{children}</CardContent>}
      {/* The link's own height is its padding: the card's would double the space under it. */}
      <div data-slot="card-footer" className="-mb-3 flex border-t px-6 pt-3">
        <OpenDashboard />
      </div>
    </Card>
  );
}

/** The link pages' buttons: the main one filled, the others outlined; each full width and tall. */
export const linkButton = {
  main: buttonVariants({ size: "lg", className: "w-full" }),
  other: buttonVariants({ variant: "outline", size: "lg", className: "w-full" }),
  /** Undo after a result: quiet, never the loudest thing under a success (third outside review). */
  quiet: buttonVariants({ variant: "ghost", size: "lg", className: "w-full text-muted-foreground" }),
};

/** The page's buttons, the main one first. */
export function LinkButtons({ children }: { children: ReactNode }) {
  return <div className="space-y-3">{children}</div>;
}

/**
 * What an e-mail link's button did (counted, skipped, snoozed, paused). `details` below the line in
 * the text's own colour (the "I did it" page's day count and streak); `actions`: what can still be
 * done about it (Undo).
 */
export function LinkResult({
  icon,
  title,
  children,
  details,
  actions,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  details?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <LinkCard icon={icon} title={title} description={children} status>
      {details || actions ? (
        <>
          {details}
          {actions && <LinkButtons>{actions}</LinkButtons>}
        </>
      ) : null}
    </LinkCard>
  );
}

/** The Undo of a link page's result (skip, pause): the same signed token, in its own <LinkAction>. */
export function LinkUndo({ token }: { token: string }) {
  return (
    <>
      <LinkActionError />
      <LinkActionForm token={token} className={linkButton.quiet} label="Undo" pendingLabel="Saving..." />
    </>
  );
}
