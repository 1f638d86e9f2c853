// The guided break's button classes, as <Button> makes them (tests/unit/breaks/break-classes.test.ts
// checks they agree with buttonVariants under tailwind-merge), written out so the break's controls
// call no tailwind-merge while the page hydrates and on every tick.
const BASE =
  "inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-[color,background-color,border-color,filter,transform] outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background active:translate-y-px active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

export const breakButton = {
  /** Previous Step and Next Step: outline, the icon over the words (they fit a third of a phone). */
  step: `${BASE} border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground py-2 h-16 flex-col gap-1 px-2 has-[>svg]:px-2 text-xs md:text-sm`,
  /** Start, Pause, Resume. */
  primary: `${BASE} gap-2 bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 active:bg-primary active:brightness-90 px-4 py-2 has-[>svg]:px-3 h-16 text-base`,
  /** End Break Now, in the player's header row: outline, a pill as tall as the sound switch beside it (44 px). */
  end: `${BASE.replace("rounded-md", "rounded-full")} border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground text-sm gap-1.5 h-11 min-w-11 px-3.5 has-[>svg]:px-3`,
};
