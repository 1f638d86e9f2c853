import { LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { IntentLink } from "@/components/ui/intent-link";
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
 * The way from an e-mail link's page to the dashboard (through sign-in without a session): the
 * result's one button, the secondary one under a page's main button (`stacked`: as wide and as
 * tall as that button), or (`quiet`) a text link under a page that already offers two choices, so
 * it does not compete with them.
 */
export function OpenDashboard({ stacked = false, quiet = false }: { stacked?: boolean; quiet?: boolean }) {
  return (
    <IntentLink
      href="/dashboard"
      className={buttonVariants(
        quiet
          ? { variant: "link", className: "w-full underline" }
          : stacked
            ? { variant: "outline", size: "lg", className: "w-full" }
            : { variant: "outline" },
      )}
    >
      Open Dashboard
    </IntentLink>
  );
}

/**
 * What an e-mail link's button did (counted, snoozed): announced, with the way to the dashboard.
 * `actions`: what can still be done about it (the skip page's Undo), above a quiet dashboard link.
 */
export function LinkResult({
  icon,
  title,
  children,
  details,
  actions,
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  /** Below the description, in the text's own colour (the "I did it" page's day count and streak). */
  details?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="text-center" role="status">
      <CardHeader className="items-center">
        {icon}
        <CardTitle>
          <h1 className="text-2xl">{title}</h1>
        </CardTitle>
        {children && <CardDescription>{children}</CardDescription>}
      </CardHeader>
      <CardContent className={actions || details ? "space-y-5" : undefined}>
        {details}
        {actions}
        <OpenDashboard quiet={!!actions} />
      </CardContent>
    </Card>
  );
}

/** The Undo of a link page's result (skip, pause): the same signed token, in its own <LinkAction>. */
export function LinkUndo({ token }: { token: string }) {
  return (
    <>
      <LinkActionError />
      <LinkActionForm
        token={token}
        className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
        label="Undo"
        pendingLabel="Saving..."
      />
    </>
  );
}
