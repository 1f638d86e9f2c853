// Client-side helper: call from client components / event handlers only (sonner's store lives in the browser).
// Deliberately no "use client" directive, so server code can still import the constants as plain values.
import { toast } from "sonner";

export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive" | "success";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

/** Shows a toast and returns its id (usable with `toast.dismiss(id)`). */
export function showToast({ title, description, variant = "default" }: ToastInput): string | number {
  const options = description ? { description } : undefined;
  switch (variant) {
    case "destructive":
      return toast.error(title, options);
    case "success":
      return toast.success(title, options);
    default:
      return toast(title, options);
  }
}
