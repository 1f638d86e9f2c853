import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Brand } from "./logo";

/** The frame of the pages an e-mail's links open without a session (/done, /snooze, /unsubscribe). */
export function EmailLinkFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Brand />
      <main id="main" className="mt-8">
        {children}
      </main>
    </div>
  );
}

/** A link that cannot be used (bad, expired, or for an account that is gone), with the reason. */
export function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>
        <h1>{title}</h1>
      </AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
