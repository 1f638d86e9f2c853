import { Bell } from "lucide-react";
import { SectionCard } from "@/components/settings/section-card";
import { LazyNotificationsPanel } from "./lazy-notifications-panel";
import type { DeviceItem } from "./notifications-panel";

export interface NotificationsCardProps {
  /** Push is set up on this server (pushEnabled()). */
  enabled: boolean;
  /** The account's devices (listSubscriptions), dates as ISO strings. */
  devices: DeviceItem[];
  /** Why a device stopped getting notifications (lib/push/subscriptions.ts pushNotice), if one did. */
  notice?: string | null;
}

/** Settings' Notifications card, drawn on the server like the other sections; its panel reacts. */
export function NotificationsCard({ enabled, devices, notice }: NotificationsCardProps) {
  return (
    <SectionCard
      id="notifications"
      icon={Bell}
      description={
        enabled ? "Each break as a notification on your phone or computer, to mark it done or snooze it." : undefined
      }
    >
      {enabled && notice && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          {notice}
        </p>
      )}
      {enabled ? (
        <LazyNotificationsPanel initialDevices={devices} />
      ) : (
        <p className="text-sm text-muted-foreground">Notifications are not set up on this server.</p>
      )}
    </SectionCard>
  );
}
