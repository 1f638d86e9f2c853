import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminConsole } from "@/components/admin/admin-console";
import { listUsers } from "@/lib/admin/console";
import { getLiveGrant } from "@/lib/admin/grant";
import { requireOnboardedUser } from "@/lib/auth/page";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Owner Console" };

export default async function Page() {
  const user = await requireOnboardedUser();
  const db = await getDb();
  // Locked (no grant for this session, or it expired): a real redirect, before any data is read.
  const grant = await getLiveGrant(db, user);
  if (!grant) redirect("/owner-unlock");
  return <AdminConsole initial={{ ...(await listUsers(db)), csrfToken: grant.csrfToken }} />;
}
