"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api, errorMessage } from "@/lib/api-client";
import { POST_SAVE_REFETCH_MS, SAVED_INDICATOR_MS } from "@/lib/constants";
import { snapTime } from "@/lib/schedule";
import { showToast } from "@/lib/toast";
import { BreakSchedule } from "./break-schedule";
import { CalendarFeed } from "./calendar-feed";
import { DangerZone } from "./danger-zone";
import { DataExport } from "./data-export";
import { EmailPreferences } from "./email-preferences";
import { defaultSecondTime, samePayload, toForm, toPayload, type SettingsData, type SettingsForm } from "./form-state";
import { MovementPreferences } from "./movement-preferences";

export const SETTINGS_QUERY_KEY = ["settings"] as const;

/**
 * `initial`: the settings as the server read them for this page, so the first HTML already holds
 * the filled form (nothing waits for a client fetch before the page can be read). Stale from the
 * start: the spec's load still runs on open.
 */
export function SettingsScreen({ email, initial }: { email: string; initial?: SettingsData }) {
  const queryClient = useQueryClient();
  // Spec section 7: always stale, refetched on focus, 3 retries.
  const settings = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => api<SettingsData>("/api/user/settings"),
    initialData: initial,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: 3,
  });
  const data = settings.data;

  // The form is filled from the first load. A later (background) load replaces it only while the
  // user has no unsaved edits, i.e. the form still matches what was last loaded or saved.
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [baseline, setBaseline] = useState<SettingsForm | null>(null);
  const [syncedData, setSyncedData] = useState<SettingsData | undefined>(undefined);
  if (data && data !== syncedData) {
    setSyncedData(data);
    if (!form || !baseline || samePayload(form, baseline)) {
      const next = toForm(data);
      setForm(next);
      setBaseline(next);
    }
  }

  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const save = useMutation({
    mutationFn: (values: SettingsForm) =>
      api<SettingsData>("/api/user/settings", { method: "PUT", body: toPayload(values) }),
    onSuccess: (_saved, values) => {
      setBaseline(values);
      setSaved(true);
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
      showToast({ title: "Settings updated", description: "Your changes have been saved successfully", variant: "success" });
      // The dashboard and today's breaks need nothing here: that page is rendered fresh and
      // refetches both whenever it is opened (components/dashboard/dashboard-store.tsx).
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }), POST_SAVE_REFETCH_MS);
    },
    onError: (error) => {
      // The form is left as it is, so the user's edits survive.
      showToast({
        title: "Update failed",
        description: errorMessage(error, "There was a problem saving your preferences. Please try again."),
        variant: "destructive",
      });
    },
  });

  const update = (patch: Partial<SettingsForm>) => setForm((f) => (f ? { ...f, ...patch } : f));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form || save.isPending) return;
    // A time typed and submitted with Enter never blurred: snap it now, and show what is saved.
    const values: SettingsForm = { ...form, times: [snapTime(form.times[0]), snapTime(form.times[1])] };
    setForm(values);
    save.mutate(values);
  }

  let body;
  if (form && data) {
    body = (
      <>
        <form onSubmit={onSubmit} className="space-y-6">
          <MovementPreferences
            duration={form.duration}
            intensity={form.intensity}
            movementPrefs={form.movementPrefs}
            onDurationChange={(duration) => update({ duration })}
            onIntensityChange={(intensity) => update({ intensity })}
            onMovementPrefsChange={(movementPrefs) => update({ movementPrefs })}
          />
          <BreakSchedule
            count={form.count}
            times={form.times}
            activeDays={form.activeDays}
            timezone={form.timezone}
            loadedTimezone={data.timezone}
            onCountChange={(count) =>
              setForm((f) => {
                if (!f) return f;
                const second = count === 2 && f.times[1] === "" ? defaultSecondTime(f.times[0]) : f.times[1];
                return { ...f, count, times: [f.times[0], second] };
              })
            }
            onTimeChange={(slot, value) =>
              setForm((f) => {
                if (!f) return f;
                const times: [string, string] = [...f.times];
                times[slot] = value;
                return { ...f, times };
              })
            }
            onActiveDaysChange={(activeDays) => update({ activeDays })}
            onTimezoneChange={(timezone) => update({ timezone })}
          />
          <EmailPreferences email={email} pauseEmails={form.pauseEmails} onPauseEmailsChange={(pauseEmails) => update({ pauseEmails })} />

          {/* Sticks above the fixed bottom navigation while the form is on screen. */}
          <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-10 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border sm:px-3">
            <Button type="submit" size="lg" className="w-full sm:w-auto sm:min-w-40" disabled={save.isPending}>
              {save.isPending ? "Saving..." : saved ? "Saved!" : "Save Changes"}
            </Button>
          </div>
        </form>
        <CalendarFeed />
        <DataExport />
        <DangerZone />
      </>
    );
  } else if (settings.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your settings</AlertTitle>
        <AlertDescription>
          <p>Please check your connection and try again.</p>
          <Button
            type="button"
            variant="outline"
            className="mt-2 text-foreground"
            onClick={() => void settings.refetch()}
            disabled={settings.isFetching}
          >
            {settings.isFetching ? "Retrying..." : "Retry"}
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else {
    body = <SettingsSkeleton />;
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      {body}
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <p className="text-muted-foreground">Loading settings...</p>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="space-y-4 rounded-xl border bg-card p-6 shadow-sm">
          <div className="h-5 w-40 animate-pulse rounded bg-muted" />
          <div className="h-12 animate-pulse rounded-lg bg-muted" />
          <div className="h-12 animate-pulse rounded-lg bg-muted" />
        </div>
      ))}
    </div>
  );
}
