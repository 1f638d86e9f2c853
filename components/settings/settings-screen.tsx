"use client";

// Settings: one react-hook-form form over the shared settings schema, saved by the saveSettings
// action (the same domain function as PUT /api/user/settings). The settings are loaded with
// TanStack Query (the spec's staleness, focus refetch and retries) from the server's copy first;
// a later load replaces the form only while it holds no unsaved edit. Unsaved edits are shown
// ("Unsaved changes", Save enabled only then) and guarded on the way out.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { useLeaveGuard } from "@/components/forms/use-leave-guard";
import { useHydrated } from "@/components/providers/use-hydrated";
import { alertClasses } from "@/components/ui/field-classes";
import { buttonVariants } from "@/components/ui/classes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Form } from "@/components/ui/form";
import { saveSettings, type SaveSettingsState } from "@/lib/actions/save-settings";
import { api } from "@/components/providers/api-client";
import { POST_SAVE_REFETCH_MS, SAVED_INDICATOR_MS } from "@/components/constants";
import { settingsPayload, type SettingsFormValues } from "@/lib/schedule/forms";
import { showToast } from "@/components/ui/toast";
import { AppearanceCard } from "./appearance-card";
import { toFormValues, type SettingsData } from "./form-state";

export const SETTINGS_QUERY_KEY = ["settings"] as const;

const IDLE: SaveSettingsState = {};

/** Same payload, so saving would change nothing (times compared as they would be saved). */
function samePayload(a: SettingsFormValues, b: SettingsFormValues) {
  return JSON.stringify(settingsPayload(a)) === JSON.stringify(settingsPayload(b));
}

/** Spec section 8: only the preferences text changed → its own toast. */
function savedToast(changed: string[]) {
  if (changed.length === 1 && changed[0] === "movementPrefs") {
    showToast({ title: "✅ Preferences updated", description: "Your changes have been saved.", variant: "success" });
  } else {
    showToast({
      title: "Settings updated",
      description: "Your changes have been saved successfully",
      variant: "success",
    });
  }
}

export interface SettingsScreenProps {
  /** The settings as the server read them for this page: the first HTML holds the filled form, which
   *  also saves before scripts run. Stale from the start: the spec's load still runs on open. */
  initial: SettingsData;
  /** The form's sections, drawn on the server (cards, headings, icons) around their client fields. */
  sections: ReactNode;
  /** What follows the form (calendar link, data download, danger zone), drawn the same way. */
  after: ReactNode;
}

/**
 * The Settings screen's client part: the form, its state and the Save bar. The section cards are
 * server components passed in as slots, so the page's JavaScript holds only what reacts.
 */
export function SettingsScreen({ initial, sections, after }: SettingsScreenProps) {
  const router = useRouter();
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

  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const { form, state, pending, formProps, autoFocusField } = useActionForm({
    action: saveSettings,
    initialState: IDLE,
    schema: () => import("@/lib/schedule/schemas").then((m) => m.settingsFormSchema),
    defaultValues: toFormValues(initial),
    onResult(result) {
      if (result.ok) {
        // What was saved is the new starting point: nothing is unsaved any more.
        form.reset(toFormValues(result.data.settings));
        queryClient.setQueryData(SETTINGS_QUERY_KEY, result.data.settings);
        setSaved(true);
        clearTimeout(savedTimer.current);
        savedTimer.current = setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
        savedToast(result.data.changed);
        // Spec section 4: settings and dashboard data again about 500 ms later (the dashboard is
        // rendered afresh when opened; prefetching it makes the Today tab show the new schedule at once).
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
          router.prefetch("/dashboard");
        }, POST_SAVE_REFETCH_MS);
      } else if (result.ok === false) {
        // The form keeps the user's edits; the fields in error say what to fix.
        showToast({
          title: "Update failed",
          description: "There was a problem saving your preferences. Please try again.",
          variant: "destructive",
        });
      }
    },
  });

  // A later load (focus, retry) replaces the form only while nothing is being edited.
  const data = settings.data;
  const shownData = useRef(data);
  useEffect(() => {
    if (data === shownData.current) return;
    shownData.current = data;
    const shown = form.formState.defaultValues as SettingsFormValues;
    if (!samePayload(form.getValues(), shown)) return;
    const next = toFormValues(data);
    // The load on open usually brings what the page was rendered with: nothing to redraw.
    if (JSON.stringify(next) !== JSON.stringify(shown)) form.reset(next);
  }, [data, form]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <PostedResult state={state} />
      {settings.isError && (
        <div data-slot="alert" role="alert" className={alertClasses.destructive}>
          <div className={alertClasses.title}>Could not load your settings</div>
          <div data-slot="alert-description" className={alertClasses.description}>
            <p>The form shows them as they were when the page opened. Please check your connection.</p>
            <button
              type="button"
              data-slot="button"
              className={buttonVariants({ variant: "outline", className: "mt-2 text-foreground" })}
              onClick={() => void settings.refetch()}
              disabled={settings.isFetching}
            >
              {settings.isFetching ? "Retrying..." : "Retry"}
            </button>
          </div>
        </div>
      )}
      <Form {...form} autoFocusField={autoFocusField}>
        <form {...formProps} className="space-y-6">
          {sections}
          <SaveBar pending={pending} saved={saved} />
        </form>
      </Form>
      {/* Per device, applied at once: outside the account's form. */}
      <AppearanceCard />
      {after}
    </div>
  );
}

