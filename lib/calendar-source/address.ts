// Which hosts the calendar fetcher may connect to. The calendar address is typed by the user, so
// every host it names (and every address that host resolves to) must be on the public internet:
// anything else would let a user make the server reach its own network (SSRF). Pure: no DNS here.
//
// IPv4 is a deny list of the special-purpose ranges (IANA registry). IPv6 is an allow list: only
// global unicast 2000::/3 (minus its special parts) and NAT64 of a public IPv4, which refuses in
// one stroke the unspecified and loopback addresses, IPv4-mapped/-compatible/-translated forms,
// ULA, link-local, site-local, multicast and whatever else IANA carves out later below 2000::.
import { isIPv6 } from "node:net";

export type AddressProblem = "loopback" | "private" | "link-local" | "metadata" | "reserved" | "special-name";

export type ParsedAddress = { family: 4 | 6; bytes: Uint8Array };

/**
 * An IPv4 address in any notation inet_aton and the URL parser accept: 1 to 4 parts, each decimal,
 * octal (leading 0) or hex (0x); the last part fills the remaining bytes ("127.1", "2130706433",
 * "0x7f.1", "0177.0.0.1"). One trailing dot is allowed. null when it is not one.
 */
export function parseIPv4(text: string): Uint8Array | null {
  const parts = (text.endsWith(".") ? text.slice(0, -1) : text).split(".");
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) n = Number(part);
    else return null;
    if (!Number.isSafeInteger(n)) return null;
    values.push(n);
  }
  const last = values.pop() as number;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  const bytes = new Uint8Array(4);
  values.forEach((v, i) => (bytes[i] = v));
  for (let i = 3, rest = last; i >= values.length; i--, rest = Math.floor(rest / 256)) bytes[i] = rest % 256;
  return bytes;
}

