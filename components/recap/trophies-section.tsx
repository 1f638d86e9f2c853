// History's "Trophies" (issue 33): the earned ones bright with the date earned, then the ones to
// earn greyed with their progress, the next one first. Drawn on the server.
import { Lock, Trophy } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { NextTrophy, Trophies } from "@/lib/recap/trophies";
import { fullDate } from "./format";

/** The trophies shown in a row on a laptop: with fewer earned, the ones to earn fill it. */
const ROW = 3;

function ToEarn({ trophy, next }: { trophy: NextTrophy; next: boolean }) {
  return (
    <li
      data-trophy={trophy.key}
      data-earned="false"
      data-next={next ? "true" : undefined}
      className="flex items-center gap-3 rounded-lg border border-dashed bg-muted/40 px-3 py-3 text-muted-foreground"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted">
        <Lock className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        {next && <span className="block text-xs font-medium text-primary">Up next</span>}
        <span className="block font-semibold">
          {!next && <span className="sr-only">Still to earn: </span>}
          {trophy.title}
        </span>
        <span className="block text-sm">{trophy.progressText}</span>
        <span
          className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={`${trophy.title} progress`}
          aria-valuemin={0}
          aria-valuemax={trophy.goal}
          aria-valuenow={trophy.progress}
        >
          <span
            className={`block h-full rounded-full ${next ? "bg-primary" : "bg-muted-foreground/60"}`}
            style={{ width: `${Math.round((trophy.progress / trophy.goal) * 100)}%` }}
          />
        </span>
      </span>
    </li>
  );
}

export function TrophiesSection({ trophies }: { trophies: Trophies }) {
  const { earned, upcoming } = trophies;
  const total = earned.length + upcoming.length;
  const toEarn = upcoming.slice(0, Math.max(1, ROW - earned.length));
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
      <CardContent className="px-4 sm:px-6">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {earned.map((t) => (
            <li
              key={t.key}
              data-trophy={t.key}
              data-earned="true"
              className="flex items-center gap-3 rounded-lg border border-primary/40 bg-primary/10 px-3 py-3"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Trophy className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold">{t.title}</span>
                <span className="block text-sm text-muted-foreground">
                  Earned <time dateTime={t.earnedOn}>{fullDate(t.earnedOn)}</time>
                </span>
              </span>
            </li>
          ))}
          {toEarn.map((t, i) => (
            <ToEarn key={t.key} trophy={t} next={i === 0} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
