"use client";

import { useMutation } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { TimeField } from "@/components/schedule/time-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { api, errorMessage } from "@/lib/api-client";
import { DEFAULT_TIMES, DURATIONS } from "@/lib/schedule";
import { showToast } from "@/lib/toast";

function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function useLocalTime() {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    // Refresh on the next minute boundary, then every minute.
    let interval: ReturnType<typeof setInterval> | undefined;
    const timeout = setTimeout(() => {
      setNow(new Date());
      interval = setInterval(() => setNow(new Date()), 60_000);
    }, 60_000 - (Date.now() % 60_000));
    return () => {
      clearTimeout(timeout);
      if (interval) clearInterval(interval);
    };
  }, []);
  return now;
}

export function WelcomeScreen() {
  const router = useRouter();
  const now = useLocalTime();
  const [timezone, setTimezone] = useState("UTC");
  useEffect(() => setTimezone(browserTimeZone()), []);
  const [first, setFirst] = useState<string>(DEFAULT_TIMES[0]);
  const [second, setSecond] = useState<string>(DEFAULT_TIMES[1]);
  const [duration, setDuration] = useState("5");
  const [error, setError] = useState<string | null>(null);

  const setup = useMutation({
    mutationFn: () =>
      api("/api/user/setup", { body: { timezone, times: [first, second], durationPreference: Number(duration) } }),
    onSuccess: () => {
      showToast({ title: "Setup complete!", description: "Your movement breaks have been scheduled.", variant: "success" });
      // Client navigation keeps the toast on screen.
      router.replace("/dashboard");
    },
    onError: (e) => {
      setError(errorMessage(e, "There was a problem saving your preferences. Please try again."));
      showToast({
        title: "Setup failed",
        description: "There was a problem saving your preferences. Please try again.",
        variant: "destructive",
      });
    },
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (setup.isPending) return;
    if (!first || !second) {
      setError("Please choose both break times.");
      return;
    }
    setError(null);
    setup.mutate();
  }

  const timeText = now
    ? new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: timezone }).format(now)
    : "";

  return (
    <div className="mx-auto max-w-lg space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Let&apos;s loosen up</h1>
        <p className="text-muted-foreground">Pick two short breaks a day. You can change everything later in Settings.</p>
      </div>

      <p className="flex items-center gap-2 rounded-lg border bg-card p-3 text-sm" aria-live="polite">
        <Clock className="size-4 text-primary" aria-hidden="true" />
        <span>
          Your local time: <strong>{timeText || "…"}</strong> <span className="text-muted-foreground">({timezone})</span>
        </span>
      </p>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Your daily breaks</h2>
          </CardTitle>
          <CardDescription>We&apos;ll e-mail you a short movement break at each time, Monday to Friday.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-6" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <TimeField label="First break time" value={first} onChange={setFirst} />
              <TimeField label="Second break time" value={second} onChange={setSecond} />
            </div>

            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Break duration</legend>
              <RadioGroup value={duration} onValueChange={setDuration} className="grid grid-cols-3 gap-2">
                {DURATIONS.map((d) => (
                  <Label
                    key={d}
                    htmlFor={`duration-${d}`}
                    className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                  >
                    <RadioGroupItem id={`duration-${d}`} value={String(d)} />
                    {d} min
                  </Label>
                ))}
              </RadioGroup>
            </fieldset>

            {error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}

            <Button type="submit" className="w-full" size="lg" disabled={setup.isPending}>
              {setup.isPending ? "Setting up..." : "Start My Streak"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