/** 16 bytes of an IPv6 address (brackets allowed, zone id not: see parseAddress). */
function parseIPv6(text: string): Uint8Array | null {
  if (!isIPv6(text)) return null;
  let head = text;
  const words: number[] = [];
  // A dotted IPv4 tail ("::ffff:127.0.0.1") becomes the last two 16-bit words.
  const v4 = /(^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  let tail: number[] = [];
  if (v4) {
    const b = parseIPv4(v4[2] as string);
    if (!b) return null;
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    head = head.slice(0, head.length - (v4[2] as string).length);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const [left = "", right] = head.split("::");
  const toWords = (s: string) => (s === "" ? [] : s.split(":").map((w) => parseInt(w, 16)));
  const l = toWords(left);
  const r = [...(right === undefined ? [] : toWords(right)), ...tail];
  if (right === undefined) words.push(...l, ...tail);
  else words.push(...l, ...new Array<number>(8 - l.length - r.length).fill(0), ...r);
  if (words.length !== 8) return null;
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}

/**
 * An IP address as the URL parser, DNS or a person may write it: IPv4 in any inet_aton notation,
 * IPv6 with or without brackets. An IPv6 zone id ("fe80::1%eth0") is only meaningful on a local
 * link, so it parses (the caller refuses it as link-local) but is never treated as public.
 */
export function parseAddress(text: string): (ParsedAddress & { zone: boolean }) | null {
  let t = text.trim().toLowerCase();
  if (t.startsWith("[") && t.endsWith("]")) t = t.slice(1, -1);
  const zoneAt = t.indexOf("%");
  const zone = zoneAt >= 0;
  if (zone) t = t.slice(0, zoneAt);
  if (t.includes(":")) {
    const bytes = parseIPv6(t);
    return bytes ? { family: 6, bytes, zone } : null;
  }
  if (zone) return null;
  const bytes = parseIPv4(t);
  return bytes ? { family: 4, bytes, zone } : null;
}

/** Whether the first `bits` bits of `bytes` equal those of `prefix`. */
function inPrefix(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

type Range = [prefix: number[], bits: number, problem: AddressProblem];

// Checked in order: the metadata addresses before the ranges that contain them, so the reason is exact.
const V4_RANGES: Range[] = [
  [[169, 254, 169, 254], 32, "metadata"], // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle
  [[100, 100, 100, 200], 32, "metadata"], // Alibaba Cloud
  [[168, 63, 129, 16], 32, "metadata"], // Azure WireServer: a "public" address every Azure VM reaches internally
  [[192, 0, 0, 192], 32, "metadata"], // Oracle Cloud (older instances)
  [[0], 8, "reserved"], // "this network", 0.0.0.0 included
  [[10], 8, "private"],
  [[100, 64], 10, "private"], // carrier-grade NAT
  [[127], 8, "loopback"],
  [[169, 254], 16, "link-local"],
  [[172, 16], 12, "private"],
  [[192, 0, 0], 24, "reserved"], // IETF protocol assignments
  [[192, 0, 2], 24, "reserved"], // TEST-NET-1
  [[192, 88, 99], 24, "reserved"], // 6to4 relay anycast (deprecated)
  [[192, 168], 16, "private"],
  [[198, 18], 15, "reserved"], // benchmarking
  [[198, 51, 100], 24, "reserved"], // TEST-NET-2
  [[203, 0, 113], 24, "reserved"], // TEST-NET-3
  [[224], 4, "reserved"], // multicast
  [[240], 4, "reserved"], // reserved, broadcast 255.255.255.255 included
];

function v4Problem(bytes: Uint8Array): AddressProblem | null {
  for (const [prefix, bits, problem] of V4_RANGES) if (inPrefix(bytes, prefix, bits)) return problem;
  return null;
}

const V6_SPECIAL: Range[] = [
  [[0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54], 128, "metadata"], // AWS fd00:ec2::254
  [[0x20, 0x01, 0x0d, 0xb8], 32, "reserved"], // documentation
  [[0x3f, 0xff], 20, "reserved"], // documentation (RFC 9637)
];

function v6Problem(bytes: Uint8Array): AddressProblem | null {
  for (const [prefix, bits, problem] of V6_SPECIAL) if (inPrefix(bytes, prefix, bits)) return problem;
  // NAT64 well-known prefix: the last 32 bits are the IPv4 address actually reached.
  if (inPrefix(bytes, [0x00, 0x64, 0xff, 0x9b], 96)) return v4Problem(bytes.subarray(12)) ?? null;
  if (inPrefix(bytes, [0xff], 8)) return "reserved"; // multicast
  if (inPrefix(bytes, [0xfe, 0x80], 10) || inPrefix(bytes, [0xfe, 0xc0], 10)) return "link-local";
  if (inPrefix(bytes, [0xfc], 7)) return "private";
  if (bytes.every((b, i) => b === (i === 15 ? 1 : 0))) return "loopback";
  // ::/8 holds the unspecified address, IPv4-mapped, -compatible and -translated forms: none is a
  // global destination, and a mapped one would reach the IPv4 address it embeds (named as the reason).
  if (!inPrefix(bytes, [0x20], 3))
    return inPrefix(bytes, [0], 8) ? (v4Problem(bytes.subarray(12)) ?? "reserved") : "reserved";
  // 6to4: bits 16-47 are the IPv4 address of the relay's destination.
  if (inPrefix(bytes, [0x20, 0x02], 16)) return v4Problem(bytes.subarray(2, 6));
  // Teredo: the server's IPv4 in bits 32-63, the client's (inverted) in the last 32 bits.
  if (inPrefix(bytes, [0x20, 0x01, 0, 0], 32)) {
    const client = bytes.subarray(12).map((b) => b ^ 0xff);
    return v4Problem(bytes.subarray(4, 8)) ?? v4Problem(client);
  }
  // The rest of 2001::/23 is IETF protocol assignments (benchmarking, ORCHID, AMT...): no calendars.
  if (inPrefix(bytes, [0x20, 0x01, 0x00], 23)) return "reserved";
  return null;
}

/** null when `address` (an IP address in any notation) is a public internet address, else why not. */
export function addressProblem(address: string): AddressProblem | null {
  const parsed = parseAddress(address);
  if (!parsed) return "reserved"; // not an address at all: never connect to it
  if (parsed.zone) return "link-local";
  return parsed.family === 4 ? v4Problem(parsed.bytes) : v6Problem(parsed.bytes);
}

export function isPublicAddress(address: string): boolean {
  return addressProblem(address) === null;
}

/** 127/8 and ::1 (also written as IPv4-mapped ::ffff:127.x), for the CALENDAR_FETCH_ALLOW hosts. */
export function isLoopbackAddress(address: string): boolean {
  return addressProblem(address) === "loopback";
}

/**
 * A host name without its trailing dot, lower case: the form the checks compare. URL hosts are
 * already lower case and punycode (IDN), but a trailing dot survives ("localhost.").
 */
export function canonicalHostName(host: string): string {
  const h = host.toLowerCase();
  return h.endsWith(".") ? h.slice(0, -1) : h;
}

// Names that never lead to the public internet: special-use (RFC 6761, 6762, 8375, 9476), the
// ICANN private-use .internal, and the cloud metadata names.
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data"]);
const PRIVATE_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "test", "invalid", "example", "onion", "alt"];

/** null when a host NAME (not an address) may be looked up in DNS; else why not. */
export function hostNameProblem(host: string): AddressProblem | null {
  const h = canonicalHostName(host);
  if (METADATA_NAMES.has(h)) return "metadata";
  if (h === "localhost" || h.endsWith(".localhost")) return "loopback";
  if (PRIVATE_SUFFIXES.some((s) => h === s || h.endsWith(`.${s}`))) return "special-name";
  // A name without a dot is completed by the resolver's search domains: the server's own network.
  if (!h.includes(".")) return "special-name";
  // Only letters, digits, hyphens and underscores in non-empty labels (the URL parser gives punycode).
  if (!h.split(".").every((label) => /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/.test(label))) return "special-name";
  return null;
}
