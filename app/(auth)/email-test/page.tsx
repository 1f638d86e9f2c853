import type { Metadata } from "next";
import { EmailTestForm } from "@/components/public/email-test-form";
import { Brand } from "@/components/shell/logo";

export const metadata: Metadata = { title: "Email test" };

export default function Page() {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Brand />
      <main id="main" className="mt-8">
        <EmailTestForm />
      </main>
    </div>
  );
}
