// Client-side helper: call from client components / event handlers only. sonner (the toaster) is
// loaded on the first toast, not with every page: until it is there, toasts wait in a queue.
// Deliberately no "use client" directive, so server code can still import the constants as plain values.

export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive" | "success";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

let deliver: ((t: ToastInput) => void) | undefined;
let pending: ToastInput[] = [];
let wake: (() => void) | undefined;

/** Shows a toast (once the toaster has loaded, in the order they were asked for). */
export function showToast(input: ToastInput): void {
  if (deliver) return deliver(input);
  pending.push(input);
  wake?.();
}

/** For the lazy toaster: `cb` runs at the first toast (at once if one is already waiting). */
export function onFirstToast(cb: () => void): () => void {
  wake = cb;
  if (pending.length > 0) cb();
  return () => {
    if (wake === cb) wake = undefined;
  };
}

/** For the loaded toaster: receives the waiting toasts, then every new one. */
export function connectToaster(show: (t: ToastInput) => void): () => void {
  deliver = show;
  const waiting = pending;
  pending = [];
  for (const t of waiting) show(t);
  return () => {
    if (deliver === show) deliver = undefined;
  };
}
