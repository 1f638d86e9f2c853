// The numbers of a weekly recap (issue 33): breaks done, minutes moved, best day and streak, each
// with the change from the week before. No state: shared by History and the dashboard's card.
import { CalendarCheck, CircleCheck, Flame, Timer, type LucideIcon } from "lucide-react";
import type { WeekRecap } from "@/lib/recap/week";
import { changeLabel, monthDay, plural, weekdayName } from "./format";

function Figure({ icon: Icon, label, value, note }: { icon: LucideIcon; label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border bg-background px-3 py-3">
      <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1">
        <span className="block text-xl font-bold tabular-nums">{value}</span>
        {note && <span className="block text-xs text-muted-foreground">{note}</span>}
      </dd>
    </div>
  );
}

export function RecapSummary({
  recap,
}: {
  recap: Pick<WeekRecap, "breaksDone" | "minutesMoved" | "bestDay" | "currentStreak" | "change">;
}) {
  const best = recap.bestDay;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Figure
        icon={CircleCheck}
        label="Breaks done"
        value={String(recap.breaksDone)}
        note={changeLabel(recap.change.breaksDone)}
      />
      <Figure
        icon={Timer}
        label="Minutes moved"
        value={String(recap.minutesMoved)}
        note={changeLabel(recap.change.minutesMoved)}
      />
      <Figure
        icon={CalendarCheck}
        label="Best day"
        value={best ? weekdayName(best.date) : "\u2014"}
        note={best ? `${monthDay(best.date)}: ${plural(best.breaksDone, "break", "breaks")}` : "No breaks done"}
      />
      <Figure icon={Flame} label="Current streak" value={plural(recap.currentStreak, "day", "days")} />
    </dl>
  );
}
