// The IANA zone behind a calendar file's TZID. Google and Apple write IANA names; Outlook and
// Exchange write Windows zone names ("Pacific Standard Time"), older Outlook versions the display
// name ("(UTC-08:00) Pacific Time (US & Canada)"), and Lightning/Citadel prefix IANA names with a
// vendor path ("/mozilla.org/20050126_1/America/New_York"). The runtime's zone data (Intl, through
// date-fns-tz) is then used for every conversion: it is more complete than the one-rule VTIMEZONE
// blocks Outlook writes, which say nothing about past or future changes of the rules.
import { isValidTimeZone } from "@/lib/schedule/time";

/**
 * Windows zone IDs → IANA, the "001" (golden zone) rows of CLDR's windowsZones.xml, with a few
 * retired IDs that old Exchange servers still write. IANA names are the current canonical ones.
 */
const WINDOWS_ZONES: Record<string, string> = {
  "Dateline Standard Time": "Etc/GMT+12",
  "UTC-11": "Etc/GMT+11",
  "Aleutian Standard Time": "America/Adak",
  "Hawaiian Standard Time": "Pacific/Honolulu",
  "Marquesas Standard Time": "Pacific/Marquesas",
  "Alaskan Standard Time": "America/Anchorage",
  "UTC-09": "Etc/GMT+9",
  "Pacific Standard Time (Mexico)": "America/Tijuana",
  "UTC-08": "Etc/GMT+8",
  "Pacific Standard Time": "America/Los_Angeles",
  "US Mountain Standard Time": "America/Phoenix",
  "Mountain Standard Time (Mexico)": "America/Mazatlan",
  "Mountain Standard Time": "America/Denver",
  "Yukon Standard Time": "America/Whitehorse",
  "Central America Standard Time": "America/Guatemala",
  "Central Standard Time": "America/Chicago",
  "Easter Island Standard Time": "Pacific/Easter",
  "Central Standard Time (Mexico)": "America/Mexico_City",
  "Mexico Standard Time": "America/Mexico_City",
  "Canada Central Standard Time": "America/Regina",
  "SA Pacific Standard Time": "America/Bogota",
  "Eastern Standard Time (Mexico)": "America/Cancun",
  "Eastern Standard Time": "America/New_York",
  "Haiti Standard Time": "America/Port-au-Prince",
  "Cuba Standard Time": "America/Havana",
  "US Eastern Standard Time": "America/Indiana/Indianapolis",
  "Turks And Caicos Standard Time": "America/Grand_Turk",
  "Paraguay Standard Time": "America/Asuncion",
  "Atlantic Standard Time": "America/Halifax",
  "Venezuela Standard Time": "America/Caracas",
  "Central Brazilian Standard Time": "America/Cuiaba",
  "SA Western Standard Time": "America/La_Paz",
  "Pacific SA Standard Time": "America/Santiago",
  "Newfoundland Standard Time": "America/St_Johns",
  "Tocantins Standard Time": "America/Araguaina",
  "E. South America Standard Time": "America/Sao_Paulo",
  "SA Eastern Standard Time": "America/Cayenne",
  "Argentina Standard Time": "America/Argentina/Buenos_Aires",
  "Greenland Standard Time": "America/Nuuk",
  "Montevideo Standard Time": "America/Montevideo",
  "Magallanes Standard Time": "America/Punta_Arenas",
  "Saint Pierre Standard Time": "America/Miquelon",
  "Bahia Standard Time": "America/Bahia",
  "UTC-02": "Etc/GMT+2",
  "Mid-Atlantic Standard Time": "Etc/GMT+2",
  "Azores Standard Time": "Atlantic/Azores",
  "Cape Verde Standard Time": "Atlantic/Cape_Verde",
  UTC: "Etc/UTC",
  "GMT Standard Time": "Europe/London",
  "Greenwich Standard Time": "Atlantic/Reykjavik",
  "Sao Tome Standard Time": "Africa/Sao_Tome",
  "Morocco Standard Time": "Africa/Casablanca",
  "W. Europe Standard Time": "Europe/Berlin",
  "Central Europe Standard Time": "Europe/Budapest",
  "Romance Standard Time": "Europe/Paris",
  "Central European Standard Time": "Europe/Warsaw",
  "W. Central Africa Standard Time": "Africa/Lagos",
  "Jordan Standard Time": "Asia/Amman",
  "GTB Standard Time": "Europe/Bucharest",
  "Middle East Standard Time": "Asia/Beirut",
  "Egypt Standard Time": "Africa/Cairo",
  "E. Europe Standard Time": "Europe/Chisinau",
  "Syria Standard Time": "Asia/Damascus",
  "West Bank Standard Time": "Asia/Hebron",
  "South Africa Standard Time": "Africa/Johannesburg",
  "FLE Standard Time": "Europe/Kyiv",
  "Israel Standard Time": "Asia/Jerusalem",
  "South Sudan Standard Time": "Africa/Juba",
  "Kaliningrad Standard Time": "Europe/Kaliningrad",
  "Sudan Standard Time": "Africa/Khartoum",
  "Libya Standard Time": "Africa/Tripoli",
  "Namibia Standard Time": "Africa/Windhoek",
  "Arabic Standard Time": "Asia/Baghdad",
  "Turkey Standard Time": "Europe/Istanbul",
  "Arab Standard Time": "Asia/Riyadh",
  "Belarus Standard Time": "Europe/Minsk",
  "Russian Standard Time": "Europe/Moscow",
  "E. Africa Standard Time": "Africa/Nairobi",
  "Volgograd Standard Time": "Europe/Volgograd",
  "Iran Standard Time": "Asia/Tehran",
  "Arabian Standard Time": "Asia/Dubai",
  "Astrakhan Standard Time": "Europe/Astrakhan",
  "Azerbaijan Standard Time": "Asia/Baku",
  "Russia Time Zone 3": "Europe/Samara",
  "Mauritius Standard Time": "Indian/Mauritius",
  "Saratov Standard Time": "Europe/Saratov",
  "Georgian Standard Time": "Asia/Tbilisi",
  "Caucasus Standard Time": "Asia/Yerevan",
  "Armenian Standard Time": "Asia/Yerevan",
  "Afghanistan Standard Time": "Asia/Kabul",
  "West Asia Standard Time": "Asia/Tashkent",
  "Ekaterinburg Standard Time": "Asia/Yekaterinburg",
  "Pakistan Standard Time": "Asia/Karachi",
  "Qyzylorda Standard Time": "Asia/Qyzylorda",
  "India Standard Time": "Asia/Kolkata",
  "Sri Lanka Standard Time": "Asia/Colombo",
  "Nepal Standard Time": "Asia/Kathmandu",
  "Central Asia Standard Time": "Asia/Bishkek",
  "Bangladesh Standard Time": "Asia/Dhaka",
  "Omsk Standard Time": "Asia/Omsk",
  "Myanmar Standard Time": "Asia/Yangon",
  "SE Asia Standard Time": "Asia/Bangkok",
  "Altai Standard Time": "Asia/Barnaul",
  "W. Mongolia Standard Time": "Asia/Hovd",
  "North Asia Standard Time": "Asia/Krasnoyarsk",
  "N. Central Asia Standard Time": "Asia/Novosibirsk",
  "Tomsk Standard Time": "Asia/Tomsk",
  "China Standard Time": "Asia/Shanghai",
  "North Asia East Standard Time": "Asia/Irkutsk",
  "Singapore Standard Time": "Asia/Singapore",
  "W. Australia Standard Time": "Australia/Perth",
  "Taipei Standard Time": "Asia/Taipei",
  "Ulaanbaatar Standard Time": "Asia/Ulaanbaatar",
  "Aus Central W. Standard Time": "Australia/Eucla",
  "Transbaikal Standard Time": "Asia/Chita",
  "Tokyo Standard Time": "Asia/Tokyo",
  "North Korea Standard Time": "Asia/Pyongyang",
  "Korea Standard Time": "Asia/Seoul",
  "Yakutsk Standard Time": "Asia/Yakutsk",
  "Cen. Australia Standard Time": "Australia/Adelaide",
  "AUS Central Standard Time": "Australia/Darwin",
  "E. Australia Standard Time": "Australia/Brisbane",
  "AUS Eastern Standard Time": "Australia/Sydney",
  "West Pacific Standard Time": "Pacific/Port_Moresby",
  "Tasmania Standard Time": "Australia/Hobart",
  "Vladivostok Standard Time": "Asia/Vladivostok",
  "Lord Howe Standard Time": "Australia/Lord_Howe",
  "Bougainville Standard Time": "Pacific/Bougainville",
  "Russia Time Zone 10": "Asia/Srednekolymsk",
  "Magadan Standard Time": "Asia/Magadan",
  "Norfolk Standard Time": "Pacific/Norfolk",
  "Sakhalin Standard Time": "Asia/Sakhalin",
  "Central Pacific Standard Time": "Pacific/Guadalcanal",
  "Russia Time Zone 11": "Asia/Kamchatka",
  "Kamchatka Standard Time": "Asia/Kamchatka",
  "New Zealand Standard Time": "Pacific/Auckland",
  "UTC+12": "Etc/GMT-12",
  "Fiji Standard Time": "Pacific/Fiji",
  "Chatham Islands Standard Time": "Pacific/Chatham",
  "UTC+13": "Etc/GMT-13",
  "Tonga Standard Time": "Pacific/Tongatapu",
  "Samoa Standard Time": "Pacific/Apia",
  "Line Islands Standard Time": "Pacific/Kiritimati",
};

