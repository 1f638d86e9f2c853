import { buttonVariants, cardClasses } from "@/components/ui/classes";

// Native elements with the ui primitives' class strings, the replaced spacing left out: the
// console's client code then needs no tailwind-merge (whose set-up on first use costs some 50 ms of
// a phone's CPU during hydration) nor Radix.
export const outlineButton = buttonVariants({ variant: "outline" });
export const retryButton = buttonVariants({ variant: "outline", className: "text-foreground" });
export const tabCard = `${cardClasses.root.replace(" py-6", "")} py-2`;
export const tabCardContent = "px-1 sm:px-4";
export const statCard = `${cardClasses.root.replace("gap-6 ", "").replace(" py-6", "")} gap-1 py-3 sm:py-4`;
export const statCardHeader = `${cardClasses.header.replace(" px-6", "")} px-3 sm:px-4`;
export const statCardContent = "px-3 sm:px-4";
