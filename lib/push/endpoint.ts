// Which push subscriptions are accepted. The endpoint is a URL the server will POST to, so only
// the known push services' hosts are allowed (PUSH_ENDPOINT_HOSTS): never a URL of the user's
// choosing, never a private address. https only, on its default port; a listed host that is
// loopback may use http and any port (local push-service stubs in tests). Pure.
import { createPublicKey } from "node:crypto";
import { isIP } from "node:net";

export const MAX_ENDPOINT_LENGTH = 2048;

export const ENDPOINT_MESSAGES = {
  invalid: "This is not a push subscription from a browser",
  host: "Notifications from this push service are not supported",
  keys: "The subscription's keys are not valid",
} as const;

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, 0/8, 127/8 and the IPv6 equivalents. */
export function isPrivateAddress(host: string): boolean {
  const kind = isIP(host);
  if (kind === 4) {
    const [a = 0, b = 0] = host.split(".").map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (kind === 6) {
    const h = host.toLowerCase();
    return h === "::1" || h === "::" || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith("::ffff:");
  }
  return false;
}

/** "host" or "host:port" against the list; "*.example.com" matches its subdomains only. */
function hostListed(host: string, port: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const [name = "", listedPort] = entry.split(":");
    if (listedPort !== undefined && listedPort !== port) return false;
    return name.startsWith("*.") ? host.endsWith(name.slice(1)) && host.length > name.length - 1 : host === name;
  });
}

/** null when the endpoint may be used, else the message to answer with (400). */
export function endpointProblem(endpoint: string, allowed: readonly string[]): string | null {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return ENDPOINT_MESSAGES.invalid;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_MESSAGES.invalid;
  }
  if (url.username || url.password || url.hash) return ENDPOINT_MESSAGES.invalid;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!hostListed(host, url.port, allowed)) return ENDPOINT_MESSAGES.host;
  const loopback = isLoopbackHost(host);
  if (!loopback && isPrivateAddress(host)) return ENDPOINT_MESSAGES.host;
  if (url.protocol === "https:") return loopback || url.port === "" ? null : ENDPOINT_MESSAGES.host;
  if (url.protocol === "http:" && loopback) return null;
  return ENDPOINT_MESSAGES.host;
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decodedLength(s: string): number {
  return B64URL.test(s) ? Buffer.from(s.replace(/=+$/, ""), "base64url").length : -1;
}

/**
 * The browser's keys: an uncompressed point of P-256 (65 bytes: 0x04, x, y, on the curve) and a
 * 16-byte auth secret. A point off the curve passes the length check but makes every encryption to
 * it throw, so it is refused here, at the door.
 */
export function keysAreValid(keys: { p256dh: string; auth: string }): boolean {
  if (decodedLength(keys.p256dh) !== 65 || decodedLength(keys.auth) !== 16) return false;
  const point = Buffer.from(keys.p256dh.replace(/=+$/, ""), "base64url");
  if (point[0] !== 0x04) return false;
  try {
    const jwk = {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    };
    createPublicKey({ key: jwk, format: "jwk" });
    return true;
  } catch {
    return false;
  }
}
