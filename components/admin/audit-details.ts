// Readable audit entries for the owner console: who (an e-mail where the account still exists)
// and what (the details as short "label: value" lines). Pure, for unit tests; the raw JSON stays
// one click away in the table.

/** E-mails of the accounts an audit page names (actors and targets), by user id. */
export type PeopleById = Record<string, string>;

export interface DetailLine {
  label: string;
  value: string;
}

/** "movementPrefs" → "movement prefs", "not_owner_account" → "not owner account". */
export function humanize(key: string): string {
  return key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const minutes = (n: unknown) => `${String(n)} ${n === 1 ? "minute" : "minutes"}`;

/** Who a user id is: the account's e-mail, or a note that it is gone. */
export function personLabel(id: string, people: PeopleById): string {
  return people[id] ?? "Deleted account";
}

function valueText(value: unknown, formatTime: (iso: string) => string): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatTime(value) : humanizeIfCode(value);
  if (Array.isArray(value)) return value.map((v) => valueText(v, formatTime)).join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** snake_case codes (reasons) read as words; anything else (e-mails, free text) stays as written. */
function humanizeIfCode(value: string): string {
  return /^[a-z]+(_[a-z]+)+$/.test(value) ? value.replace(/_/g, " ") : value;
}

/**
 * The details of one entry as readable lines, in a stable order: the target account first (by
 * e-mail), then the known keys with their own wording, then any other key as "key: value".
 */
export function auditDetailLines(
  details: Record<string, unknown>,
  people: PeopleById,
  formatTime: (iso: string) => string,
): DetailLine[] {
  const lines: DetailLine[] = [];
  for (const [key, value] of Object.entries(details)) {
    switch (key) {
      case "targetId":
        lines.push({ label: "Account", value: typeof value === "string" ? personLabel(value, people) : "—" });
        break;
      case "pauseEmails":
        lines.push({ label: "Emails", value: value ? "paused" : "enabled" });
        break;
      case "fields":
        lines.push({
          label: "Changed",
          value: Array.isArray(value) ? value.map((v) => humanize(String(v))).join(", ") : valueText(value, formatTime),
        });
        break;
      case "windowMinutes":
        lines.push({ label: "Window", value: minutes(value) });
        break;
      case "lockedMinutes":
        lines.push({ label: "Locked for", value: minutes(value) });
        break;
      case "email":
        lines.push({ label: "Email", value: valueText(value, formatTime) });
        break;
      default:
        lines.push({ label: sentence(humanize(key)), value: valueText(value, formatTime) });
    }
  }
  // The account acted on reads first.
  return lines.sort((a, b) => Number(b.label === "Account") - Number(a.label === "Account"));
}

/** The user ids an audit page names (actors and targets), each once: the ones to look up. */
export function auditPeopleIds(logs: { userId: string | null; details: Record<string, unknown> }[]): string[] {
  const ids = new Set<string>();
  for (const log of logs) {
    if (log.userId) ids.add(log.userId);
    const target = log.details.targetId;
    if (typeof target === "string") ids.add(target);
  }
  return [...ids];
}
