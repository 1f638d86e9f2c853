"use client";

import { BellOff, BellRing, Check, Download, MonitorSmartphone, Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useId, useRef, useState } from "react";
import { useHydrated } from "@/components/providers/use-hydrated";
import { buttonVariants } from "@/components/ui/classes";
import { removePushDevice } from "@/lib/actions/remove-push-device";
import { sendTestNotification } from "@/lib/actions/send-test-notification";
import { unwrap } from "@/lib/actions/types";
import { ApiError, errorMessage } from "@/lib/api-client";
import { PRODUCT_NAME } from "@/lib/brand";
import { showToast } from "@/lib/toast";
import { useInstallPrompt } from "./use-install-prompt";
import { usePushDevice, type DeviceState } from "./use-push-device";

/** A device as the server lists it (lib/push/subscriptions.ts), dates as ISO strings. */
export interface DeviceItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const IOS_HINT = `To get notifications on iPhone or iPad, add ${PRODUCT_NAME} to your Home Screen: tap Share, then Add to Home Screen, and open it from there.`;

const NETWORK_ERROR = "Network error. Please check your connection and try again.";
const big = "min-h-11 w-full sm:w-auto";
// While one request runs the buttons refuse clicks but keep focus (a disabled button would drop it).
const waiting = "aria-disabled:cursor-wait aria-disabled:opacity-60";


let dateFormat: Intl.DateTimeFormat | undefined;
const formatDate = (iso: string) => (dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })).format(new Date(iso));

function failureText(error: unknown, fallback: string) {
  // A server action that never reached the server throws a TypeError, not an ApiError.
  return error instanceof ApiError ? errorMessage(error, fallback) : NETWORK_ERROR;
}

/** What this device does now, in words. */
function stateText(state: DeviceState): string {
  switch (state.kind) {
    case "checking":
      return "Checking this device...";
    case "unsupported":
      return "This browser can't show notifications from websites. Try a recent Chrome, Edge, Firefox or Safari.";
    case "ios":
      return `${IOS_HINT} (iOS 16.4 or later.)`;
    case "denied":
      return `Notifications are blocked for ${PRODUCT_NAME} in this browser. To allow them, open the site's settings (the icon at the left of the address bar), set Notifications to Allow, then reload this page.`;
    case "off":
      return "Notifications are off on this device.";
    case "on":
      return "This device gets a notification at each of your breaks.";
  }
}

/**
 * Settings' Notifications card, its client part: this device (turn on / off), installing the app,
 * the account's devices (each with Remove) and a test notification.
 */
