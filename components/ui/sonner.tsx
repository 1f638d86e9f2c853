"use client";

import * as React from "react";
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import { toast, Toaster as Sonner, type ToasterProps } from "sonner";

import { connectToaster, TOAST_DURATION_MS, TOAST_VISIBLE, type ToastInput } from "@/lib/toast";

function show({ title, description, variant = "default" }: ToastInput) {
  const options = description ? { description } : undefined;
  if (variant === "destructive") toast.error(title, options);
  else if (variant === "success") toast.success(title, options);
  else toast(title, options);
}

// Light theme only, so no next-themes lookup (shadcn reads the theme from useTheme()).
function Toaster({ ...props }: ToasterProps) {
  // Once mounted, showToast() delivers here (the toasts asked for while loading come first).
  React.useEffect(() => connectToaster(show), []);
  return (
    <Sonner
      theme="light"
      position="top-center"
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="size-4" aria-hidden="true" />,
        info: <InfoIcon className="size-4" aria-hidden="true" />,
        warning: <TriangleAlertIcon className="size-4" aria-hidden="true" />,
        error: <OctagonXIcon className="size-4" aria-hidden="true" />,
        loading: <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          // Override sonner's rich colours with our AA-checked tokens (its defaults are borderline).
          "--success-bg": "var(--success-subtle)",
          "--success-text": "var(--success)",
          "--success-border": "color-mix(in srgb, var(--success) 35%, transparent)",
          "--error-bg": "var(--destructive-subtle)",
          "--error-text": "var(--destructive)",
          "--error-border": "color-mix(in srgb, var(--destructive) 35%, transparent)",
          "--border-radius": "var(--radius)",
          fontFamily: "inherit",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
export default Toaster;