/**
 * Windows display names (the text after "(UTC±hh:mm) ") → Windows zone ID, for the zones most
 * users are in. Older Outlook versions separate the cities with " / " or write "GMT" for "UTC";
 * matching ignores punctuation and case, so those forms match too.
 */
const DISPLAY_NAMES: Record<string, string> = {
  "International Date Line West": "Dateline Standard Time",
  Hawaii: "Hawaiian Standard Time",
  Alaska: "Alaskan Standard Time",
  "Pacific Time (US & Canada)": "Pacific Standard Time",
  "Pacific Time (US & Canada); Tijuana": "Pacific Standard Time",
  Arizona: "US Mountain Standard Time",
  "Mountain Time (US & Canada)": "Mountain Standard Time",
  "Central Time (US & Canada)": "Central Standard Time",
  "Guadalajara, Mexico City, Monterrey": "Central Standard Time (Mexico)",
  Saskatchewan: "Canada Central Standard Time",
  "Eastern Time (US & Canada)": "Eastern Standard Time",
  "Indiana (East)": "US Eastern Standard Time",
  "Bogota, Lima, Quito, Rio Branco": "SA Pacific Standard Time",
  "Bogota, Lima, Quito": "SA Pacific Standard Time",
  "Atlantic Time (Canada)": "Atlantic Standard Time",
  Santiago: "Pacific SA Standard Time",
  Newfoundland: "Newfoundland Standard Time",
  Brasilia: "E. South America Standard Time",
  "City of Buenos Aires": "Argentina Standard Time",
  "Buenos Aires": "Argentina Standard Time",
  Azores: "Azores Standard Time",
  "Coordinated Universal Time": "UTC",
  "Dublin, Edinburgh, Lisbon, London": "GMT Standard Time",
  "Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London": "GMT Standard Time",
  "Monrovia, Reykjavik": "Greenwich Standard Time",
  "Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna": "W. Europe Standard Time",
  "Belgrade, Bratislava, Budapest, Ljubljana, Prague": "Central Europe Standard Time",
  "Brussels, Copenhagen, Madrid, Paris": "Romance Standard Time",
  "Sarajevo, Skopje, Warsaw, Zagreb": "Central European Standard Time",
  "West Central Africa": "W. Central Africa Standard Time",
  "Athens, Bucharest": "GTB Standard Time",
  "Athens, Bucharest, Istanbul": "GTB Standard Time",
  Cairo: "Egypt Standard Time",
  "Harare, Pretoria": "South Africa Standard Time",
  "Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius": "FLE Standard Time",
  "Helsinki, Kiev, Riga, Sofia, Tallinn, Vilnius": "FLE Standard Time",
  Jerusalem: "Israel Standard Time",
  Istanbul: "Turkey Standard Time",
  "Kuwait, Riyadh": "Arab Standard Time",
  "Moscow, St. Petersburg": "Russian Standard Time",
  "Moscow, St. Petersburg, Volgograd": "Russian Standard Time",
  Nairobi: "E. Africa Standard Time",
  Tehran: "Iran Standard Time",
  "Abu Dhabi, Muscat": "Arabian Standard Time",
  "Islamabad, Karachi": "Pakistan Standard Time",
  "Chennai, Kolkata, Mumbai, New Delhi": "India Standard Time",
  Kathmandu: "Nepal Standard Time",
  Dhaka: "Bangladesh Standard Time",
  "Bangkok, Hanoi, Jakarta": "SE Asia Standard Time",
  "Beijing, Chongqing, Hong Kong, Urumqi": "China Standard Time",
  "Kuala Lumpur, Singapore": "Singapore Standard Time",
  Perth: "W. Australia Standard Time",
  Taipei: "Taipei Standard Time",
  "Osaka, Sapporo, Tokyo": "Tokyo Standard Time",
  Seoul: "Korea Standard Time",
  Adelaide: "Cen. Australia Standard Time",
  Darwin: "AUS Central Standard Time",
  Brisbane: "E. Australia Standard Time",
  "Canberra, Melbourne, Sydney": "AUS Eastern Standard Time",
  Hobart: "Tasmania Standard Time",
  "Lord Howe Island": "Lord Howe Standard Time",
  "Auckland, Wellington": "New Zealand Standard Time",
};

