"use client";

import { useMutation } from "@tanstack/react-query";
import { CalendarPlus, Copy, ExternalLink, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, errorMessage } from "@/lib/api-client";
import { showToast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SectionCard } from "./section-card";

/** Calendar apps open webcal:// links as subscriptions; Google Calendar takes the feed as `cid`. */
export function subscriptionLinks(url: string) {
  const webcal = url.replace(/^https?:/, "webcal:");
  return { webcal, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}` };
}

export function CalendarFeed() {
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The link is a secret: it is created (or fetched) only when the user asks for it.
  const show = useMutation({
    mutationFn: () => api<{ url: string }>("/api/user/calendar"),
    onSuccess: (r) => setUrl(r.url),
    onError: (error) =>
      showToast({ title: "Could not get your calendar link", description: errorMessage(error, "Please try again."), variant: "destructive" }),
  });
  const reset = useMutation({
    mutationFn: () => api<{ url: string }>("/api/user/calendar/reset", { method: "POST" }),
    onSuccess: (r) => {
      setUrl(r.url);
      setConfirming(false);
      showToast({ title: "Calendar link reset", description: "The old link no longer works. Subscribe again with the new one.", variant: "success" });
    },
    onError: (error) =>
      showToast({ title: "Reset failed", description: errorMessage(error, "Your calendar link was not changed. Please try again."), variant: "destructive" }),
  });

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: "Link copied", description: "Paste it where your calendar app asks for a calendar URL.", variant: "success" });
    } catch {
      showToast({ title: "Could not copy", description: "Select the link and copy it yourself.", variant: "destructive" });
    }
  }

  const links = url ? subscriptionLinks(url) : null;

  return (
    <SectionCard
      title="Add breaks to your calendar"
      icon={CalendarPlus}
      description="Subscribe your calendar app to see your breaks at your reminder times. Changes you save here show up the next time your calendar refreshes (Google Calendar refreshes about once a day)."
    >
      {!links ? (
        <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={show.isPending} onClick={() => show.mutate()}>
          <CalendarPlus aria-hidden="true" />
          {show.isPending ? "Getting your link..." : "Show my calendar link"}
        </Button>
      ) : (
        <div className="space-y-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-url`}>Your private calendar link</Label>
            <div className="flex gap-2">
              <Input id={`${id}-url`} readOnly value={url!} onFocus={(e) => e.currentTarget.select()} aria-describedby={`${id}-privacy`} className="font-mono text-xs md:text-xs" />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
            <p id={`${id}-privacy`} className="text-sm text-muted-foreground">
              Anyone with this link can see your break times, and nothing else. Keep it private; if you shared it by mistake, reset it.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild>
              <a href={links.webcal}>
                <CalendarPlus aria-hidden="true" />
                Subscribe in your calendar app
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={links.google} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                Add to Google Calendar
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Button>
          </div>
          <Button type="button" variant="ghost" className="px-2 text-muted-foreground" onClick={() => setConfirming(true)}>
            <RotateCcw aria-hidden="true" />
            Reset link
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={(next) => !reset.isPending && setConfirming(next)}
            title="Reset your calendar link?"
            description="The current link stops working at once, and calendars subscribed with it stop updating. You can subscribe again with the new link."
            confirmLabel={reset.isPending ? "Resetting..." : "Reset link"}
            busy={reset.isPending}
            onConfirm={() => reset.mutate()}
          />
        </div>
      )}
    </SectionCard>
  );
}
