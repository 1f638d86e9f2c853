import type { Metadata } from "next";
import { UnsubscribeForm } from "@/components/done/unsubscribe-form";
import { EmailLinkFrame } from "@/components/shell/email-link-frame";
import { unsubscribeKind } from "@/lib/users/unsubscribe";

export const metadata: Metadata = { title: "Pause Reminder Emails", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw : "";
  return (
    <EmailLinkFrame>
      {/* The weekly recap's link turns off the recap only (issue 33). */}
      <UnsubscribeForm token={token} recap={unsubscribeKind(token) === "recap"} />
    </EmailLinkFrame>
  );
}
