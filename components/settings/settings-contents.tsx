import { cn } from "@/lib/utils";
import { SETTINGS_GROUPS } from "./sections";

const link =
  "rounded-md text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * The page's contents: below 1280 px a row of the three groups under the title (a phone's page is
 * long), from 1280 px a column beside the cards that stays in view, with every section. Plain
 * in-page links: they work before scripts run, and the leave guard lets them pass.
 */
export function SettingsContents({ className }: { className?: string }) {
  return (
    <nav aria-label="Settings sections" className={cn("text-sm", className)}>
      <p className="mb-2 hidden text-xs font-medium tracking-wide text-muted-foreground xl:block">On This Page</p>
      <ul className="flex flex-wrap gap-2 xl:flex-col xl:gap-4">
        {SETTINGS_GROUPS.map((group) => (
          <li key={group.id}>
            <a
              href={`#${group.id}`}
              className={cn(
                link,
                "inline-flex h-9 items-center rounded-full border bg-card px-3 font-medium text-foreground",
                "xl:h-auto xl:rounded-md xl:border-0 xl:bg-transparent xl:px-0",
              )}
            >
              {group.title}
            </a>
            <ul className="mt-2 hidden space-y-1.5 border-l pl-3 xl:block">
              {group.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className={cn(link, "block py-0.5")}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
