"use client";

import * as React from "react";
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import { toast, Toaster as Sonner, type ToasterProps } from "sonner";

import { connectToaster, TOAST_DURATION_MS, TOAST_VISIBLE, type ToastInput } from "@/components/ui/toast";

function show({ title, description, variant = "default" }: ToastInput) {
  const options = description ? { description } : undefined;
  if (variant === "destructive") toast.error(title, options);
  else if (variant === "success") toast.success(title, options);
  else toast(title, options);
}

// Below the spec's 768 px breakpoint a toast at the top covered the logo: phones get them at the
// bottom, above the fixed tab bar (4 rem + the safe area); laptops at the top right, under the top bar.
const PHONE_QUERY = "(max-width: 767.98px)";
// --toast-lift: what else is docked above the tab bar (Settings' Save bar, globals.css), so a toast
// never covers it.
const PHONE_OFFSET = {
  bottom: "calc(4.75rem + env(safe-area-inset-bottom) + var(--toast-lift, 0rem))",
  left: "1rem",
  right: "1rem",
};
const LAPTOP_OFFSET = { top: "4.75rem", right: "1.5rem" };

function subscribePhone(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

// Light theme only, so no next-themes lookup (shadcn reads the theme from useTheme()).
function Toaster({ ...props }: ToasterProps) {
  // Once mounted, showToast() delivers here (the toasts asked for while loading come first).
  React.useEffect(() => connectToaster(show), []);
  const phone = React.useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
  return (
    <Sonner
      theme="light"
      position={phone ? "bottom-center" : "top-right"}
      offset={phone ? PHONE_OFFSET : LAPTOP_OFFSET}
      mobileOffset={PHONE_OFFSET}
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

export default Toaster;
