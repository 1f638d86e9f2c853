import { ChevronDownIcon } from "lucide-react";
import type { ComponentProps } from "react";

/**
 * A native <select> drawn like the app's other fields (height, border, focus ring, chevron).
 * The browser gives it the keyboard use, the option list and the screen-reader semantics; no
 * JavaScript library is needed. Used by the console's action filter; `className` (on the wrapper)
 * is appended, not merged (no tailwind-merge in the console's client code), so it sets only what
 * "relative" does not.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={className ? `relative ${className}` : "relative"}>
      <select
        className="h-10 w-full appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base shadow-xs transition-colors outline-hidden focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
