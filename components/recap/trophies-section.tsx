// History's "Trophies" (issue 33). The one to earn next leads, with its progress; then the shelf:
// earned ones in gold with a check and the date earned, the others greyed and locked with what
// they take. Drawn on the server.
import {
  Award,
  CalendarCheck,
  Check,
  ChevronDown,
  Crown,
  Flame,
  Footprints,
  Lock,
  Medal,
  Trophy,
  type LucideIcon,
} from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { iconLinkClass } from "@/components/ui/classes";
import type { NextTrophy, TrophyKey, Trophies } from "@/lib/recap/trophies";
import { fullDate } from "./format";

/** How many trophies show while few are earned: the ones to earn fill up to this many. */
const ROW = 3;

/** Each trophy's own badge: streaks a flame, break counts a medal that grows with the count. */
const ICON: Record<TrophyKey, LucideIcon> = {
  "first-break": Footprints,
  "streak-3": Flame,
  "streak-7": Flame,
  "streak-30": Flame,
  "breaks-10": Medal,
  "breaks-50": Award,
  "breaks-100": Trophy,
  "breaks-250": Crown,
  "full-week": CalendarCheck,
};

/** The round badge: gold when earned, grey with a lock until then (the next one in the brand colour). */
function Badge({ trophy, look }: { trophy: TrophyKey; look: "earned" | "next" | "locked" }) {
  const Icon = ICON[trophy];
  return (
    <span
      className={
        "relative inline-flex size-12 shrink-0 items-center justify-center rounded-full " +
        {
          earned:
            "bg-amber-100 text-amber-700 ring-4 ring-amber-200/50 dark:bg-amber-400/20 dark:text-amber-300 dark:ring-amber-400/15",
          next: "bg-secondary text-primary",
          locked: "bg-muted text-muted-foreground",
        }[look]
      }
      aria-hidden="true"
    >
      <Icon className={look === "locked" ? "size-6 opacity-70" : "size-6"} />
      <span
        className={
          "absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full ring-2 ring-card " +
          (look === "earned" ? "bg-success text-success-foreground" : "border bg-card text-muted-foreground")
        }
      >
        {look === "earned" ? <Check className="size-3" strokeWidth={3} /> : <Lock className="size-2.5" />}
      </span>
    </span>
  );
}

function Progress({ trophy, strong }: { trophy: NextTrophy; strong: boolean }) {
  return (
    <span
      className={`block overflow-hidden rounded-full bg-muted ${strong ? "h-2" : "h-1.5"}`}
      role="progressbar"
      aria-label={`${trophy.title} progress`}
      aria-valuemin={0}
      aria-valuemax={trophy.goal}
      aria-valuenow={trophy.progress}
    >
      <span
        className={`block h-full rounded-full ${strong ? "bg-primary" : "bg-muted-foreground/50"}`}
        style={{ width: `${Math.round((trophy.progress / trophy.goal) * 100)}%` }}
      />
    </span>
  );
}

/** The next one to earn, across the card: what it is and how far along. */
function UpNext({ trophy }: { trophy: NextTrophy }) {
  return (
    <div
      data-trophy={trophy.key}
      data-earned="false"
      data-next="true"
      className="flex items-center gap-4 rounded-xl border border-primary/30 bg-secondary/40 px-4 py-3.5"
    >
      <Badge trophy={trophy.key} look="next" />
      <span className="min-w-0 flex-1 space-y-1">
        <span className="block text-xs font-semibold text-primary">
          Up next<span className="sr-only">: </span>
        </span>
        <span className="block leading-tight font-semibold">{trophy.title}</span>
        <span className="block text-sm text-muted-foreground">{trophy.progressText}</span>
        <span className="block pt-1">
          <Progress trophy={trophy} strong />
        </span>
      </span>
    </div>
  );
}

const TILE = "flex flex-col items-center gap-2 rounded-xl border px-3 py-4 text-center";

function Locked({ trophy }: { trophy: NextTrophy }) {
  return (
    <li data-trophy={trophy.key} data-earned="false" className={`${TILE} border-dashed bg-muted/30`}>
      <Badge trophy={trophy.key} look="locked" />
      <span className="block leading-tight font-semibold text-muted-foreground">
        <span className="sr-only">Locked: </span>
        {trophy.title}
      </span>
      <span className="block text-xs text-muted-foreground">{trophy.progressText}</span>
      <span className="block w-full max-w-32">
        <Progress trophy={trophy} strong={false} />
      </span>
    </li>
  );
}

export function TrophiesSection({ trophies }: { trophies: Trophies }) {
  const { earned, upcoming } = trophies;
  const total = earned.length + upcoming.length;
  const [next, ...rest] = upcoming.slice(0, Math.max(1, ROW - earned.length));
  // The rest of the set behind one tap (native <details>: no script): knowing what there is to earn
  // is half the pull of a trophy shelf, but nine locked tiles would bury the ones earned.
  const more = upcoming.slice(1 + rest.length);
  return (
    <Card className="gap-4" aria-labelledby="trophies-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id="trophies-title">Trophies</h2>
        </CardTitle>
        <CardDescription>
          {earned.length === 0
            ? "Take your first break to earn your first trophy. Each one you earn stays here."
            : `${earned.length} of ${total} earned. Each one you earn stays here.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 px-4 sm:px-6">
        {next && <UpNext trophy={next} />}
        {/* The shelf: two badges a row on a phone; wider, as many 12rem columns as fit, so a few
            stretch to fill the row. */}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
          {earned.map((t) => (
            <li
              key={t.key}
              data-trophy={t.key}
              data-earned="true"
              className={`${TILE} border-amber-300 bg-amber-50 dark:border-amber-400/30 dark:bg-amber-400/10`}
            >
              <Badge trophy={t.key} look="earned" />
              <span className="block leading-tight font-semibold">{t.title}</span>
              {/* Two lines always (a date never breaks in a narrow tile); read as "Earned May 13, 2026". */}
              <span className="block text-xs text-muted-foreground">
                Earned <br />
                <time dateTime={t.earnedOn}>{fullDate(t.earnedOn)}</time>
              </span>
            </li>
          ))}
          {rest.map((t) => (
            <Locked key={t.key} trophy={t} />
          ))}
        </ul>
        {more.length > 0 && (
          <details className="group">
            <summary className={`${iconLinkClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
              <span className="group-open:hidden">Show All {total} Trophies</span>
              <span className="hidden group-open:inline">Show Fewer Trophies</span>
            </summary>
            <ul
              aria-label="More trophies to earn"
              className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]"
            >
              {more.map((t) => (
                <Locked key={t.key} trophy={t} />
              ))}
            </ul>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
