// The guided break's frame for its signed-in owner: the break on its own, full screen, without
// the app's navigation (nothing to tap by mistake mid-exercise), with a way back to Today. The
// session is still re-checked when the page is shown again (AuthGate).
// One way out at a time: Close leaves for Today but ends nothing (the run stays stored in the tab,
// its time still passing), while the player's End Break Now (in its header row, beside the sound
// switch) ends the run and opens the finish screen, where the time spent is judged and the break
// can be counted. So Close is hidden while a break runs or is paused (the card then marks itself
// data-break-active), and shown before and after.
import { X } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { AuthGate } from "./auth-gate";
import { Brand } from "./logo";
import { HEADER_ROW } from "./public-frame";

export function FocusFrame({ children }: { children: ReactNode }) {
  return (
    <AuthGate>
      <div className="group/frame flex min-h-dvh flex-col">
        {/* The shared header row: the logo where every other page has it, though the break is narrower. */}
        <header className={`${HEADER_ROW} shrink-0`}>
          <IntentLink
            href="/dashboard"
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Brand />
          </IntentLink>
          <IntentLink
            href="/dashboard"
            className="-mr-2 ml-auto inline-flex min-h-11 group-has-[[data-break-active]]/frame:hidden items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-5" aria-hidden="true" />
            Close
          </IntentLink>
        </header>
        <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-1 pb-6 md:pt-4 md:pb-10">
          {children}
        </main>
      </div>
    </AuthGate>
  );
}
