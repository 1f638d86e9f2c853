// History's "Trophies" (issue 33): the earned ones bright with the date earned, the next one to
// earn greyed with its progress. Drawn on the server.
import { Lock, Trophy } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Trophies } from "@/lib/recap/trophies";
import { fullDate } from "./format";

export function TrophiesSection({ trophies }: { trophies: Trophies }) {
  const { earned, next } = trophies;
  return (
    <Card className="gap-4" aria-labelledby="trophies-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id="trophies-title">Trophies</h2>
        </CardTitle>
        <CardDescription>
          {earned.length === 0
            ? "Milestones you earn stay here."
            : `${earned.length} earned. Milestones you earn stay here.`}
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
          {next && (
            <li
              data-trophy={next.key}
              data-earned="false"
              className="flex items-center gap-3 rounded-lg border border-dashed bg-muted/40 px-3 py-3 text-muted-foreground"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted">
                <Lock className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">
                  <span className="sr-only">Next trophy: </span>
                  {next.title}
                </span>
                <span className="block text-sm">{next.progressText}</span>
                <span
                  className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-label={`${next.title} progress`}
                  aria-valuemin={0}
                  aria-valuemax={next.goal}
                  aria-valuenow={next.progress}
                >
                  <span
                    className="block h-full rounded-full bg-muted-foreground/60"
                    style={{ width: `${Math.round((next.progress / next.goal) * 100)}%` }}
                  />
                </span>
              </span>
            </li>
          )}
        </ul>
      </CardContent>
    </Card>
  );
}
