// The time zones a user can pick: the spec's 20 first, then every zone the runtime knows, each
// with its UTC offset at a given moment, and a search over them. Pure and browser-safe (Intl only).
import { OFFERED_TIMEZONES } from "./constants";

export interface ZoneOption {
  id: string;
  /** "UTC+01:00" at the moment it was computed. */
  offset: string;
  /** Offset in minutes east of UTC (for sorting and search). */
  offsetMinutes: number;
  /** Searchable text: the id with spaces for underscores and slashes, and the offset. */
  search: string;
  common: boolean;
}

/**
 * Old names that browsers' time zone data (ICU) still lists in place of the current IANA ones:
 * Chromium offers "Asia/Calcutta" and "Europe/Kiev", so a search for Kolkata or Kyiv found
 * nothing and India appeared twice. Both names work everywhere; the current one is shown.
 */
const RENAMED: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone's current IANA name ("Asia/Calcutta" → "Asia/Kolkata"); other ids as they are. */
export function currentZoneName(id: string): string {
  return RENAMED[id] ?? id;
}

/** Every zone id: the spec's list first (in its order), then the runtime's, A to Z, by current name. */
export function zoneIds(runtime: readonly string[] = supportedZones()): string[] {
  const common = new Set<string>(OFFERED_TIMEZONES);
  const rest = new Set(runtime.map(currentZoneName).filter((z) => !common.has(z)));
  return [...OFFERED_TIMEZONES, ...[...rest].sort()];
}

function supportedZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

/** The zone's offset from UTC at `at`, in minutes east (e.g. 60 for Paris in winter). */
export function offsetMinutes(tz: string, at: Date): number {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(part ?? "");
  if (!m) return 0; // "GMT": UTC itself
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** "UTC+05:30", "UTC−03:00" (a real minus sign), "UTC±00:00". */
export function formatOffset(minutes: number): string {
  const sign = minutes > 0 ? "+" : minutes < 0 ? "\u2212" : "\u00b1";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** One option, with its offset at `at`. */
export function zoneOption(id: string, at: Date): ZoneOption {
  let minutes = 0;
  try {
    minutes = offsetMinutes(id, at);
  } catch {
    // An id the runtime does not know (an old stored value): shown without an offset.
  }
  const offset = formatOffset(minutes);
  const plain = id.replace(/_/g, " ");
  // "+05:30" and "+5:30", "-03:00" and "-3": what people type, with "utc" or "gmt" in front or not.
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const long = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  const short = `${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, "0")}` : ""}`;
  return {
    id,
    offset,
    offsetMinutes: minutes,
    search: [plain, plain.replace(/\//g, " "), `utc${long}`, `gmt${long}`, `utc${short}`, `gmt${short}`]
      .join(" ")
      .toLowerCase(),
    common: (OFFERED_TIMEZONES as readonly string[]).includes(id),
  };
}

/** The options whose text holds every word of `query` ("new york", "madrid", "+05:30", "utc-3"). */
export function searchZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = query
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/\u2212/g, "-")
    .split(/[\s/]+/)
    .filter(Boolean);
  if (words.length === 0) return [...options];
  const phrase = words.join(" ");
  // Zones whose name or city starts with what was typed come first ("utc" is UTC, not every zone).
  const rank = (o: ZoneOption) => {
    const name = o.id.toLowerCase().replace(/_/g, " ");
    if (name === phrase) return 0;
    return name.startsWith(phrase) || name.split("/").some((part) => part.startsWith(phrase)) ? 1 : 2;
  };
  return options
    .filter((o) => words.every((w) => o.search.includes(w)))
    .map((o, i) => ({ o, i, r: rank(o) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ o }) => o);
}
