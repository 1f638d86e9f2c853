import { LazyNotificationsPanel } from "./lazy-notifications-panel";
import type { DeviceItem } from "./notifications-panel";

export interface NotificationDevicesProps {
  /** The account's devices (listSubscriptions), dates as ISO strings. */
  devices: DeviceItem[];
  /** Why a device stopped getting notifications (lib/push/subscriptions.ts pushNotice), if one did. */
  notice?: string | null;
}

/**
 * Settings' notifications on devices, drawn on the server inside the Email & Notifications card
 * (which shows it once notifications are chosen or a device has them); its panel reacts.
 */
export function NotificationDevices({ devices, notice }: NotificationDevicesProps) {
  return (
    <>
      {notice && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          {notice}
        </p>
      )}
      <LazyNotificationsPanel initialDevices={devices} />
    </>
  );
}
