import { History as HistoryIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { iconLinkClass } from "@/components/ui/classes";

/** The dashboard streak card's way to the history page (the bottom navigation keeps its four items). */
export function HistoryLink() {
  return (
    <IntentLink href="/history" className={`mt-4 ${iconLinkClass}`}>
      <HistoryIcon className="size-4" aria-hidden="true" />
      See your history
    </IntentLink>
  );
}
