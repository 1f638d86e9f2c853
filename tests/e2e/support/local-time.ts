// Wall-clock helpers for specs that place breaks relative to "now" in some zone, so they pass at
// any hour of the day the suite runs.

/** Zones spread around the globe: one always has the local hour a test needs. */
const ZONES = [
  "UTC",
  "Asia/Tokyo",
  "America/New_York",
  "Europe/Berlin",
  "Asia/Kolkata",
  "America/Los_Angeles",
  "Australia/Sydney",
  "Asia/Dubai",
  "America/Sao_Paulo",
  "Pacific/Auckland",
  "Pacific/Honolulu",
];

/** The first zone whose local hour is now within [fromHour, toHour). */
export function zoneWithLocalHour(fromHour: number, toHour: number, now = new Date()): string {
  const zone = ZONES.find((z) => {
    const h = Number(new Intl.DateTimeFormat("en-GB", { timeZone: z, hour: "2-digit", hourCycle: "h23" }).format(now));
    return h >= fromHour && h < toHour;
  });
  if (!zone) throw new Error(`no zone has a local hour in [${fromHour}, ${toHour}) now`);
  return zone;
}

/** "HH:MM" in `tz`, `hours` from now, on the 5-minute grid. */
export function localHhmm(tz: string, hours: number): string {
  const at = new Date(Math.floor((Date.now() + hours * 3_600_000) / 300_000) * 300_000);
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: tz,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
}

/** "HH:MM" as the app shows it: "3:05 PM". */
export function display(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${hhmm.slice(3)} ${h < 12 ? "AM" : "PM"}`;
}
