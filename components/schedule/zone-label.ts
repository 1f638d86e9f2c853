// Time zones as people read them: "New York (Eastern Time, UTC−5)" for "America/New_York",
// "UTC+05:00" for "Etc/GMT-5" (whose sign is inverted in its IANA name), "UTC" for UTC. What the
// form keeps and saves stays the IANA id; these are only for showing it. Pure and browser-safe
// (Intl only), so the picker, the toasts and the tests share one wording.
import { currentZoneName, formatOffset } from "@/lib/schedule/zones";

/** The names of UTC itself (and its aliases): shown as "UTC". */
const UTC_IDS = new Set([
  "UTC",
  "UCT",
  "GMT",
  "GMT0",
  "Zulu",
  "Universal",
  "Greenwich",
  "Etc/UTC",
  "Etc/UCT",
  "Etc/GMT",
  "Etc/GMT0",
  "Etc/GMT+0",
  "Etc/GMT-0",
  "Etc/Greenwich",
  "Etc/Universal",
  "Etc/Zulu",
]);

export interface ZoneParts {
  /** "New York", "Knox, Indiana", "UTC", "UTC+05:00". */
  place: string;
  /** "Eastern Time"; absent when the zone has no name of its own (UTC, fixed offsets, unknown ids). */
  generic?: string;
  /** "UTC−5", "UTC+5:30", "UTC+0" at the given moment; absent for UTC and fixed offsets (the place says it). */
  offset?: string;
}

/** Minutes east of UTC of a fixed-offset zone ("Etc/GMT-5" is UTC+5: POSIX signs are inverted), else null. */
export function etcOffsetMinutes(id: string): number | null {
  const m = /^Etc\/GMT([+-])(\d{1,2})$/.exec(id);
  if (!m) return null;
  return (m[1] === "+" ? -1 : 1) * Number(m[2]) * 60;
}

/** "America/New_York" → "New York"; "America/Indiana/Knox" → "Knox, Indiana". */
export function placeName(id: string): string {
  const parts = currentZoneName(id)
    .split("/")
    .map((p) => p.replace(/_/g, " "));
  if (parts.length >= 3) return `${parts.at(-1)}, ${parts.at(-2)}`;
  return parts.at(-1) ?? id;
}

// One formatter per zone and style: building one costs far more than using it.
const formats = new Map<string, Intl.DateTimeFormat>();
function zoneNamePart(id: string, style: "longGeneric" | "shortOffset", at: Date): string | undefined {
  const key = `${style}|${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: id, timeZoneName: style });
    formats.set(key, format);
  }
  return format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
}

/** "GMT-5" → "UTC−5" (a real minus sign), "GMT+5:30" → "UTC+5:30", "GMT" → "UTC+0". */
function offsetText(shortOffset: string | undefined): string | undefined {
  if (!shortOffset) return undefined;
  const m = /^GMT(?:([+-])(\d{1,2}(?::\d{2})?))?$/.exec(shortOffset);
  if (!m) return undefined;
  if (!m[1]) return "UTC+0";
  return `UTC${m[1] === "-" ? "\u2212" : "+"}${m[2]}`;
}

/** The zone's parts for display at `at` (the offset follows daylight saving time). */
export function zoneParts(id: string, at: Date = new Date()): ZoneParts {
  if (UTC_IDS.has(id)) return { place: "UTC" };
  const fixed = etcOffsetMinutes(id);
  if (fixed !== null) return { place: fixed === 0 ? "UTC" : formatOffset(fixed) };
  const place = placeName(id);
  try {
    const generic = zoneNamePart(id, "longGeneric", at);
    const offset = offsetText(zoneNamePart(id, "shortOffset", at));
    // Zones without a name of their own come back as "GMT+03:00": the offset says that already.
    return { place, generic: generic && !/^(GMT|UTC)/.test(generic) ? generic : undefined, offset };
  } catch {
    return { place: id }; // an id this runtime does not know (an old stored value): as it is
  }
}

/** "New York (Eastern Time, UTC−5)", "Kolkata (India Standard Time, UTC+5:30)", "UTC+05:00", "UTC". */
export function zoneLabel(id: string, at: Date = new Date()): string {
  if (!id) return "";
  const { place, generic, offset } = zoneParts(id, at);
  const details = [generic, offset].filter(Boolean).join(", ");
  return details ? `${place} (${details})` : place;
}
