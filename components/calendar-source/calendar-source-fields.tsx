"use client";

// Settings' "Your calendar" card (issue 31): the user pastes their calendar's secret iCal address,
// the server reads it at once and says what it found (or exactly why it could not), and from then on
// breaks move out of busy times. The address is a secret: it is never shown again, only replaced or
// erased. The connect form is react-hook-form over the connectCalendarSource action, so it also
// posts without scripts; Disconnect is the disconnectCalendarSource action behind a confirmation.
import { useMutation } from "@tanstack/react-query";
import { CalendarCheck, CalendarX, Link2, Unlink } from "lucide-react";
import { useState } from "react";
import { NETWORK_FAILURE, useActionForm } from "@/components/forms/use-action-form";
import { errorMessage, unwrap } from "@/components/providers/api-client";
import { useHydrated } from "@/components/providers/use-hydrated";
import { buttonVariants, inputClasses } from "@/components/ui/classes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { alertClasses } from "@/components/ui/field-classes";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { showToast } from "@/components/ui/toast";
import { connectCalendarSource, type ConnectCalendarState } from "@/lib/actions/connect-calendar";
import { disconnectCalendarSource } from "@/lib/actions/disconnect-calendar";
import type { CalendarSourceView } from "@/lib/calendar-source/input";
import { ProviderHelp } from "./provider-help";

const IDLE: ConnectCalendarState = {};

export function busyTimesText(count: number): string {
  return `${count} busy ${count === 1 ? "time" : "times"} this week`;
}

/** "just now", "5 minutes ago", "2 hours ago": when the calendar was last read. */
export function readAgo(checkedAt: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(checkedAt)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
  const hours = Math.round(minutes / 60);
  return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
}

export function CalendarSourceFields({
  initial,
  onConnectedChange,
}: {
  initial: CalendarSourceView | null;
  /** Told when a calendar is connected or disconnected here (Settings' "Around meetings" needs one). */
  onConnectedChange?: (connected: boolean) => void;
}) {
  const [view, setView] = useState(initial);
  const [replacing, setReplacing] = useState(false);

  if (!view || replacing) {
    return (
      <ConnectForm
        replacing={!!view}
        onConnected={(next) => {
          setView(next);
          setReplacing(false);
          onConnectedChange?.(true);
        }}
        onCancel={view ? () => setReplacing(false) : undefined}
      />
    );
  }
  return (
    <ConnectedStatus
      view={view}
      onReplace={() => setReplacing(true)}
      onDisconnected={() => {
        setView(null);
        onConnectedChange?.(false);
      }}
    />
  );
}