export function NotificationsPanel({ initialDevices }: { initialDevices: DeviceItem[] }) {
  const hydrated = useHydrated();
  const hintId = useId();
  const router = useRouter();
  const [devices, setDevices] = useState(initialDevices);
  // The page drawn again (after a change): its list replaces ours.
  const [shown, setShown] = useState(initialDevices);
  if (shown !== initialDevices) {
    setShown(initialDevices);
    setDevices(initialDevices);
  }
  const [busy, setBusy] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  // After a change the server draws the page again: the list (a new device is named by the
  // server) and the "Remind me by" field, which says when e-mail stands in for notifications.
  const reload = useCallback(() => router.refresh(), [router]);
  const device = usePushDevice(
    devices.map((d) => d.id),
    reload,
  );
  const install = useInstallPrompt();
  const { state } = device;

  async function run(what: string, body: () => Promise<void>) {
    if (busy) return;
    setBusy(what);
    try {
      await body();
    } finally {
      setBusy(null);
    }
  }

  const turnOn = () =>
    run("on", async () => {
      try {
        if (await device.turnOn()) {
          showToast({ title: "Notifications are on", description: "Your break reminders will come to this device too.", variant: "success" });
        } else {
          showToast({
            title: "Notifications not allowed",
            description: `This browser did not allow notifications for ${PRODUCT_NAME}.`,
            variant: "destructive",
          });
        }
      } catch (error) {
        showToast({ title: "Could not turn on notifications", description: failureText(error, "Please try again."), variant: "destructive" });
      }
    });

  const turnOff = () =>
    run("off", async () => {
      try {
        await device.turnOff();
        showToast({ title: "Notifications are off on this device", variant: "success" });
      } catch (error) {
        showToast({ title: "Could not turn off notifications", description: failureText(error, "Please try again."), variant: "destructive" });
      }
    });

  const remove = (item: DeviceItem) =>
    run(`remove:${item.id}`, async () => {
      try {
        await unwrap(removePushDevice(item.id));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          showToast({ title: "Could not remove the device", description: failureText(error, "Please try again."), variant: "destructive" });
          return;
        }
      }
      const index = devices.findIndex((d) => d.id === item.id);
      setDevices((list) => list.filter((d) => d.id !== item.id));
      await device.forget(item.id);
      reload();
      showToast({ title: "Device removed", description: `${item.name} will no longer get notifications.`, variant: "success" });
      // The button is gone: focus goes to the next device's Remove, else to the list's heading.
      requestAnimationFrame(() => {
        const buttons = document.querySelectorAll<HTMLButtonElement>("[data-remove-device]");
        (buttons[Math.min(index, buttons.length - 1)] ?? listHeading.current)?.focus();
      });
    });

  const sendTest = () =>
    run("test", async () => {
      try {
        const { sent } = await unwrap(sendTestNotification());
        showToast({
          title: "Test notification sent",
          description: `Sent to ${sent === 1 ? "1 device" : `${sent} devices`}. It should arrive in a few seconds.`,
          variant: "success",
        });
      } catch (error) {
        showToast({ title: "Could not send a test notification", description: failureText(error, "Please try again."), variant: "destructive" });
      }
    });

  const onInstall = () =>
    run("install", async () => {
      if (await install.install())
        showToast({ title: `${PRODUCT_NAME} is installed`, description: "Open it from your home screen or app list.", variant: "success" });
    });

  const canToggle = state.kind === "on" || state.kind === "off";
  const StateIcon = state.kind === "on" ? BellRing : BellOff;

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <StateIcon className={`mt-0.5 size-5 shrink-0 ${state.kind === "on" ? "text-primary" : "text-muted-foreground"}`} aria-hidden="true" />
          <div className="grid gap-1">
            <h3 className="text-sm leading-none font-medium">This device</h3>
            <p role="status" className="min-h-5 text-sm text-muted-foreground">
              {stateText(state)}
            </p>
          </div>
        </div>
        {canToggle && (
          <button
            type="button"
            data-slot="button"
            className={buttonVariants({ variant: state.kind === "on" ? "outline" : "default", size: "lg", className: `${big} ${waiting} shrink-0` })}
            aria-disabled={busy !== null || undefined}
            onClick={state.kind === "on" ? turnOff : turnOn}
          >
            {state.kind === "on" ? <BellOff aria-hidden="true" /> : <BellRing aria-hidden="true" />}
            {state.kind === "on"
              ? busy === "off"
                ? "Turning off..."
                : "Turn off on this device"
              : busy === "on"
                ? "Turning on..."
                : "Turn on notifications on this device"}
          </button>
        )}
      </div>

      {(install.canInstall || install.installed) && (
        <div className="flex flex-col gap-4 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <Download className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid gap-1">
              <h3 className="text-sm leading-none font-medium">Install</h3>
              <p className="text-sm text-muted-foreground">
                {install.installed
                  ? `${PRODUCT_NAME} is installed on this device.`
                  : `Install ${PRODUCT_NAME} to open it like an app, from your home screen or dock.`}
              </p>
            </div>
          </div>
          {install.installed ? (
            <p className="flex min-h-11 items-center gap-1.5 text-sm font-medium text-success">
              <Check className="size-4" aria-hidden="true" />
              Installed
            </p>
          ) : (
            <button
              type="button"
              data-slot="button"
              className={buttonVariants({ variant: "outline", size: "lg", className: `${big} ${waiting} shrink-0` })}
              aria-disabled={busy !== null || undefined}
              onClick={onInstall}
            >
              <Download aria-hidden="true" />
              Install {PRODUCT_NAME}
            </button>
          )}
        </div>
      )}

      <div className="space-y-3 border-t pt-5">
        <h3 ref={listHeading} tabIndex={-1} className="text-sm leading-none font-medium focus-visible:outline-none">
          Your devices
        </h3>
        {devices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No device gets notifications yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {devices.map((d) => {
              const mine = state.kind === "on" && state.id === d.id;
              return (
                <li key={d.id} className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
                  <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium break-words">
                      {d.name}
                      {mine && <span className="rounded-full bg-secondary px-2 py-px text-xs font-medium text-secondary-foreground">This device</span>}
                    </p>
                    {/* On a phone one fact a line; side by side from 640 px. */}
                    <p className="text-xs text-muted-foreground">
                      {hydrated ? (
                        <>
                          <span className="block sm:inline">
                            Added <time dateTime={d.createdAt}>{formatDate(d.createdAt)}</time>
                          </span>
                          <span className="hidden sm:inline" aria-hidden="true">
                            {" · "}
                          </span>
                          <span className="block sm:inline">
                            {d.lastUsedAt ? (
                              <>
                                Last used <time dateTime={d.lastUsedAt}>{formatDate(d.lastUsedAt)}</time>
                              </>
                            ) : (
                              "Not used yet"
                            )}
                          </span>
                        </>
                      ) : (
                        "\u00a0"
                      )}
                    </p>
                  </div>
                  <button
                    type="button"
                    data-slot="button"
                    data-remove-device
                    className={buttonVariants({ variant: "ghost", className: `min-h-11 shrink-0 text-muted-foreground ${waiting}` })}
                    aria-disabled={busy !== null || undefined}
                    onClick={() => remove(d)}
                  >
                    {busy === `remove:${d.id}` ? "Removing..." : "Remove"}
                    <span className="sr-only"> {d.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {devices.length > 0 && (
        <div className="flex flex-col gap-2 border-t pt-5">
          <div>
            <button
              type="button"
              data-slot="button"
              className={buttonVariants({ variant: "outline", size: "lg", className: `${big} ${waiting}` })}
              aria-disabled={busy !== null || undefined}
              onClick={sendTest}
              aria-describedby={hintId}
            >
              <Send aria-hidden="true" />
              {busy === "test" ? "Sending..." : "Send a test notification"}
            </button>
          </div>
          <p id={hintId} className="text-sm text-muted-foreground">
            One to each device above, to check that they arrive. Up to 3 a day.
          </p>
        </div>
      )}
    </>
  );
}
