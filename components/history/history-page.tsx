// The history page, rendered on the server: only the calendar and its table (days-view.tsx) run in
// the browser, so the stats, trophies, rates and the last 30 days cost no hydration and no script.
import {
  CalendarCheck,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  CircleDashed,
  CirclePause,
  CircleX,
  Clock,
  Coffee,
  Flame,
  Snowflake,
  Table2,
  Trophy,
  type LucideIcon,
} from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { IntentLink } from "@/components/ui/intent-link";
import type { History, HistoryStatus, Rate } from "@/lib/progress/history";
import { cn } from "@/lib/utils";
import { DaysView } from "./days-view";
import { LastWeek } from "@/components/recap/last-week";
import { TrophiesSection } from "@/components/recap/trophies-section";
import type { Trophies } from "@/lib/recap/trophies";
import type { WeekRecap } from "@/lib/recap/week";
import { firstMonthShown, heatmapRange } from "./heatmap-layout";
import { describeDay, formatShortDate, legendFor, STATUS_CELL, STATUS_HINT, STATUS_LABEL, TODAY_CELL } from "./status";

const ICON: Record<HistoryStatus | "frozen", LucideIcon> = {
  frozen: Snowflake,
  complete: CircleCheck,
  partial: CircleDashed,
  missed: CircleX,
  rest: Coffee,
  paused: CirclePause,
  pending: Clock,
};

const TONE: Record<HistoryStatus | "frozen", string> = {
  frozen: "text-primary",
  complete: "text-success",
  partial: "text-primary",
  missed: "text-destructive",
  rest: "text-muted-foreground",
  paused: "text-muted-foreground",
  pending: "text-primary",
};

// Weekday rows Monday first (the API's index 0 is Sunday).
const WEEKDAYS = [
  [1, "Monday"],
  [2, "Tuesday"],
  [3, "Wednesday"],
  [4, "Thursday"],
  [5, "Friday"],
  [6, "Saturday"],
  [0, "Sunday"],
] as const;

const percent = (r: Rate) => (r === null ? "—" : `${Math.round(r * 100)}%`);
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

function Stat({ icon: Icon, label, value, note }: { icon: LucideIcon; label: string; value: string; note?: string }) {
  return (
    <Card className="gap-1 px-4 py-4">
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {label}
      </p>
      <p className="text-2xl font-bold tabular-nums">{value}</p>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </Card>
  );
}

