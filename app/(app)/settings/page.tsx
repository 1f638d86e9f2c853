import { CalendarClock, CalendarRange, Download, Mail, Sparkles, TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { QueryProvider } from "@/components/providers/query-provider";
import { NotificationDevices } from "@/components/pwa/notification-devices";
import { AppearanceCard } from "@/components/settings/appearance-card";
import { BreakScheduleFields } from "@/components/settings/break-schedule";
import { CalendarMeetingsFields } from "@/components/settings/calendar-meetings";
import { CalendarFeedFields } from "@/components/settings/calendar-feed";
import { DangerZoneButton } from "@/components/settings/danger-zone";
import { DataExportButtons } from "@/components/settings/data-export";
import { EmailPreferencesFields } from "@/components/settings/email-preferences";
import { MovementPreferencesFields } from "@/components/settings/movement-preferences";
import { SectionCard, SectionPart } from "@/components/settings/section-card";
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
  // Devices with notifications on: listed under "Remind me by", which says where the reminders go
  // with them (to these devices, by e-mail, or e-mail standing in for them).
  const devices = await listSubscriptions(db, user.id);
  const notice = pushEnabled() ? await pushNotice(db, user.id) : null;
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
                env().aiEnabled ? "Made for you by AI from these." : "Picked for you from our exercise library."
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
            <EmailPreferencesFields
              pushDevices={devices.length}
              pushAvailable={pushEnabled()}
              devicePart={
                <NotificationDevices
                  notice={notice}
                  devices={devices.map((d) => ({
                    ...d,
                    createdAt: d.createdAt.toISOString(),
                    lastUsedAt: d.lastUsedAt?.toISOString() ?? null,
                  }))}
                />
              }
              pinDevicePart={!!notice}
            />
          </SectionCard>
        }
        remindersAfter={
          <SectionCard id="calendar" icon={CalendarRange}>
            <SectionPart
              title="Work Around Meetings"
              description="Breaks move out of your meetings; on a day off they are skipped, streak safe."
            >
              <CalendarMeetingsFields initial={await findCalendarSource(db, user.id)} />
            </SectionPart>
            <SectionPart title="Add Breaks to Your Calendar" description="See your breaks in your calendar app.">
              <CalendarFeedFields />
            </SectionPart>
          </SectionCard>
        }
        account={
          <>
            {/* Per device, applied at once: no Save. */}
            <AppearanceCard />
            <SectionCard
              id="download-data"
              icon={Download}
              layout="row"
              description="Everything Limber keeps about you."
            >
              <DataExportButtons />
            </SectionCard>
            <SectionCard
              id="danger-zone"
              icon={TriangleAlert}
              tone="destructive"
              description="Permanently delete your account and data."
              action={<DangerZoneButton />}
            />
          </>
        }
      />
    </QueryProvider>
  );
}
