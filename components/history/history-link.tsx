import { History as HistoryIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";

/** A quiet link with an icon, in the brand's colour, tall enough to tap (the dashboard's card links). */
export const iconLinkClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The dashboard streak card's way to the history page (the bottom navigation keeps its four items). */
export function HistoryLink() {
  return (
    <IntentLink href="/history" className={`mt-4 ${iconLinkClass}`}>
      <HistoryIcon className="size-4" aria-hidden="true" />
      See your history
    </IntentLink>
  );
}
