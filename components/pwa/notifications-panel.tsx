"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { DeviceList, type DeviceItem } from "./device-list";
import { InstallOffer } from "./install-offer";
import { TestNotification } from "./test-notification";
import { ThisDevice } from "./this-device";
import { useInstallPrompt } from "./use-install-prompt";
import { usePushDevice } from "./use-push-device";

export type { DeviceItem } from "./device-list";

/**
 * Settings' notifications on devices, the client part: this device (turn on / off), installing the app,
 * the account's devices (each with Remove) and a test notification. One request runs at a time
 * across them (`busy`).
 */
export function NotificationsPanel({ initialDevices }: { initialDevices: DeviceItem[] }) {
  const router = useRouter();
  const [devices, setDevices] = useState(initialDevices);
  // The page drawn again (after a change): its list replaces ours.
  const [shown, setShown] = useState(initialDevices);
  if (shown !== initialDevices) {
    setShown(initialDevices);
    setDevices(initialDevices);
  }
  const [busy, setBusy] = useState<string | null>(null);

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

  async function onRemoved(id: string) {
    setDevices((list) => list.filter((d) => d.id !== id));
    await device.forget(id);
    reload();
  }

  return (
    <>
      <ThisDevice device={device} busy={busy} run={run} />
      {(install.canInstall || install.installed) && <InstallOffer install={install} busy={busy} run={run} />}
      <DeviceList
        devices={devices}
        thisDeviceId={state.kind === "on" ? state.id : null}
        busy={busy}
        run={run}
        onRemoved={onRemoved}
      />
      {devices.length > 0 && <TestNotification busy={busy} run={run} />}
    </>
  );
}
