// The text input's classes, plain text: client islands draw native inputs with them and ship
// neither class-variance-authority nor tailwind-merge (./classes re-exports them for the primitives).
// text-base below md stops iOS Safari zooming into focused fields. No file: styles: Limber has no file inputs.
export const inputClasses = [
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 text-base shadow-xs transition-colors outline-hidden selection:bg-primary selection:text-primary-foreground placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm",
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
].join(" ");
