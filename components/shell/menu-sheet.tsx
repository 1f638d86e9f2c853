"use client";

// The phone tab bar's Menu: a bottom sheet on the native modal <dialog> (focus kept inside, the page
// behind inert, Escape closes it) with what the phone has no other place for: Feedback, Privacy,
// Logout. It opens with the focus on its first item (Feedback), never on the destructive Logout, and
// the focus returns to the Menu tab when it closes.
import { ExternalLink, LogOut, Menu, MessageSquareHeart, ShieldCheck, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { logout } from "./logout-button";

const item =
  "flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-base font-medium text-foreground outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring active:bg-muted";

export function MenuSheet({
  email,
  feedbackUrl,
  tabClassName,
}: {
  email: string;
  feedbackUrl: string;
  tabClassName: string;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const tab = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLAnchorElement>(null);
  const id = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // The dialog's own initial focus is left to the browser otherwise; choose the first item.
      first.current?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);

  return (
    <>
      <button
        ref={tab}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={`${id}-sheet`}
        onClick={() => {
          const d = dialog.current;
          // Still "open" here means the dialog has closed but its "close" event has not run yet.
          if (open && d && !d.open) {
            d.showModal();
            first.current?.focus();
          }
          setOpen(true);
        }}
        className={tabClassName}
      >
        <Menu className="size-5" aria-hidden="true" />
        <span>Menu</span>
      </button>
      <dialog
        ref={dialog}
        id={`${id}-sheet`}
        aria-labelledby={`${id}-title`}
        // Escape (or a phone's back gesture) closes the native dialog at once but fires "close" a task
        // later; a Menu tap in between has reopened it (see the tab), so a late "close" is ignored.
        onClose={() => {
          if (dialog.current?.open) return;
          setOpen(false);
          tab.current?.focus();
        }}
        // A tap on the backdrop (the dialog element itself, outside its panel) closes it.
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false);
        }}
        className="fixed inset-x-0 top-auto bottom-0 m-0 w-full max-w-none rounded-t-2xl border-t bg-popover p-0 text-popover-foreground shadow-lg backdrop:bg-black/50 open:animate-in open:slide-in-from-bottom-8"
      >
        {/* Drawn only while open: a closed sheet adds nothing to the page (its e-mail, its links). */}
        {open && (
          <div className="px-3 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
            <div className="flex items-center justify-between gap-2 pl-3">
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                Menu
              </h2>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="flex size-12 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X className="size-5" aria-hidden="true" />
                <span className="sr-only">Close</span>
              </button>
            </div>
            <p className="truncate px-3 pb-2 text-sm text-muted-foreground">
              Signed in as <span className="font-medium text-foreground">{email}</span>
            </p>
            <ul className="grid gap-1 border-t pt-2">
              <li>
                <a
                  ref={first}
                  href={feedbackUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={item}
                  onClick={() => setOpen(false)}
                >
                  <MessageSquareHeart className="size-5 text-muted-foreground" aria-hidden="true" />
                  Feedback
                  <ExternalLink className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />
                </a>
              </li>
              <li>
                <IntentLink href="/disclaimer" className={item} onClick={() => setOpen(false)}>
                  <ShieldCheck className="size-5 text-muted-foreground" aria-hidden="true" />
                  Privacy
                </IntentLink>
              </li>
              <li>
                <button type="button" className={item} data-leaves-page onClick={() => void logout()}>
                  <LogOut className="size-5 text-muted-foreground" aria-hidden="true" />
                  Logout
                </button>
              </li>
            </ul>
          </div>
        )}
      </dialog>
    </>
  );
}
