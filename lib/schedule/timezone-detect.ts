// Picks a zone for "Use Detected Timezone" and a new user, from what the browser tells us:
//   resolved      = Intl.DateTimeFormat().resolvedOptions().timeZone (may be missing or odd),
//   offsetMinutes = -new Date().getTimezoneOffset() (minutes EAST of UTC, right now),
//   locale        = navigator.language.
// The user can always change it; the goal is a good default without asking.
import { OFFERED_TIMEZONES } from "./constants";
import { isValidTimeZone } from "./clock";
import { currentZoneName } from "./zones";

export type DetectMethod = "exact" | "offset" | "locale" | "fallback";
export type DetectInput = { resolved?: string | null; offsetMinutes?: number | null; locale?: string | null };
export type DetectResult = { timezone: string; method: DetectMethod };

/**
 * Current offset → candidates, most common first; the first one that is offered wins.
 * An offset alone is ambiguous: it does not say which region, nor whether DST is on (-240 is US
 * Eastern in summer but Atlantic in winter). Each entry names the zone most users showing that
 * offset live in, and is only reached for browsers whose own zone gave no better answer.
 */
const OFFSET_TABLE: Readonly<Record<number, readonly string[]>> = {
  [-480]: ["America/Los_Angeles", "America/Vancouver"], // Pacific standard
  [-420]: ["America/Denver", "America/Edmonton", "America/Los_Angeles"], // Mountain standard, Arizona; Pacific summer
  [-360]: ["America/Chicago", "America/Denver"], // Central standard, Mexico City, Saskatchewan; Mountain summer
  [-300]: ["America/New_York", "America/Toronto", "America/Chicago"], // Eastern standard, Bogotá, Lima; Central summer
  [-240]: ["America/New_York", "America/Toronto", "America/Halifax"], // Eastern summer (by far the most users); Atlantic standard
  [-210]: ["America/St_Johns"], // Newfoundland standard
  [-180]: ["America/Sao_Paulo", "America/Halifax"], // Brazil, Argentina; Atlantic summer
  [-150]: ["America/St_Johns"], // Newfoundland summer
  0: ["UTC", "Europe/London"], // UTC has no DST, so it is right all year for West Africa/Iceland and unset machines
  60: ["Europe/Paris", "Europe/Berlin", "Europe/London"], // Central European standard, West Africa; UK summer
  120: ["Europe/Berlin", "Europe/Paris"], // Central European summer (Paris and Berlin share rules)
  180: ["Europe/Moscow"], // Moscow, Istanbul, Gulf, East Africa
  240: ["Asia/Dubai"],
  330: ["Asia/Kolkata"],
  480: ["Asia/Singapore"], // China, Singapore, Philippines, Perth
  540: ["Asia/Tokyo"], // Japan, Korea
  600: ["Australia/Sydney"], // Australian Eastern standard, Brisbane
  660: ["Australia/Sydney"], // Australian Eastern summer
};

/** US zone → Canadian zone with identical rules: Canadian users see a familiar city. */
const CANADIAN_TWIN: Readonly<Record<string, string>> = {
  "America/New_York": "America/Toronto",
  "America/Denver": "America/Edmonton",
  "America/Los_Angeles": "America/Vancouver",
};
function isCanadianLocale(locale: string | null | undefined): boolean {
  if (typeof locale !== "string" || locale === "") return false;
  try {
    return new Intl.Locale(locale).region === "CA";
  } catch {
    return /[-_]CA$/i.test(locale); // e.g. "en_CA" from a POSIX-style setting
  }
}

export function detectTimezone(input: DetectInput, offered: readonly string[] = OFFERED_TIMEZONES): DetectResult {
  const { resolved, offsetMinutes, locale } = input;
  const canadian = isCanadianLocale(locale);
  const local = (tz: string): string => {
    const twin = CANADIAN_TWIN[tz];
    return canadian && twin && offered.includes(twin) ? twin : tz;
  };

  // The browser's own zone is kept as it is (Europe/Madrid stays Europe/Madrid): the picker offers
  // every zone, by its current name (Chromium says "Asia/Calcutta" for Asia/Kolkata). The
  // fallbacks below serve only when the browser gives none that is valid.
  if (isValidTimeZone(resolved)) return { timezone: currentZoneName(resolved), method: "exact" };

  if (typeof offsetMinutes === "number" && Number.isFinite(offsetMinutes)) {
    const match = OFFSET_TABLE[offsetMinutes]?.find((tz) => offered.includes(tz));
    if (match) return { timezone: local(match), method: "offset" };
  }

  if (canadian && offered.includes("America/Toronto")) return { timezone: "America/Toronto", method: "locale" };
  return { timezone: "UTC", method: "fallback" };
}
