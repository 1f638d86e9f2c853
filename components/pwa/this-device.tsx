"use client";

import { BellOff, BellRing } from "lucide-react";
import { buttonVariants } from "@/components/ui/classes";
import { PRODUCT_NAME } from "@/lib/brand";
import { showToast } from "@/components/ui/toast";
import { big, failureText, PUSH_BLOCKED, waiting, type Run } from "./panel-requests";
import type { DeviceState, usePushDevice } from "./use-push-device";

export const IOS_HINT = `To get notifications on iPhone or iPad, add ${PRODUCT_NAME} to your Home Screen: tap Share, then Add to Home Screen, and open it from there.`;

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

export interface ThisDeviceProps {
  device: Pick<ReturnType<typeof usePushDevice>, "state" | "turnOn" | "turnOff">;
  /** The request running in the panel, if any. */
  busy: string | null;
  run: Run;
}

/** This device's notifications: what it does now, and turning them on or off. */
export function ThisDevice({ device, busy, run }: ThisDeviceProps) {
  const { state } = device;

  const turnOn = () =>
    run("on", async () => {
      try {
        if (await device.turnOn()) {
          showToast({
            title: "Notifications are on",
            description: "Your break reminders will come to this device too.",
            variant: "success",
          });
        } else {
          showToast({
            title: "Notifications not allowed",
            description: PUSH_BLOCKED,
            variant: "destructive",
          });
        }
      } catch (error) {
        showToast({
          title: "Could not turn on notifications",
          description: failureText(error, "Please try again."),
          variant: "destructive",
        });
      }
    });

  const turnOff = () =>
    run("off", async () => {
      try {
        await device.turnOff();
        showToast({ title: "Notifications are off on this device", variant: "success" });
      } catch (error) {
        showToast({
          title: "Could not turn off notifications",
          description: failureText(error, "Please try again."),
          variant: "destructive",
        });
      }
    });

  const canToggle = state.kind === "on" || state.kind === "off";
  const StateIcon = state.kind === "on" ? BellRing : BellOff;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <StateIcon
          className={`mt-0.5 size-5 shrink-0 ${state.kind === "on" ? "text-primary" : "text-muted-foreground"}`}
          aria-hidden="true"
        />
        <div className="grid gap-1">
          <h4 className="text-sm leading-none font-medium">This Device</h4>
          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {stateText(state)}
          </p>
        </div>
      </div>
      {canToggle && (
        <button
          type="button"
          data-slot="button"
          // Outlined: Settings' one filled button is its Save.
          className={buttonVariants({
            variant: "outline",
            size: "lg",
            className: `${big} ${waiting} shrink-0`,
          })}
          aria-disabled={busy !== null || undefined}
          onClick={state.kind === "on" ? turnOff : turnOn}
        >
          {state.kind === "on" ? <BellOff aria-hidden="true" /> : <BellRing aria-hidden="true" />}
          {state.kind === "on"
            ? busy === "off"
              ? "Turning off..."
              : "Turn Off on This Device"
            : busy === "on"
              ? "Turning on..."
              : "Turn On Notifications on This Device"}
        </button>
      )}
    </div>
  );
}
