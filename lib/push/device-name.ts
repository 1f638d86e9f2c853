// The name Settings shows for a device with notifications on ("Chrome on Android"), made from the
// User-Agent header when it subscribes. Only the name is stored, never the header. Pure.

/** Shown when the user agent names neither a known browser nor a known system. */
export const UNKNOWN_DEVICE = "A browser";

// Checked in order: most browsers also claim to be Chrome and Safari, so the specific tokens first.
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, "Samsung Internet"],
  [/\b(Edg|EdgA|EdgiOS|Edge)\//, "Edge"],
  [/\b(OPR|OPiOS|OPT)\/|\bOpera\b/, "Opera"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  // Safari, and web apps added to the home screen on iOS (no Safari token there).
  [/^(?=.*AppleWebKit\/)(?=.*\b(iPhone|iPad|iPod|Macintosh)\b)/, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/\b(iPhone|iPod)\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/Windows/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Linux|X11/, "Linux"],
];

const first = (ua: string, list: [RegExp, string][]) => list.find(([re]) => re.test(ua))?.[1];

export function deviceName(userAgent: string | null): string {
  // A real user agent fits in far less; a longer header is not read further.
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return system ? `${UNKNOWN_DEVICE} on ${system}` : UNKNOWN_DEVICE;
}
