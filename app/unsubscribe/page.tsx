import type { Metadata } from "next";
import { UnsubscribeForm } from "@/components/done/unsubscribe-form";
import { EmailLinkFrame } from "@/components/shell/email-link-frame";

export const metadata: Metadata = { title: "Pause reminder e-mails", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  return (
    <EmailLinkFrame>
      <UnsubscribeForm token={typeof raw === "string" ? raw : ""} />
    </EmailLinkFrame>
  );
}
