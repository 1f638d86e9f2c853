"use client";

import { useMutation } from "@tanstack/react-query";
import { CalendarPlus, Copy, ExternalLink, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { inputClasses } from "@/components/ui/input-classes";
import { labelClasses } from "@/components/ui/label-classes";
import { buttonVariants } from "@/components/ui/classes";
import { resetCalendarLink } from "@/lib/actions/reset-calendar-link";
import { unwrap } from "@/components/providers/api-client";
import { api, errorMessage } from "@/components/providers/api-client";
import { showToast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

// The link's monospace small type replaces the input's own sizes (no class merging here).
const urlInputClass = `${inputClasses.replace("text-base", "text-xs").replace(" md:text-sm", "")} font-mono`;

/** Calendar apps open webcal:// links as subscriptions; Google Calendar takes the feed as `cid`. */
export function subscriptionLinks(url: string) {
  const webcal = url.replace(/^https?:/, "webcal:");
  return { webcal, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}` };
}

/** "Add Breaks to Your Calendar": its buttons and link (its part of the Calendar card is drawn by the page). */
export function CalendarFeedFields() {
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The link is a secret: it is created (or fetched) only when the user asks for it.
  const show = useMutation({
    mutationFn: () => api<{ url: string }>("/api/user/calendar"),
    onSuccess: (r) => setUrl(r.url),
    onError: (error) =>
      showToast({
        title: "Could not get your calendar link",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  const reset = useMutation({
    mutationFn: () => unwrap(resetCalendarLink()),
    onSuccess: (r) => {
      setUrl(r.url);
      setConfirming(false);
      showToast({
        title: "Calendar link reset",
        description: "The old link no longer works. Subscribe again with the new one.",
        variant: "success",
      });
    },
    onError: (error) =>
      showToast({
        title: "Reset failed",
        description: errorMessage(error, "Your calendar link was not changed. Please try again."),
        variant: "destructive",
      }),
  });

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast({
        title: "Link copied",
        description: "Paste it where your calendar app asks for a calendar URL.",
        variant: "success",
      });
    } catch {
      showToast({
        title: "Could not copy",
        description: "Select the link and copy it yourself.",
        variant: "destructive",
      });
    }
  }

  const links = url ? subscriptionLinks(url) : null;

  return (
    <>
      {!links ? (
        <button
          type="button"
          data-slot="button"
          className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto sm:self-start" })}
          disabled={show.isPending}
          onClick={() => show.mutate()}
        >
          <CalendarPlus aria-hidden="true" />
          {show.isPending ? "Getting your link..." : "Show My Calendar Link"}
        </button>
      ) : (
        <div className="space-y-4">
          <div className="grid gap-2">
            <label htmlFor={`${id}-url`} className={labelClasses}>
              Your private calendar link
            </label>
            <div className="flex gap-2">
              <input
                id={`${id}-url`}
                data-slot="input"
                readOnly
                value={url!}
                onFocus={(e) => e.currentTarget.select()}
                aria-describedby={`${id}-privacy`}
                className={urlInputClass}
              />
              <button
                type="button"
                data-slot="button"
                className={buttonVariants({ variant: "outline" })}
                onClick={() => void copy()}
              >
                <Copy aria-hidden="true" />
                Copy
              </button>
            </div>
            <p id={`${id}-privacy`} className="text-sm text-muted-foreground">
              Anyone with this link can see your break times, and nothing else. Keep it private; if you shared it by
              mistake, reset it. Saved changes show up at your calendar&apos;s next refresh (about once a day for Google
              Calendar).
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <a href={links.webcal} data-slot="button" className={buttonVariants({ variant: "outline" })}>
              <CalendarPlus aria-hidden="true" />
              Subscribe in Your Calendar App
            </a>
            <a
              href={links.google}
              target="_blank"
              rel="noopener noreferrer"
              data-slot="button"
              className={buttonVariants({ variant: "outline" })}
            >
              <ExternalLink aria-hidden="true" />
              Add to Google Calendar
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
          <button
            type="button"
            data-slot="button"
            className={buttonVariants({ variant: "ghost", size: "sm", className: "text-muted-foreground" })}
            onClick={() => setConfirming(true)}
          >
            <RotateCcw aria-hidden="true" />
            Reset Link
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={(next) => !reset.isPending && setConfirming(next)}
            title="Reset Your Calendar Link?"
            description="The current link stops working at once, and calendars subscribed with it stop updating. You can subscribe again with the new link."
            confirmLabel={reset.isPending ? "Resetting..." : "Reset Link"}
            busy={reset.isPending}
            onConfirm={() => reset.mutate()}
          />
        </div>
      )}
    </>
  );
}
