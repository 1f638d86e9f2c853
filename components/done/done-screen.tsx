"use client";

import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, PartyPopper } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api, errorMessage } from "@/lib/api-client";

export type DoneView =
  | {
      kind: "ok";
      token: string;
      exercises: { name: string; minutes: number; steps: string[] }[];
      durationMinutes: number;
      timeDisplay: string | null;
      alreadyDone: boolean;
    }
  | { kind: "error"; message: string };

interface Progress {
  completed: boolean;
  alreadyCompleted: boolean;
  completedToday: number;
  totalToday: number;
}

export function DoneScreen({ view }: { view: DoneView }) {
  const complete = useMutation({
    mutationFn: (token: string) => api<Progress>("/api/breaks/complete", { body: { token } }),
  });

  if (view.kind === "error") {
    return (
      <Alert variant="destructive">
        <AlertTitle>
          <h1>This link can&apos;t be used</h1>
        </AlertTitle>
        <AlertDescription>{view.message}</AlertDescription>
      </Alert>
    );
  }

  if (complete.isSuccess) {
    const p = complete.data;
    const goal = p.totalToday > 0 && p.completedToday >= p.totalToday;
    return (
      <Card className="text-center" role="status">
        <CardHeader className="items-center">
          <PartyPopper className="mx-auto size-12 text-primary" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">{p.alreadyCompleted ? "Already counted!" : "Nice work!"}</h1>
          </CardTitle>
          <CardDescription>
            {p.totalToday > 0
              ? `${Math.min(p.completedToday, p.totalToday)} of ${p.totalToday} breaks done today.`
              : "Your break is recorded."}
            {goal ? " You've reached your daily movement goal." : ""}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/dashboard" className={buttonVariants({ variant: "outline" })}>
            Open dashboard
          </Link>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">Your {view.durationMinutes}-minute movement break</h1>
        </CardTitle>
        {view.timeDisplay && <CardDescription>Scheduled for {view.timeDisplay}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-6">
        {view.exercises.length > 0 && (
          <ol className="space-y-4">
            {view.exercises.map((ex, i) => (
              <li key={`${ex.name}-${i}`}>
                <p className="font-semibold">
                  {ex.name} <span className="font-normal text-muted-foreground">· {ex.minutes} min</span>
                </p>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                  {ex.steps.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        {view.alreadyDone && (
          <p className="flex items-center gap-2 text-sm font-medium text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" /> This break is already counted.
          </p>
        )}
        {complete.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(complete.error, "Something went wrong. Please try again.")}
          </p>
        )}
        <Button size="lg" className="w-full" disabled={complete.isPending} onClick={() => complete.mutate(view.token)}>
          {complete.isPending ? "Saving..." : "I did it"}
        </Button>
      </CardContent>
    </Card>
  );
}
