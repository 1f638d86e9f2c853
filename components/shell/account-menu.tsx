"use client";

// The avatar's menu (the menu button pattern of the WAI-ARIA practices, without a library): Enter,
// Space or the arrow keys open it on an item; the arrows, Home and End move; Escape closes it and
// puts the focus back on the avatar; Tab, a click outside or choosing an item closes it.
import { ExternalLink, LogOut, MessageSquareHeart, ShieldCheck } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { logout } from "./logout-button";

const item =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm font-medium text-foreground outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring";

export function AccountMenu({ email, letter, feedbackUrl }: { email: string; letter: string; feedbackUrl: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  /** Which item to focus once the menu is drawn: first, last, or none (opened by a click). */
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const id = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = items();
    if (focusOnOpen.current === "first") list[0]?.focus();
    else if (focusOnOpen.current === "last") list.at(-1)?.focus();
    else menu.current?.focus();
    focusOnOpen.current = null;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === "ArrowDown" || e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      focusOnOpen.current = "first";
      setOpen(true);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      focusOnOpen.current = "last";
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === "ArrowDown") go(at + 1);
    else if (e.key === "ArrowUp") go(at < 0 ? list.length - 1 : at - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(list.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") setOpen(false);
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={`Account menu, signed in as ${email}`}
        title={email}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
        className="flex size-11 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <span
          className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground shadow-sm"
          aria-hidden="true"
        >
          {letter}
        </span>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          tabIndex={-1}
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          className="absolute top-full right-0 z-30 mt-2 w-64 origin-top-right rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-lg outline-none animate-in fade-in-0 zoom-in-95"
        >
          <div role="presentation" className="px-3 pt-2 pb-2.5 text-xs text-muted-foreground">
            Signed in as
            <span className="block truncate text-sm font-medium text-foreground">{email}</span>
          </div>
          <div role="separator" className="my-1 h-px bg-border" />
          <a
            role="menuitem"
            tabIndex={-1}
            href={feedbackUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={item}
            onClick={() => close(false)}
          >
            <MessageSquareHeart className="size-4 text-muted-foreground" aria-hidden="true" />
            Feedback
            <ExternalLink className="ml-auto size-3.5 text-muted-foreground" aria-hidden="true" />
          </a>
          <IntentLink role="menuitem" tabIndex={-1} href="/disclaimer" className={item} onClick={() => close(false)}>
            <ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />
            Privacy
          </IntentLink>
          <div role="separator" className="my-1 h-px bg-border" />
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={item}
            data-leaves-page
            onClick={() => void logout()}
          >
            <LogOut className="size-4 text-muted-foreground" aria-hidden="true" />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
