// Class strings of the textarea and the alert, for client components that draw them natively
// (Settings' fields), in a module of their own so the login page does not carry them.
export const textareaClasses = [
  "flex field-sizing-content min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors outline-hidden placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm",
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
].join(" ");

const alertBase =
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current";
export const alertClasses = {
  default: `${alertBase} bg-card text-card-foreground`,
  // Description keeps the full token colour (shadcn uses /90) to stay clearly above 4.5:1.
  destructive: `${alertBase} border-destructive/40 bg-destructive-subtle text-destructive *:data-[slot=alert-description]:text-destructive`,
  success: `${alertBase} border-success/40 bg-success-subtle text-success *:data-[slot=alert-description]:text-success`,
  title: "col-start-2 line-clamp-1 min-h-4 font-medium tracking-tight",
  description: "col-start-2 grid justify-items-start gap-1 text-sm text-muted-foreground [&_p]:leading-relaxed",
};
