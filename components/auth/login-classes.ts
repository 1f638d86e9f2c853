// The login card's class strings, as the ui primitives make them (tests/unit/auth/validation.test.ts
// checks they agree with buttonVariants and inputClasses under tailwind-merge), written out so the
// login page ships neither class-variance-authority nor tailwind-merge.
export const BUTTON_BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-[color,background-color,border-color,filter,transform] outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background active:translate-y-px active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
export const submitClass = `${BUTTON_BASE} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 active:bg-primary active:brightness-90 h-10 px-4 py-2 has-[>svg]:px-3 w-full`;

/**
 * The card's header and content as they apply to the login card (no card action, no bottom
 * border): the few classes that take effect, not the card primitive's whole set.
 */
export const loginCard = {
  header: "grid auto-rows-min items-start gap-1.5 px-6",
  title: "leading-none font-semibold",
  description: "text-sm text-muted-foreground",
  content: "px-6",
};
