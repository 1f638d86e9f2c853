import { PRODUCT_NAME } from "@/lib/brand";

/** The brand mark: a bending figure in a rounded square. Decorative next to the product name. */
export function Logo({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M11 8v13a3 3 0 0 0 3 3h8"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="20" cy="10" r="2.6" className="fill-primary-foreground" />
    </svg>
  );
}

/** The logo and the product name; `data-brand` marks it for the tests that check it never moves. */
export function Brand() {
  return (
    <span data-brand className="flex items-center gap-2">
      <Logo />
      <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
    </span>
  );
}
