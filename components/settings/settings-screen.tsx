"use client";

// Settings: one react-hook-form form over the shared settings schema, saved by the saveSettings
// action (the same domain function as PUT /api/user/settings). The settings are loaded with
// TanStack Query (the spec's staleness, focus refetch and retries) from the server's copy first;
// a later load replaces the form only while it holds no unsaved edit. The page is three groups of
// compact cards (sections.ts) with their contents beside them from 1280 px; unsaved edits bring up
// the Save bar docked at the bottom of the screen (Discard, 'Save Changes') and are guarded on
// the way out. The bar says how a save went, in a live region: 'All changes saved' (and the
// spec's toast and 'Saved!'), or, when it failed, that nothing was saved and what to do, with the
// edits kept and Save Changes offered again.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, CircleAlert, CircleCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
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
import { saveFailedText, SETTINGS_FORM_ID, toFormValues, type SettingsData } from "./form-state";
import { SettingsContents } from "./settings-contents";
import { groupTitle, type SettingsGroupId } from "./sections";

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
  /** "Your Breaks": the form's first sections, drawn on the server (cards, headings, icons) around their client fields. */
  breaks: ReactNode;
  /** "Reminders", in the form: Email & Notifications. */
  reminders: ReactNode;
  /** "Reminders", after the form (the Calendar card, which has forms of its own; its "Around meetings"
   *  field belongs to the settings form by its `form` attribute), drawn the same way. */
  remindersAfter: ReactNode;
  /** "Account", outside the form: Appearance (this device's, applied at once), data download, Danger Zone. */
  account: ReactNode;
}

/** A group's heading (the contents link to it); the groups after the first stand apart. */
function GroupHeading({ id }: { id: SettingsGroupId }) {
  return (
    <h2
      id={id}
      className="scroll-mt-20 pt-1 text-lg leading-tight font-semibold tracking-tight text-foreground not-first:mt-5 md:scroll-mt-24"
    >
      {groupTitle(id)}
    </h2>
  );
}

/**
 * The Settings screen's client part: the form, its state and the Save bar. The section cards are
 * server components passed in as slots, so the page's JavaScript holds only what reacts.
 */
