import type { Metadata } from "next";
import { UnsubscribeForm } from "@/components/done/unsubscribe-form";
import { Brand } from "@/components/shell/logo";

export const metadata: Metadata = { title: "Pause reminder e-mails", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Brand />
      <main id="main" className="mt-8">
        <UnsubscribeForm token={typeof raw === "string" ? raw : ""} />
      </main>
    </div>
  );
}
