import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminConsole } from "@/components/admin/admin-console";
import { countAuditEvents, listUsers } from "@/lib/admin/console";
import { getLiveGrant } from "@/lib/admin/grant";
import { requirePageUser } from "@/lib/auth/page-user";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Owner Console" };

export default async function Page() {
  // Not requireOnboardedUser: the owner reaches the console before (or without) setting up breaks.
  const user = await requirePageUser();
  const db = await getDb();
  // Locked (no grant for this session, or it expired): a real redirect, before any data is read.
  const grant = await getLiveGrant(db, user);
  if (!grant) redirect("/owner-unlock");
  const [users, auditEvents] = await Promise.all([listUsers(db), countAuditEvents(db)]);
  return <AdminConsole initial={{ ...users, csrfToken: grant.csrfToken }} selfId={user.id} auditEvents={auditEvents} />;
}