function ConnectForm({
  replacing,
  onConnected,
  onCancel,
}: {
  replacing: boolean;
  onConnected: (view: CalendarSourceView) => void;
  onCancel?: () => void;
}) {
  const { form, pending, formProps, autoFocusField } = useActionForm({
    action: connectCalendarSource,
    initialState: IDLE,
    schema: () => import("@/lib/calendar-source/input").then((m) => m.calendarSourceInput),
    defaultValues: { url: "" },
    onResult(result) {
      if (result.ok) {
        form.reset({ url: "" });
        onConnected(result.data);
        showToast({
          title: "Calendar connected",
          description: `Limber found ${busyTimesText(result.data.busyCount)}. Breaks now move out of your meetings.`,
          variant: "success",
        });
      } else if (result.ok === false && !result.fieldErrors) {
        // Field errors show under the field; anything else (rate limit, network) as a toast.
        showToast({
          title: "Could not connect your calendar",
          description:
            result.status === NETWORK_FAILURE.status
              ? "Please check your connection and try again."
              : result.message || "Please try again.",
          variant: "destructive",
        });
      }
    },
  });

  // Open from the start when the server sent an error back (a post without scripts); never closed
  // by React afterwards: the prop stays the same while the user types and the error goes.
  const [startOpen] = useState(() => !!form.formState.errors.url);

  const fields = (
    <Form {...form} autoFocusField={autoFocusField}>
      <form {...formProps} className="space-y-4">
        <FormField
          control={form.control}
          name="url"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Your calendar&apos;s secret address (iCal)</FormLabel>
              <FormControl>
                <input
                  {...field}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
                  data-slot="input"
                  className={inputClasses}
                />
              </FormControl>
              <FormDescription>Limber keeps only when you are busy, never what your events are.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <ProviderHelp />
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="submit"
            data-slot="button"
            className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
            disabled={pending}
          >
            <Link2 aria-hidden="true" />
            {pending ? "Reading your calendar..." : replacing ? "Use This Address" : "Connect Calendar"}
          </button>
          {onCancel && (
            <button
              type="button"
              data-slot="button"
              className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
              onClick={onCancel}
              disabled={pending}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
    </Form>
  );
  if (replacing) return fields;
  // Most people never connect one: the card offers it, and the field and its help open on demand
  // (a native disclosure, so also without scripts).
  return (
    <details
      className="group/connect"
      open={startOpen || undefined}
      onToggle={(e) => e.currentTarget.open && form.setFocus("url")}
    >
      <summary
        data-slot="button"
        className={buttonVariants({
          variant: "outline",
          className:
            "w-full cursor-pointer list-none group-open/connect:hidden sm:w-fit [&::-webkit-details-marker]:hidden",
        })}
      >
        <Link2 aria-hidden="true" />
        Connect Your Calendar
      </summary>
      {fields}
    </details>
  );
}

function ConnectedStatus({
  view,
  onReplace,
  onDisconnected,
}: {
  view: CalendarSourceView;
  onReplace: () => void;
  onDisconnected: () => void;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: () => unwrap(disconnectCalendarSource()),
    onSuccess: () => {
      setConfirming(false);
      onDisconnected();
      showToast({
        title: "Calendar disconnected",
        description: "Limber erased its address and the busy times it read. Breaks keep your set times.",
        variant: "success",
      });
    },
    onError: (error) =>
      showToast({
        title: "Could not disconnect",
        description: errorMessage(error, "Your calendar is still connected. Please try again."),
        variant: "destructive",
      }),
  });

  return (
    <div className="space-y-4">
      {view.status === "ok" ? (
        <div className="flex items-start gap-3" role="status">
          <CalendarCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-medium">Connected: {busyTimesText(view.busyCount)}</p>
            <p className="text-sm text-muted-foreground">
              {/* Relative time only in the browser: the server's clock would not match the page's. */}
              {hydrated && view.checkedAt ? `Read ${readAgo(view.checkedAt, Date.now())}. ` : ""}
              Limber reads it again every 15 minutes and just before each break.
            </p>
          </div>
        </div>
      ) : (
        <div data-slot="alert" role="alert" className={alertClasses.destructive}>
          <div className={alertClasses.title}>
            <span className="flex items-center gap-2">
              <CalendarX className="size-4" aria-hidden="true" />
              Limber could not read your calendar
            </span>
          </div>
          <div data-slot="alert-description" className={alertClasses.description}>
            <p>{view.error}</p>
            <p>Your breaks keep their set times until it can be read again. Limber keeps trying.</p>
          </div>
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          data-slot="button"
          className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
          onClick={onReplace}
        >
          <Link2 aria-hidden="true" />
          Use a Different Address
        </button>
        <button
          type="button"
          data-slot="button"
          className={buttonVariants({ variant: "ghost", className: "w-full text-muted-foreground sm:w-auto" })}
          onClick={() => setConfirming(true)}
        >
          <Unlink aria-hidden="true" />
          Disconnect
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => !disconnect.isPending && setConfirming(next)}
        title="Disconnect Your Calendar?"
        description="Limber erases your calendar's address and every busy time it read. Your breaks go back to your set times."
        confirmLabel={disconnect.isPending ? "Disconnecting..." : "Disconnect"}
        confirmVariant="destructive"
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </div>
  );
}
