import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Settings" };

export default async function Page() {
  await requirePageUser();
  return <h1 className="text-2xl font-bold tracking-tight">Settings</h1>;
}
