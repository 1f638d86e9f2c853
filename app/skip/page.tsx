import type { Metadata } from "next";
import { SkipForm, type SkipPageView } from "@/components/breaks/skip-form";
import { EmailLinkFrame } from "@/components/shell/email-link-frame";
import { checkSkipLink } from "@/lib/breaks/skip";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Not Today", robots: { index: false } };

// The reminder e-mail's "Not today" link opens this page; opening it (or a link scanner
// prefetching it) changes nothing. Its main button makes the request; the other opens the dashboard.
export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw : "";
  let view: SkipPageView;
  try {
    const { view: found } = await checkSkipLink(await getDb(), token);
    view = { kind: "ok", token, ...found };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    view = { kind: "error", message: error.publicMessage };
  }
  return (
    <EmailLinkFrame>
      <SkipForm view={view} />
    </EmailLinkFrame>
  );
}
