// Where each calendar keeps its secret iCal address: a disclosure under the field, so the card stays
// short for those who know. The private "busy only" choice is named where a provider offers one.
const PROVIDERS = [
  {
    name: "Google Calendar",
    steps:
      "Settings → under “Settings for my calendars” pick your calendar → Integrate calendar → copy “Secret address in iCal format”.",
    href: "https://support.google.com/calendar/answer/37648",
  },
  {
    name: "Outlook and Microsoft 365",
    steps:
      "Outlook on the web: Settings → Calendar → Shared calendars → Publish a calendar → choose “Can view when I'm busy” → Publish → copy the ICS link.",
  },
  {
    name: "iCloud",
    steps:
      "iCloud.com Calendar → the share button beside your calendar → turn on Public Calendar → copy the link (webcal:// works).",
  },
  {
    name: "Fastmail",
    steps: "Settings → Calendars → your calendar → Sharing → copy its iCal subscription link.",
  },
  {
    name: "Proton Calendar",
    steps:
      "Settings → Calendars → your calendar → Share with anyone → Create link with “Limited view” (busy times only) → copy it.",
  },
] as const;

export function ProviderHelp() {
  return (
    <details className="group rounded-md border px-3 py-2 text-sm">
      <summary className="cursor-pointer rounded-sm py-1 font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        Where do I find this address?
      </summary>
      <ul className="mt-2 space-y-3 pb-1">
        {PROVIDERS.map((p) => (
          <li key={p.name}>
            <p className="font-medium">{p.name}</p>
            <p className="text-muted-foreground">
              {p.steps}
              {"href" in p && (
                <>
                  {" "}
                  <a
                    href={p.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline underline-offset-4"
                  >
                    Google&apos;s help<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      <p className="border-t pt-2 pb-1 text-muted-foreground">
        Keep the address private: anyone who has it can see your calendar. You can disconnect at any time.
      </p>
    </details>
  );
}
