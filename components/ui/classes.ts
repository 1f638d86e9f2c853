// Class strings of the ui primitives, without tailwind-merge: small client islands render native
// elements with these (appending only classes that do not conflict, or leaving out a variant they
// replace), and the components in this folder build on the same strings, so both look the same.
import { cva } from "class-variance-authority";

export { cardClasses } from "./card-classes";
export { inputClasses } from "./input-classes";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-[color,background-color,border-color,filter,transform] outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background active:translate-y-px active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        // Pressed (CSS :active, so also before the page is interactive): a step down and darker.
        default:
          "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 active:bg-primary active:brightness-90",
        destructive:
          "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive active:bg-destructive active:brightness-90",
        // The card's own surface: in dark mode the page's background is darker than a card, so an
        // outline button on a card looked like a hole in it.
        outline: "border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground",
        // A destructive action that is not the screen's main one (its confirmation is the filled one).
        "destructive-outline":
          "border border-destructive/60 bg-card text-destructive shadow-xs hover:bg-destructive-subtle focus-visible:ring-destructive",
        secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80 active:brightness-95",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      // Default is 40px (shadcn: 36px) so the primary touch target meets the mobile minimum.
      size: {
        default: "h-10 px-4 py-2 has-[>svg]:px-3",
        sm: "h-9 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5",
        lg: "h-11 rounded-md px-6 has-[>svg]:px-4",
        icon: "size-10",
        "icon-sm": "size-9",
        "icon-lg": "size-11",
      },
    },
    defaultVariants: {
      variant: "default",
      size: "default",
    },
  },
);

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap transition-colors outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-invalid:border-destructive [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground [a&]:hover:bg-primary/90",
        secondary: "border-transparent bg-secondary text-secondary-foreground [a&]:hover:bg-secondary/80",
        destructive: "border-transparent bg-destructive text-destructive-foreground [a&]:hover:bg-destructive/90",
        success: "border-transparent bg-success text-success-foreground [a&]:hover:bg-success/90",
        outline: "text-foreground [a&]:hover:bg-accent [a&]:hover:text-accent-foreground",
      },
    },
    defaultVariants: {
      variant: "default",
    },
  },
);

/** A quiet link with an icon, in the brand's colour, tall enough to tap (the dashboard's card links, History's Show All). */
export const iconLinkClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
