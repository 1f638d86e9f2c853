import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { sectionTitle, type SettingsSectionId } from "./sections";

export interface SectionCardProps {
  /** The section (sections.ts): its anchor, which the page's contents link to, and its title. */
  id: SettingsSectionId;
  icon: LucideIcon;
  description?: ReactNode;
  /** Shown next to the title, e.g. an "AI" badge. */
  badge?: ReactNode;
  tone?: "default" | "destructive";
  /** "row": a short section whose controls sit beside its title from 640 px (below it on a phone). */
  layout?: "stack" | "row";
  /** A section's one action, at the end of its title's row at every width. */
  action?: ReactNode;
  children?: ReactNode;
}

/**
 * One settings section: a compact card headed by an h3 (the page's groups are the h2s). Deliberately
 * not a named region: an aria-labelledby here would make e.g. getByLabel("Movement preferences")
 * match the whole card. `scroll-mt`: a contents link lands below the sticky header.
 */
export function SectionCard({
  id,
  icon: Icon,
  description,
  badge,
  tone = "default",
  layout = "stack",
  action,
  children,
}: SectionCardProps) {
  const row = layout === "row";
  return (
    <section id={id} className="scroll-mt-20 md:scroll-mt-24">
      <Card
        className={cn(
          "gap-4 py-4 sm:py-5",
          row && "sm:flex-row sm:items-center sm:justify-between",
          tone === "destructive" && "border-destructive/40",
        )}
      >
        <CardHeader className={cn("gap-1 px-4 sm:px-5", row && "sm:min-w-0 sm:flex-1")}>
          <div className="flex items-center gap-2">
            <Icon
              className={cn("size-4.5 shrink-0", tone === "destructive" ? "text-destructive" : "text-primary")}
              aria-hidden="true"
            />
            <h3 className={cn("text-base leading-tight font-semibold", tone === "destructive" && "text-destructive")}>
              {sectionTitle(id)}
            </h3>
            {badge}
            {action && <div className="ml-auto flex shrink-0 items-center">{action}</div>}
          </div>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {/* A flex column: a closed dialog or a fixed layer among the children leaves no gap. */}
        {children && (
          <CardContent className={cn("flex flex-col gap-5 px-4 sm:px-5", row && "sm:shrink-0")}>{children}</CardContent>
        )}
      </Card>
    </section>
  );
}

/** One of a card's parts, under its own h4 (e.g. Calendar: the busy times read, the breaks shown). */
export function SectionPart({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 not-first:border-t not-first:pt-4">
      <div className="grid gap-1">
        <h4 className="text-sm leading-tight font-semibold">{title}</h4>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}
