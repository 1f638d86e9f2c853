"use client";

import dynamic from "next/dynamic";

// The device part sits below the fold of a page whose first-load JS has a budget: its panel (permission,
// subscription, devices, install prompt) loads once the page has hydrated.
export const LazyNotificationsPanel = dynamic(() => import("./notifications-panel").then((m) => m.NotificationsPanel), {
  ssr: false,
  loading: () => <p className="min-h-10 text-sm text-muted-foreground">Checking this device…</p>,
});
