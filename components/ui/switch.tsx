import type { ComponentProps } from "react";

/**
 * An on/off switch: a native checkbox with the switch role, drawn as a track and thumb. Native so it
 * posts its name when on, also before scripts run; the invisible input covers the track and a bit
 * more, for a 44 px tall touch target.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<"input">, "type" | "role">) {
  return (
    <span className={`relative inline-flex h-6 w-11 shrink-0 ${className ?? ""}`}>
      <input
        {...props}
        type="checkbox"
        role="switch"
        data-slot="switch"
        className="peer absolute -inset-x-1 -inset-y-2.5 z-10 m-0 size-auto cursor-pointer appearance-none rounded-full opacity-0"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent bg-input shadow-xs transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-checked:[&>span]:translate-x-5"
      >
        <span className="block size-5 rounded-full bg-card shadow-sm ring-0 transition-transform" />
      </span>
    </span>
  );
}
