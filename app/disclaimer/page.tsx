import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { PublicFrame } from "@/components/shell/public-frame";
import { buttonVariants } from "@/components/ui/button";
import { getPageUser } from "@/lib/auth/page-user";
import { PRODUCT_NAME } from "@/lib/brand";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Privacy and Disclaimer" };

/** What is stored, why and for how long: one entry per kind of data, from the server's own settings. */
function privacyItems() {
  const { auditRetentionDays, auditIpRetentionDays, sessionClientInfo, aiEnabled } = env();
  return [
    {
      what: "Your email address",
      why: "With the date your account was made and a record of how you sign in (by emailed code): to sign you in and to send your break reminders.",
      howLong: "Until you delete your account.",
    },
    {
      what: "Your settings and schedule history",
      why: `Reminder times, weekdays, time zone, how you want to be reminded (email, notifications or both), break length, intensity and the movement preferences you write, and each schedule with the date it took effect, so reminders come when you asked and past days are judged by the schedule you had then.${aiEnabled ? " To plan exercises, your movement preferences (never your email address) are sent to our AI provider." : ""}`,
      howLong: "Until you change them (the history keeps earlier schedules) or delete your account.",
    },
    {
      what: "Your breaks, pauses and reminders",
      why: "Each break, when you marked it done or skipped it and where it moved around a meeting, when emails were paused, each reminder sent by email or notification (date, status, exercises), the next send time of each reminder, the day's planned exercises and 'remind me later' requests: for your dashboard, streak, history and emails sent exactly once.",
      howLong: "Until you delete your account.",
    },
    {
      what: "Your calendar link",
      why: "A hash and an encrypted copy of your private calendar URL, so your calendar app can fetch your breaks and Settings can show the link again.",
      howLong: "Until you reset the link or delete your account.",
    },
    {
      what: "Your connected calendar",
      why: "If you connect your own calendar: its address, encrypted, and only when you are busy (start and end times) today and in the next 7 days and which days are days off, never what your events are called, where they are or who is in them, so your breaks move out of your meetings. Where each break moved to is kept with the break.",
      howLong: "Until you disconnect it or delete your account; busy times are replaced at every read.",
    },
    {
      what: "Your notification devices",
      why: 'For each browser where you turn on notifications: the address its push service (Google, Mozilla, Apple or Microsoft) gave it and its encryption keys, a name such as "Chrome on Android" (not the browser\'s full identification), when it was added and when it was last sent a notification, so your notifications reach it. What a notification says is encrypted for that browser: the push service cannot read it.',
      howLong:
        "Until you remove the device, turn notifications off, delete your account, or the push service says the subscription is gone.",
    },
    {
      what: "Sign-in sessions",
      why: sessionClientInfo
        ? "When you signed in and when the session ends, with the IP address and browser it signed in from, to keep you signed in and let you recognise your sessions."
        : "When you signed in and when the session ends, to keep you signed in. No IP address or browser is kept.",
      howLong:
        "30 days from your last visit and at most 90 days; ended at once when you sign out or delete your account. (The owner's console unlock is tied to a session for at most 8 hours.)",
    },
    {
      what: "Login codes",
      why: "A hash of each code (never the code itself) with your email address and the number of tries, to check the code you type.",
      howLong: "10 minutes; removed when used, replaced by a new code, or with your account.",
    },
    {
      what: "Security log",
      why: "Sign-ins, code requests, wrong codes, settings changes (which fields, never what you wrote), exports and deletions, with the time, your email address and the IP address of the request, to protect accounts against abuse.",
      howLong: `Entries ${auditRetentionDays} days; their IP addresses ${auditIpRetentionDays} days.`,
    },
    {
      what: "Abuse counters",
      why: "How many requests an email address, IP address or account made in the last minutes or hours, to stop floods. The address is stored only as a keyed hash.",
      howLong:
        "At most a day's window, deleted a week after it ends; the ones for your address and account go with your account.",
    },
  ];
}

export default async function Page() {
  const signedIn = !!(await getPageUser());
  return (
    <PublicFrame column="prose">
      <div className="space-y-8">
        <h1 className="text-3xl font-bold tracking-tight">Privacy and Disclaimer</h1>

        <section aria-labelledby="privacy" className="space-y-4">
          <h2 id="privacy" className="text-xl font-semibold">
            Privacy
          </h2>
          <p>
            This is everything {PRODUCT_NAME} stores about you, why, and for how long. We show no ads and do not sell or
            share your data.
          </p>
          <dl className="space-y-4">
            {privacyItems().map((item) => (
              <div key={item.what} className="rounded-lg border p-4">
                <dt className="font-semibold">{item.what}</dt>
                <dd className="mt-1 text-sm">
                  <span className="font-medium">Why:</span> {item.why}
                </dd>
                <dd className="mt-1 text-sm">
                  <span className="font-medium">How long:</span> {item.howLong}
                </dd>
              </div>
            ))}
          </dl>
          <p>
            <strong>Download my data</strong> in Settings gives you all of the above, except login codes (stored only as
            a hash, for 10 minutes) and the abuse counters (stored only as keyed hashes that cannot be read back).
          </p>
          <p>
            <strong>Delete account</strong> in Settings is immediate and permanent: your account, settings, breaks,
            reminders, calendar link, sessions, login codes and counters are deleted, and the security log keeps only
            the action and time of its entries about you, with your email address replaced by a keyed hash and no IP
            address.
          </p>
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

        <IntentLink href="/" className={buttonVariants({ variant: "default" })}>
          {signedIn ? "Back to Dashboard" : "Back to Login"}
        </IntentLink>
      </div>
    </PublicFrame>
  );
}
