import { CalendarClock, CalendarPlus, CalendarRange, Download, Mail, Sparkles, TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CalendarSourceFields } from "@/components/calendar-source/calendar-source-fields";
import { QueryProvider } from "@/components/providers/query-provider";
import { NotificationsCard } from "@/components/pwa/notifications-card";
import { BreakScheduleFields } from "@/components/settings/break-schedule";
import { CalendarFeedFields } from "@/components/settings/calendar-feed";
import { DangerZoneButton } from "@/components/settings/danger-zone";
import { DataExportButtons } from "@/components/settings/data-export";
import { EmailPreferencesFields } from "@/components/settings/email-preferences";
import { MovementPreferencesFields } from "@/components/settings/movement-preferences";
import { SectionCard } from "@/components/settings/section-card";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { Badge } from "@/components/ui/badge";
import { requirePageUser } from "@/lib/auth/page-user";
import { findCalendarSource } from "@/lib/calendar-source/source";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { pushEnabled } from "@/lib/push";
import { pushNotice } from "@/lib/push/notice";
import { listSubscriptions } from "@/lib/push/subscriptions";
import { getSettings } from "@/lib/users/settings-store";
import { isOnboardingComplete } from "@/lib/users/onboarding";

export const metadata: Metadata = { title: "Settings" };

// The section cards are drawn here, on the server; only their fields are client components.
export default async function Page() {
  const user = await requirePageUser();
  const db = await getDb();
  if (!(await isOnboardingComplete(db, user.id))) redirect("/welcome");
  // Devices with notifications on: listed in their card; the "Remind me by" field says where the
  // reminders go with them (to these devices, by e-mail, or e-mail standing in for them).
  const devices = await listSubscriptions(db, user.id);
  return (
    <QueryProvider>
      <SettingsScreen
        initial={await getSettings(db, user.id)}
        breaks={
          <>
            <SectionCard id="break-schedule" icon={CalendarClock}>
              <BreakScheduleFields />
            </SectionCard>
            <SectionCard
              id="movement-preferences"
              icon={Sparkles}
              // "AI" only when a model is configured; otherwise the built-in library picks.
              badge={env().aiEnabled ? <Badge className="px-1.5 text-[10px] leading-none">AI</Badge> : undefined}
              description={
                env().aiEnabled
                  ? "Each break is put together for you by AI from these preferences."
                  : "Each break is picked for you from our exercise library to suit these preferences."
              }
            >
              <MovementPreferencesFields />
            </SectionCard>
          </>
        }
        reminders={
          <SectionCard
            id="email-notifications"
            icon={Mail}
            description={
              <span className="break-words">
                Reminders are sent to <strong className="font-semibold text-foreground">{user.email}</strong>
              </span>
            }
          >
            <EmailPreferencesFields pushDevices={devices.length} pushAvailable={pushEnabled()} />
          </SectionCard>
        }
        remindersAfter={
          <>
            <NotificationsCard
              enabled={pushEnabled()}
              notice={await pushNotice(db, user.id)}
              devices={devices.map((d) => ({
                ...d,
                createdAt: d.createdAt.toISOString(),
                lastUsedAt: d.lastUsedAt?.toISOString() ?? null,
              }))}
            />
            <SectionCard
              id="your-calendar"
              icon={CalendarRange}
              description="Breaks move out of your meetings to the nearest free time; on a day off they are skipped, streak safe."
            >
              <CalendarSourceFields initial={await findCalendarSource(db, user.id)} />
            </SectionCard>
            <SectionCard
              id="calendar-feed"
              icon={CalendarPlus}
              description="See your breaks in your calendar app. Saved changes show up at its next refresh (about once a day for Google Calendar)."
            >
              <CalendarFeedFields />
            </SectionCard>
          </>
        }
        account={
          <>
            <SectionCard
              id="download-data"
              icon={Download}
              description="A copy of everything Limber keeps about you: account, settings, breaks, reminder emails, pauses and security log entries."
            >
              <DataExportButtons />
            </SectionCard>
            <SectionCard
              id="danger-zone"
              icon={TriangleAlert}
              tone="destructive"
              description="Permanently delete your account and all of your data."
            >
              <DangerZoneButton />
            </SectionCard>
          </>
        }
      />
    </QueryProvider>
  );
}
