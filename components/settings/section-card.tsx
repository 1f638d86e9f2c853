import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export interface SectionCardProps {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  /** Shown next to the title, e.g. an "AI" badge. */
  badge?: ReactNode;
  tone?: "default" | "destructive";
  children: ReactNode;
}

/**
 * One settings section: a card headed by an h2. Deliberately not a named region: an
 * aria-labelledby here would make e.g. getByLabel("Movement preferences") match the whole card.
 */
export function SectionCard({ title, icon: Icon, description, badge, tone = "default", children }: SectionCardProps) {
  return (
    <section>
      <Card className={cn("gap-5", tone === "destructive" && "border-destructive/40")}>
        <CardHeader className="px-4 sm:px-6">
          <div className="flex items-center gap-2">
            <Icon
              className={cn("size-5", tone === "destructive" ? "text-destructive" : "text-primary")}
              aria-hidden="true"
            />
            <h2 className={cn("text-lg leading-tight font-semibold", tone === "destructive" && "text-destructive")}>
              {title}
            </h2>
            {badge}
          </div>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="space-y-6 px-4 sm:px-6">{children}</CardContent>
      </Card>
    </section>
  );
}