export function SettingsScreen({ initial, breaks, reminders, remindersAfter, account }: SettingsScreenProps) {
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
  // Why the last save failed, for the Save bar (the edits stay in the form).
  const [failed, setFailed] = useState("");
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
        setFailed("");
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
        // The form keeps the user's edits; the fields in error say what to fix, the Save bar what to do.
        setFailed(saveFailedText(result));
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
    // From 1280 px the page takes the header's width: the contents on the left, the cards beside
    // them. Without scripts the Save bar always shows: room below the last card for it.
    <div className="xl:-mx-32 xl:grid xl:grid-cols-[12rem_minmax(0,1fr)] xl:gap-x-10 [html:not([data-js])_&]:pb-20">
      <h1 className="text-2xl font-bold tracking-tight xl:col-span-2">Settings</h1>
      <SettingsContents className="mt-3 xl:sticky xl:top-24 xl:mt-6 xl:self-start" />
      <div className="mt-5 flex min-w-0 flex-col gap-4 xl:mt-6">
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
          {/* "contents": the form's cards and headings are laid out with the ones after it. */}
          <form {...formProps} id={SETTINGS_FORM_ID} className="contents">
            <GroupHeading id="your-breaks" />
            {breaks}
            <GroupHeading id="reminders" />
            {reminders}
            <SaveBar pending={pending} saved={saved} failed={failed} clearFailed={() => setFailed("")} />
          </form>
          {remindersAfter}
        </Form>
        <GroupHeading id="account" />
        {account}
      </div>
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

// The bar's box, above the phone's tab bar (65 px: its border and 64 px of tabs, then the safe
// area) below 640 px, at the bottom of the screen (over the safe area) from 640 px.
const BAR_BOX =
  "fixed inset-x-0 bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-20 border-t sm:bottom-0 sm:pb-[env(safe-area-inset-bottom)]";
// Its row lines up with the cards: the page's column, beside the contents from 1280 px.
const BAR_ROW = "mx-auto flex h-16 max-w-3xl items-center gap-2 px-4 sm:gap-3 xl:max-w-5xl xl:pl-[15.5rem]";

/**
 * The Save bar, docked at the bottom of the screen: shown only while there is something to save
 * (and while 'Saving...', and for the 2 s of 'Saved!'), with Discard beside 'Save Changes'; and
 * the guard before leaving with unsaved changes. Its own component, so typing in the form
 * re-renders only this bar, not every section. It sits in the page right after the form's last
 * field, so Tab reaches it after the fields. Without scripts it always shows and the form posts
 * to its action (Discard is then the form's native reset).
 */
function SaveBar({
  pending,
  saved,
  failed,
  clearFailed,
}: {
  pending: boolean;
  saved: boolean;
  /** What to do after a failed save ("" when the last one did not fail). */
  failed: string;
  clearFailed: () => void;
}) {
  const hydrated = useHydrated();
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  const values = useWatch({ control: form.control }) as SettingsFormValues;
  const dirty = hydrated && !samePayload(values, form.formState.defaultValues as SettingsFormValues);
  const open = hydrated && (dirty || pending || saved);
  const leave = useLeaveGuard(dirty);
  // The toaster (loaded with the first toast) is fetched once there is something to save, so the
  // save's toast shows at once, not a moment after the bar has said 'Saved!'.
  useEffect(() => {
    if (dirty) void import("@/components/ui/sonner");
  }, [dirty]);
  // Nothing left unsaved (discarded, or set back by hand): the failure is over.
  useEffect(() => {
    if (hydrated && !dirty && failed) clearFailed();
  }, [hydrated, dirty, failed, clearFailed]);
  const barRef = useRef<HTMLDivElement>(null);
  const lastField = useLastField(barRef);

  // Nothing to save: Enter in a field does not post the form again (the hidden bar's button would).
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  });
  useEffect(() => {
    const formEl = barRef.current?.closest("form");
    if (!formEl) return;
    const onSubmit = (e: SubmitEvent) => {
      if (dirtyRef.current) return;
      e.preventDefault();
      e.stopPropagation(); // before React's handler, which listens at the page's root
    };
    formEl.addEventListener("submit", onSubmit, true);
    return () => formEl.removeEventListener("submit", onSubmit, true);
  }, []);

  // The bar goes while the focus is in it (after Discard, or when 'Saved!' ends): the focus goes
  // back to the field edited last rather than to the page's start. Only for the keyboard: after
  // a click or a tap nothing is focused visibly, and bringing the field into view would scroll.
  useLayoutEffect(() => {
    const bar = barRef.current;
    const focused = document.activeElement;
    if (open || !bar || !(focused instanceof HTMLElement) || !bar.contains(focused)) return;
    leaveBar(focused, lastField);
  }, [open, lastField]);

  const busy = pending || (hydrated && !dirty);
  const showSaved = saved && !dirty && !pending;
  const showFailed = !!failed && dirty && !pending;
  return (
    <>
      <div
        ref={barRef}
        data-save-bar
        data-sticky="bottom"
        data-open={open || undefined}
        className={`${BAR_BOX} bg-background shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.12)] [html[data-js]_&:not([data-open])]:hidden motion-safe:starting:translate-y-4 motion-safe:starting:opacity-0 motion-safe:transition-[translate,opacity] motion-safe:duration-200`}
      >
        <div className={BAR_ROW}>
          {/* A live region the whole time the bar shows (it opens with the first edit), so the
              outcome of a save is announced: saved, or not saved and what to do. */}
          <p
            role="status"
            className={`mr-auto flex min-w-0 items-center gap-1.5 text-sm leading-tight ${showFailed ? "font-medium text-destructive" : showSaved ? "font-medium text-success" : "text-muted-foreground"}`}
          >
            {showSaved && <CircleCheck className="size-4 shrink-0" aria-hidden="true" />}
            {showFailed && <CircleAlert className="size-4 shrink-0" aria-hidden="true" />}
            {showFailed ? (
              // On a phone the bar has room for "Not saved." only: what to do is read out there (and
              // the toast says it); from 640 px it is shown too.
              <span>
                Not saved. <span className="sr-only sm:not-sr-only">{failed}</span>
              </span>
            ) : (
              <span>{pending ? "" : dirty ? "Unsaved changes" : showSaved ? "All changes saved" : ""}</span>
            )}
          </p>
          {(dirty || !hydrated) && (
            <button
              type="reset"
              data-slot="button"
              className={buttonVariants({ variant: "outline", className: "px-3 text-foreground" })}
              aria-disabled={pending || undefined}
              onClick={(e) => {
                if (!hydrated) return; // without scripts: the form's own reset
                e.preventDefault();
                if (pending) return;
                // The button goes with the changes: the focus first goes back to the field.
                leaveBar(e.currentTarget, lastField);
                form.reset();
              }}
            >
              Discard
            </button>
          )}
          <button
            type="submit"
            data-slot="button"
            // Still focusable while saving and once saved (aria-disabled, not disabled): a button that
            // turns disabled drops the focus. A second press meanwhile is refused (the submit gate,
            // and here: nothing to save).
            aria-disabled={busy || undefined}
            onClick={(e) => {
              if (hydrated && !dirty) e.preventDefault();
            }}
            // While saving it is dimmed; once saved it stays bright, with a check: a result, not a lock.
            className={buttonVariants({ className: `min-w-32 sm:min-w-36 ${pending ? "opacity-80" : ""}` })}
          >
            {showSaved && <Check aria-hidden="true" />}
            {pending ? "Saving..." : showSaved ? "Saved!" : "Save Changes"}
          </button>
        </div>
      </div>
      {/* At the page's end, while the bar shows: room to scroll the last card and the footer above it
          (components/shell/keep-focus-in-view.tsx keeps a focused element clear of the fixed bar). */}
      {open &&
        createPortal(
          <div aria-hidden="true" className="h-[calc(4rem+1px)] sm:h-[calc(4rem+1px+env(safe-area-inset-bottom))]" />,
          document.body,
        )}
      <ConfirmDialog
        open={!!leave}
        onOpenChange={(open) => !open && leave?.stay()}
        title="Leave Without Saving?"
        description="You have unsaved changes in Settings. If you leave now, they will be lost."
        confirmLabel="Leave Without Saving"
        cancelLabel="Keep Editing"
        confirmVariant="destructive"
        onConfirm={() => leave?.leave()}
      />
    </>
  );
}

/** The focus leaves the bar's `focused` button: by keyboard back to the field edited last, else nowhere. */
function leaveBar(focused: HTMLElement, lastField: () => HTMLElement | null) {
  if (focused.matches(":focus-visible")) lastField()?.focus();
  else focused.blur();
}

/** A field of `form`: inside it, or outside it and joined to it by its `form` attribute (Around meetings). */
function ofForm(form: HTMLFormElement, el: HTMLElement) {
  return form.contains(el) || (el as HTMLElement & { form?: HTMLFormElement | null }).form === form;
}

/** The form's field focused last (outside the bar), or its first one: where the focus goes back to. */
function useLastField(barRef: RefObject<HTMLDivElement | null>) {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const form = barRef.current?.closest("form");
    if (!form) return;
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement && !barRef.current?.contains(e.target) && ofForm(form, e.target))
        last.current = e.target;
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [barRef]);
  const [get] = useState(() => () => {
    const form = barRef.current?.closest("form");
    if (form && last.current?.isConnected && ofForm(form, last.current)) return last.current;
    return form?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button") ?? null;
  });
  return get;
}