// isValidTimeZone narrows its argument to string: wrapped, so a string that fails stays a string.
const isZone = (s: string): boolean => isValidTimeZone(s);
const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9+-]+/g, " ")
    .trim();
const WINDOWS_BY_KEY = new Map(Object.entries(WINDOWS_ZONES).map(([id, iana]) => [key(id), iana]));
const DISPLAY_BY_KEY = new Map(
  Object.entries(DISPLAY_NAMES).map(([name, id]) => [key(name), WINDOWS_ZONES[id] as string]),
);
// "(UTC-08:00) ", "(GMT-08.00) ", "(UTC) ": the offset prefix of a display name.
const DISPLAY_PREFIX = /^\((?:UTC|GMT)[^)]*\)\s*/i;

/** Every Windows ID this table knows, with its IANA zone (for tests and diagnostics). */
export const windowsZones: Readonly<Record<string, string>> = WINDOWS_ZONES;

/**
 * The IANA zone a TZID names, or null when it names none this runtime knows (the caller then
 * falls back to the file's own VTIMEZONE, then to the user's zone).
 */
export function ianaZoneForTzid(tzid: string): string | null {
  const id = tzid.trim().replace(/^"|"$/g, "").trim();
  if (id === "") return null;
  if (isZone(id)) return id;
  const windows = WINDOWS_BY_KEY.get(key(id));
  if (windows) return windows;
  if (DISPLAY_PREFIX.test(id)) return DISPLAY_BY_KEY.get(key(id.replace(DISPLAY_PREFIX, ""))) ?? null;
  // A vendor path before an IANA name: the name is its last one to three segments.
  const parts = id.split("/").filter(Boolean);
  for (let n = Math.min(3, parts.length - 1); n >= 1; n--) {
    const candidate = parts.slice(-n).join("/");
    if (/^[A-Za-z]/.test(candidate) && isZone(candidate)) return candidate;
  }
  return null;
}