function RateBars({ rows, labelWidth }: { rows: { label: string; rate: Rate }[]; labelWidth: "narrow" | "wide" }) {
  return (
    <ul className="space-y-2">
      {rows.map(({ label, rate }) => (
        <li
          key={label}
          className={cn(
            "grid items-center gap-3 text-sm",
            labelWidth === "narrow" ? "grid-cols-[6.5rem_1fr_2.75rem]" : "grid-cols-[10.5rem_1fr_2.75rem]",
          )}
        >
          <span>{label}</span>
          <span className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-primary"
              style={{ width: `${Math.round((rate ?? 0) * 100)}%` }}
            />
          </span>
          <span className="text-right font-medium tabular-nums">
            {percent(rate)}
            {rate === null && <span className="sr-only">no breaks scheduled</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

// One per page: the heatmap grid is named by its card's heading.
const HEATMAP_TITLE = "history-heatmap";

// The server's copy is the page's data: it is read fresh on every visit (the query it replaced
// never refetched either: data fresh for 5 minutes, no refetch on focus).
export function HistoryPage({
  initial: data,
  recap,
  trophies,
}: {
  initial: History;
  /** Last finished week's recap and the trophies (issue 33). */
  recap?: WeekRecap;
  trophies?: Trophies;
}) {
  const overall: Rate = data.totals.scheduled === 0 ? null : data.totals.completed / data.totals.scheduled;
  const recent = data.days.slice(-30).reverse();
  const range = heatmapRange(data.localDate, data.days[0]?.date ?? data.localDate);
  // The phone's month view has months before this one to page to.
  const manyMonths = firstMonthShown(data.localDate, data.days[0]?.date ?? data.localDate) < data.localDate.slice(0, 7);
  const nothingYet = data.days.every((d) => d.completed === 0);
  const slotName = (slot: number) => (slot === 0 ? "First break" : slot === 1 ? "Second break" : `Break ${slot + 1}`);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">History</h1>
        <p className="text-muted-foreground">Your movement breaks over the last 12 months</p>
      </div>

      {recap && <LastWeek recap={recap} />}

      {nothingYet ? (
        <Card data-testid="history-empty" className="gap-2">
          <CardHeader className="px-4 sm:px-6">
            <CardTitle>
              <h2>Your History Starts With Your First Break</h2>
            </CardTitle>
            <CardDescription>
              Streaks, completion rates and your best times fill in here as you take your breaks.
            </CardDescription>
          </CardHeader>
          <CardContent className="px-4 sm:px-6">
            <IntentLink href="/dashboard" className={cn(buttonVariants({ size: "sm" }))}>
              <CalendarCheck aria-hidden="true" />
              Open Dashboard
            </IntentLink>
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat icon={Flame} label="Current streak" value={days(data.currentStreak)} />
          <Stat icon={Trophy} label="Best streak" value={days(data.bestStreak)} />
          <Stat
            icon={CircleCheck}
            label="Breaks done"
            value={String(data.totals.completed)}
            note={`of ${data.totals.scheduled} scheduled`}
          />
          <Stat icon={CircleDashed} label="Completion rate" value={percent(overall)} />
        </div>
      )}

      {trophies && <TrophiesSection trophies={trophies} />}

      {/* A container (named "heatmap"): the calendar, its legend and its description follow the
          card's width, not the window's. Narrower than 51rem: a month at a time (month-view.tsx). */}
      <Card className="gap-4 @container/heatmap">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 id={HEATMAP_TITLE}>{range.fromSignUp ? "Your First 12 Months" : "Last 12 Months"}</h2>
          </CardTitle>
          <CardDescription>
            <span className="@min-[51rem]/heatmap:hidden">
              Each square is one day{manyMonths ? ". The arrows go to the months before" : ""}.
            </span>
            <span className="hidden @min-[51rem]/heatmap:inline">
              Each square is one day and each column one week
              {range.fromSignUp ? ", from the week you joined" : ""}.
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 px-4 sm:px-6">
          {/* Swatch, name and a short hint, in columns that wrap evenly: two on a phone, four wider. */}
          <ul
            className="grid grid-cols-2 gap-x-4 gap-y-2.5 text-xs @min-[51rem]/heatmap:grid-cols-4"
            aria-label="Legend"
          >
            {legendFor(data.days).map((s) => (
              <li key={s} className="flex items-start gap-2">
                <span
                  className={cn("mt-px size-3.5 shrink-0 rounded-[3px]", STATUS_CELL[s], s === "pending" && TODAY_CELL)}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  <span className="block font-medium">{STATUS_LABEL[s]}</span>
                  <span className="sr-only">, </span>
                  <span className="block text-muted-foreground">{STATUS_HINT[s]}</span>
                </span>
              </li>
            ))}
          </ul>
          {nothingYet && (
            <p className="rounded-md bg-muted px-3 py-2 text-sm">
              No breaks done yet: each break you take fills in its day’s square, starting today.
            </p>
          )}
          <DaysView
            days={data.days}
            today={data.localDate}
            range={range}
            labelledBy={HEATMAP_TITLE}
            toggle={{
              className: cn(buttonVariants({ variant: "outline", size: "sm" })),
              icon: <Table2 aria-hidden="true" />,
            }}
            nav={{
              className: cn(buttonVariants({ variant: "outline", size: "icon-sm" })),
              previous: <ChevronLeft aria-hidden="true" />,
              next: <ChevronRight aria-hidden="true" />,
            }}
          />
        </CardContent>
      </Card>

      {/* Rates and the last 30 days say nothing before the first break: the card above stands in. */}
      {!nothingYet && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Card className="gap-4">
              <CardHeader className="px-4 sm:px-6">
                <CardTitle>
                  <h2>By Weekday</h2>
                </CardTitle>
                <CardDescription>How many of your breaks you took on each day of the week</CardDescription>
              </CardHeader>
              <CardContent className="px-4 sm:px-6">
                <RateBars
                  labelWidth="narrow"
                  rows={WEEKDAYS.map(([i, label]) => ({ label, rate: data.byWeekday[i] ?? null }))}
                />
              </CardContent>
            </Card>
            <Card className="gap-4">
              <CardHeader className="px-4 sm:px-6">
                <CardTitle>
                  <h2>By Break</h2>
                </CardTitle>
                <CardDescription>At your current reminder times</CardDescription>
              </CardHeader>
              <CardContent className="px-4 sm:px-6">
                <RateBars
                  labelWidth="wide"
                  rows={data.bySlot.map((rate, slot) => ({
                    label: `${slotName(slot)}${data.times[slot] ? ` (${data.times[slot].timeDisplay})` : ""}`,
                    rate,
                  }))}
                />
              </CardContent>
            </Card>
          </div>

          <Card className="gap-4">
            <CardHeader className="px-4 sm:px-6">
              <CardTitle>
                <h2>Last 30 Days</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <ol className="divide-y">
                {recent.map((d) => {
                  const shown = d.frozen ? "frozen" : d.status; // a streak freeze kept the streak that day
                  const Icon = ICON[shown];
                  return (
                    <li key={d.date} className="flex items-center gap-3 py-2.5 text-sm">
                      <span className="w-28 shrink-0 font-medium">{formatShortDate(d.date)}</span>
                      <span className={cn("flex flex-1 items-center gap-1.5", TONE[shown])}>
                        <Icon className="size-4 shrink-0" aria-hidden="true" />
                        <span className="text-foreground">{STATUS_LABEL[shown]}</span>
                      </span>
                      <span className="text-right text-muted-foreground tabular-nums">
                        {d.scheduled === 0 ? "—" : `${Math.min(d.completed, d.scheduled)} of ${d.scheduled}`}
                        <span className="sr-only">: {describeDay({ ...d, status: shown })}</span>
                      </span>
                    </li>
                  );
                })}
              </ol>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
