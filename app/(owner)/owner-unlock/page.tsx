import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { UnlockForm } from "@/components/admin/unlock-form";
import { getLiveGrant } from "@/lib/admin/grant";
import { requirePageUser } from "@/lib/auth/page";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Owner Console" };

export default async function Page() {
  // Not requireOnboardedUser: the owner reaches the console before (or without) setting up breaks.
  const user = await requirePageUser();
  // Already unlocked in this session: straight to the console.
  if (await getLiveGrant(await getDb(), user)) redirect("/admin");
  return <UnlockForm />;
}
