// Local wall-clock times in a zone, with Intl only (no app code): the suite picks its schedules
// relative to "now" so it passes at any hour and on any weekday.

export interface LocalNow {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" */
  time: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** 0 = Sunday. */
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function localNow(timeZone: string, at: Date = new Date()): LocalNow {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: hhmm(minutes),
    minutes,
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** Minutes since midnight → "HH:MM", wrapping around the day. */
export function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Zones spread around the globe, so one always has the local hour a test needs. */
export const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Lord_Howe",
  "Asia/Tokyo",
  "America/Los_Angeles",
  "Asia/Kolkata",
  "Pacific/Honolulu",
  "America/Sao_Paulo",
];

/** The first zone whose local time of day is within [from, to) minutes (e.g. away from midnight). */
export function zoneWithLocalMinutes(from: number, to: number, candidates = ZONES): string {
  const zone = candidates.find((z) => {
    const m = localNow(z).minutes;
    return m >= from && m < to;
  });
  if (!zone) throw new Error(`no candidate zone has a local time between ${hhmm(from)} and ${hhmm(to)} now`);
  return zone;
}

/** Two different zones whose local dates agree now and whose local hours both lie in [from, to). */
export function zonePairWithLocalMinutes(from: number, to: number): [string, string] {
  for (const a of ZONES) {
    for (const b of ZONES) {
      if (a === b) continue;
      const la = localNow(a);
      const lb = localNow(b);
      if (la.date === lb.date && la.minutes >= from && la.minutes < to && lb.minutes >= from && lb.minutes < to)
        return [a, b];
    }
  }
  throw new Error(`no two candidate zones share a date with local times between ${hhmm(from)} and ${hhmm(to)}`);
}
