import type { Metadata } from "next";
import Link from "next/link";
import { Brand } from "@/components/shell/logo";
import { buttonVariants } from "@/components/ui/button";
import { getPageUser } from "@/lib/auth/page";
import { PRODUCT_NAME } from "@/lib/brand";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Privacy and Disclaimer" };

export default async function Page() {
  const signedIn = !!(await getPageUser());
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Brand />
      <main id="main" className="mt-8 space-y-8">
        <h1 className="text-3xl font-bold tracking-tight">Privacy and Disclaimer</h1>

        <section aria-labelledby="privacy" className="space-y-3">
          <h2 id="privacy" className="text-xl font-semibold">
            Privacy
          </h2>
          <p>
            {PRODUCT_NAME} stores only your e-mail address and the movement preferences you choose to share with us,
            together with the break schedule you set and the breaks you mark as done.
          </p>
          <p>
            You can download a copy of all of your data, or delete your account and all of its data, at any time from
            Settings. Deletion is immediate and permanent.
          </p>
          <p>We show no ads and do not sell or share your data.</p>
        </section>

        <section aria-labelledby="disclaimer" className="space-y-3">
          <h2 id="disclaimer" className="text-xl font-semibold">
            Disclaimer
          </h2>
          <ul className="list-disc space-y-2 pl-6">
            <li>{PRODUCT_NAME} gives general fitness suggestions, not medical advice.</li>
            <li>Talk to a doctor or physiotherapist before starting if you have an injury, a condition or pain.</li>
            <li>Stop any movement that hurts, makes you dizzy or feels wrong, and seek help if it persists.</li>
            <li>
              {env().aiEnabled
                ? "Suggestions are generated automatically, partly by AI, and may not suit you: use your judgement."
                : "Suggestions are picked automatically from our exercise library and may not suit you: use your judgement."}
            </li>
            <li>You take part at your own risk; move within your own comfortable range.</li>
          </ul>
        </section>

        <Link href="/" className={buttonVariants({ variant: "default" })}>
          {signedIn ? "Back to Dashboard" : "Back to Login"}
        </Link>
      </main>
    </div>
  );
}
