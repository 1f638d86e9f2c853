// The public frame for the signed-in pages outside the app shell: /welcome (one task to finish, no
// navigation; Logout, and the owner's Console link) and /owner-unlock (Close, back to Today). The
// session is still re-checked when the page is shown again (AuthGate), as in the app shell.
import { ShieldCheck, X } from "lucide-react";
import type { ReactNode } from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { AuthGate } from "./auth-gate";
import { FrameLogout } from "./frame-logout";
import { PublicFrame } from "./public-frame";

const action =
  "inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function SignedInFrame({
  children,
  console = false,
  logout = false,
  close = false,
}: {
  children: ReactNode;
  /** The owner's link to the console (the spec's special user). */
  console?: boolean;
  logout?: boolean;
  /** A Close link back to Today. */
  close?: boolean;
}) {
  return (
    <AuthGate>
      <PublicFrame
        home="/dashboard"
        aside={
          <>
            {console && (
              <IntentLink href="/admin" className={`${action} text-primary hover:text-primary`}>
                <ShieldCheck className="size-4" aria-hidden="true" />
                Console
              </IntentLink>
            )}
            {logout && <FrameLogout className={`${action} -mr-3`} />}
            {close && (
              <IntentLink href="/dashboard" className={`${action} -mr-3`}>
                <X className="size-5" aria-hidden="true" />
                Close
              </IntentLink>
            )}
          </>
        }
      >
        {children}
      </PublicFrame>
    </AuthGate>
  );
}
