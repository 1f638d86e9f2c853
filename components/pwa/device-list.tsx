"use client";

import { MonitorSmartphone } from "lucide-react";
import { useEffect, useRef } from "react";
import { useHydrated } from "@/components/providers/use-hydrated";
import { buttonVariants } from "@/components/ui/classes";
import { removePushDevice } from "@/lib/actions/remove-push-device";
import { ApiError, unwrap } from "@/components/providers/api-client";
import { showToast } from "@/components/ui/toast";
import { failureText, waiting, type Run } from "./panel-requests";

/** A device as the server lists it (lib/push/subscriptions.ts), dates as ISO strings. */
export interface DeviceItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

let dateFormat: Intl.DateTimeFormat | undefined;
const formatDate = (iso: string) =>
  (dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })).format(new Date(iso));

export interface DeviceListProps {
  devices: DeviceItem[];
  /** The listed device this browser is, when its notifications are on. */
  thisDeviceId: string | null;
  /** The request running in the panel, if any. */
  busy: string | null;
  run: Run;
  /** The server has removed the device: the panel drops it from the list and this browser forgets it. */
  onRemoved: (id: string) => Promise<void>;
}

/** The account's devices that get notifications, each with Remove. */
export function DeviceList({ devices, thisDeviceId, busy, run, onRemoved }: DeviceListProps) {
  const hydrated = useHydrated();
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once a removal has been drawn (the list shorter, the request over): the
  // next device's Remove, else the list's heading. Done after React's commit, not on a timer, so
  // no later render of the panel can take it away again.
  const focusAfterRemoval = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null || busy !== null) return;
    focusAfterRemoval.current = null;
    const buttons = document.querySelectorAll<HTMLButtonElement>("[data-remove-device]");
    (buttons[Math.min(index, buttons.length - 1)] ?? listHeading.current)?.focus();
  }, [devices, busy]);

  const remove = (item: DeviceItem) =>
    run(`remove:${item.id}`, async () => {
      try {
        await unwrap(removePushDevice(item.id));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          showToast({
            title: "Could not remove the device",
            description: failureText(error, "Please try again."),
            variant: "destructive",
          });
          return;
        }
      }
      const index = devices.findIndex((d) => d.id === item.id);
      await onRemoved(item.id);
      showToast({
        title: "Device removed",
        description: `${item.name} will no longer get notifications.`,
        variant: "success",
      });
      // The button is gone: the focus moves once the list is drawn without it (the effect above).
      focusAfterRemoval.current = index;
    });

  return (
    <div className="space-y-3 border-t pt-4">
      <h4 ref={listHeading} tabIndex={-1} className="text-sm leading-none font-medium focus-visible:outline-none">
        Your Devices
      </h4>
      {devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No device gets notifications yet.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {devices.map((d) => (
            <DeviceRow
              key={d.id}
              device={d}
              mine={d.id === thisDeviceId}
              hydrated={hydrated}
              disabled={busy !== null}
              removing={busy === `remove:${d.id}`}
              onRemove={() => remove(d)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface DeviceRowProps {
  device: DeviceItem;
  /** The device is this browser. */
  mine: boolean;
  /** Dates are shown in the browser's locale: only once scripts run. */
  hydrated: boolean;
  /** Another request is running: Remove refuses clicks. */
  disabled: boolean;
  removing: boolean;
  onRemove: () => void;
}

function DeviceRow({ device: d, mine, hydrated, disabled, removing, onRemove }: DeviceRowProps) {
  return (
    <li className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
      <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium break-words">
          {d.name}
          {mine && (
            <span className="rounded-full bg-secondary px-2 py-px text-xs font-medium text-secondary-foreground">
              This device
            </span>
          )}
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
        className={buttonVariants({
          variant: "ghost",
          className: `min-h-11 shrink-0 text-muted-foreground ${waiting}`,
        })}
        aria-disabled={disabled || undefined}
        onClick={onRemove}
      >
        {removing ? "Removing..." : "Remove"}
        <span className="sr-only"> {d.name}</span>
      </button>
    </li>
  );
}