/**
 * The server's answer to a form posted without scripts, shown until scripts run. Its own component
 * (as is the Save bar's), so hydration ending re-renders it alone: in the screen itself it made
 * every field render a second time while the page was loading.
 */
function PostedResult({ state }: { state: SaveSettingsState }) {
  if (useHydrated()) return null;
  if (state.ok) {
    return (
      <div data-slot="alert" role="status" className={alertClasses.success}>
        <div className={alertClasses.title}>Settings updated</div>
        <div data-slot="alert-description" className={alertClasses.description}>
          Your changes have been saved successfully
        </div>
      </div>
    );
  }
  if (state.ok === false) {
    return (
      <div data-slot="alert" role="alert" className={alertClasses.destructive}>
        <div className={alertClasses.title}>Update failed</div>
        <div data-slot="alert-description" className={alertClasses.description}>
          There was a problem saving your preferences. Please fix the fields marked below.
        </div>
      </div>
    );
  }
  return null;
}

/**
 * The sticky Save bar: "Unsaved changes" and Save enabled only once something changed, and the
 * guard before leaving with unsaved changes. Its own component, so typing in the form re-renders
 * only this bar, not every section. Before hydration Save must work (the form posts without
 * scripts); afterwards it waits for a change.
 */
function SaveBar({ pending, saved }: { pending: boolean; saved: boolean }) {
  const hydrated = useHydrated();
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  const values = useWatch({ control: form.control }) as SettingsFormValues;
  const dirty = hydrated && !samePayload(values, form.formState.defaultValues as SettingsFormValues);
  const leave = useLeaveGuard(dirty);
  return (
    <>
      {/* Sticks above the fixed bottom navigation while the form is on screen. */}
      <div
        data-save-bar
        data-sticky="bottom"
        className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-10 sm:bottom-0 -mx-4 flex items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border sm:px-3"
      >
        <p role="status" className="text-sm text-muted-foreground">
          {pending ? "" : dirty ? "Unsaved changes" : saved ? "All changes saved" : ""}
        </p>
        <button
          type="submit"
          data-slot="button"
          // With scripts on, inert until hydrated (a tap then would post the whole page); without
          // scripts (no data-js on <html>) the form still posts to its action.
          data-hydrated={hydrated ? "" : undefined}
          className={buttonVariants({
            size: "lg",
            className:
              "min-w-36 sm:min-w-40 [html[data-js]_&:not([data-hydrated])]:pointer-events-none [html[data-js]_&:not([data-hydrated])]:opacity-50",
          })}
          disabled={pending || (hydrated && !dirty && !saved)}
        >
          {pending ? "Saving..." : saved ? "Saved!" : "Save Changes"}
        </button>
      </div>
      <ConfirmDialog
        open={!!leave}
        onOpenChange={(open) => !open && leave?.stay()}
        title="Leave without saving?"
        description="You have unsaved changes in Settings. If you leave now, they will be lost."
        confirmLabel="Leave without saving"
        cancelLabel="Keep editing"
        confirmVariant="destructive"
        onConfirm={() => leave?.leave()}
      />
    </>
  );
}
