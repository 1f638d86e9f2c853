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
  children: ReactNode;
}

/**
 * One settings section: a compact card headed by an h3 (the page's groups are the h2s). Deliberately
 * not a named region: an aria-labelledby here would make e.g. getByLabel("Movement preferences")
 * match the whole card. `scroll-mt`: a contents link lands below the sticky header.
 */
export function SectionCard({ id, icon: Icon, description, badge, tone = "default", children }: SectionCardProps) {
  return (
    <section id={id} className="scroll-mt-20 md:scroll-mt-24">
      <Card className={cn("gap-4 py-4 sm:py-5", tone === "destructive" && "border-destructive/40")}>
        <CardHeader className="gap-1 px-4 sm:px-5">
          <div className="flex items-center gap-2">
            <Icon
              className={cn("size-4.5 shrink-0", tone === "destructive" ? "text-destructive" : "text-primary")}
              aria-hidden="true"
            />
            <h3 className={cn("text-base leading-tight font-semibold", tone === "destructive" && "text-destructive")}>
              {sectionTitle(id)}
            </h3>
            {badge}
          </div>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {/* A flex column: a closed dialog or a fixed layer among the children leaves no gap. */}
        <CardContent className="flex flex-col gap-5 px-4 sm:px-5">{children}</CardContent>
      </Card>
    </section>
  );
}
