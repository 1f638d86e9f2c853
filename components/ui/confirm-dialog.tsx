"use client";

import { useEffect, useId, useReducer, useRef, type ReactNode } from "react";
import { buttonVariants } from "@/components/ui/classes";

export interface ConfirmDialogProps {
  open: boolean;
  /** Asked to close (Escape or Cancel); the owner may refuse, e.g. while its action runs. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The safe choice's label. */
  cancelLabel?: string;
  confirmVariant?: "default" | "destructive";
  /** Disables both buttons (the action is running). */
  busy?: boolean;
  onConfirm: () => void;
}

/**
 * A confirmation as a native modal <dialog> with role alertdialog: the browser keeps focus and
 * the screen reader inside it (the page behind is inert) and turns Escape into a close request;
 * no dialog library is needed. Focus starts on Cancel, the safe choice, and goes back to where
 * it was when the dialog closes. The page behind does not scroll while it is open. The dimming is
 * an ordinary fixed layer rather than the dialog's ::backdrop, so toasts (which sit above z-50) stay
 * undimmed while the dialog shows progress or a failure.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmVariant = "default",
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Re-render after the browser closed the dialog by itself, so a refused close opens it again.
  const [, closedByBrowser] = useReducer((n: number) => n + 1, 0);

  // Every render: the dialog follows `open` (and reopens after a close the owner refused).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (
        !returnFocus.current &&
        document.activeElement instanceof HTMLElement &&
        !dialog.contains(document.activeElement)
      ) {
        returnFocus.current = document.activeElement;
      }
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  });

  useEffect(() => {
    if (open) {
      const root = document.documentElement;
      const overflow = root.style.overflow;
      root.style.overflow = "hidden";
      return () => {
        root.style.overflow = overflow;
      };
    }
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected && (document.activeElement === document.body || document.activeElement === null))
      target.focus();
  }, [open]);

  return (
    <>
      {/* m-0: a parent's space-y-* margin shortened this fixed layer by 24 px, leaving the tab labels undimmed. */}
      {open && (
        <div
          aria-hidden="true"
          data-slot="dialog-overlay"
          className="fixed inset-0 z-50 m-0 bg-black/50 animate-in fade-in-0"
        />
      )}
      <dialog
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        onCancel={(e) => {
          e.preventDefault();
          onOpenChange(false);
        }}
        onClose={() => {
          if (open) {
            onOpenChange(false);
            closedByBrowser();
          }
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg duration-200 backdrop:bg-transparent open:grid open:animate-in open:fade-in-0 open:zoom-in-95 sm:max-w-lg"
      >
        <div className="flex flex-col gap-2 text-center sm:text-left">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={`${id}-desc`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            data-slot="button"
            className={buttonVariants({ variant: "outline" })}
            disabled={busy}
            onClick={() => onOpenChange(false)}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            data-slot="button"
            className={buttonVariants({ variant: confirmVariant })}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
