// Fetches a user's calendar from the secret iCal address they pasted. The address is the user's
// choice, so this is the one place the server connects wherever a user says: every host it names,
// at the start and after each redirect, is resolved once, refused unless every address is public,
// and the socket is pinned to exactly the checked addresses (a second DNS answer, e.g. a rebinding
// attack, is never asked for). https only, no cookies, no credentials, bounded in time and size.
// CALENDAR_FETCH_ALLOW ("host:port" on the loopback, passed in as `allow`) is the one exception:
// tests and local development may fetch over http from those loopback servers, and only from them.
import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PRODUCT_NAME } from "@/lib/brand";
import {
  type AddressProblem,
  addressProblem,
  canonicalHostName,
  hostNameProblem,
  isLoopbackAddress,
  parseAddress,
} from "./address";

export const MAX_CALENDAR_URL_LENGTH = 2048;
export const CALENDAR_FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 } as const;
export const CALENDAR_USER_AGENT = `${PRODUCT_NAME}-Calendar/1.0 (reads busy times for break reminders)`;
export const CALENDAR_ACCEPT = "text/calendar, */*;q=0.1";

export type CalendarUrlErrorCode = "empty" | "too-long" | "invalid" | "scheme" | "credentials";

/** The pasted address is not one Limber will fetch; `reason` is shown to the user as is. */
export class CalendarUrlError extends Error {
  constructor(
    readonly code: CalendarUrlErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = "CalendarUrlError";
  }
}

export type CalendarFetchErrorCode =
  "refused-address" | "timeout" | "too-large" | "too-many-redirects" | "http-status" | "network";

/** The fetch failed; `code` is for the program, `reason` for the user. `status` with "http-status". */
export class CalendarFetchError extends Error {
  constructor(
    readonly code: CalendarFetchErrorCode,
    readonly reason: string,
    readonly status?: number,
  ) {
    super(reason);
    this.name = "CalendarFetchError";
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export type FetchCalendarOptions = {
  etag?: string | null;
  lastModified?: string | null;
  /** "host:port" entries on the loopback that may be fetched over http (CALENDAR_FETCH_ALLOW). */
  allow?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** DNS, injectable for tests; default: the system resolver (dns.lookup, all addresses). */
  resolve?: Resolver;
};

export type FetchCalendarResult =
  | { status: "ok"; text: string; etag: string | null; lastModified: string | null; finalUrl: string }
  | { status: "not-modified" };

/** A URL that passed the checks, with the addresses its socket may connect to (and no other). */
export type CheckedTarget = {
  url: URL;
  /** The name for SNI, certificate check and Host; for an IP literal, the address itself. */
  hostname: string;
  addresses: ResolvedAddress[];
};

const URL_MESSAGES = {
  empty: "Paste your calendar's address.",
  "too-long": `This address is too long (at most ${MAX_CALENDAR_URL_LENGTH.toLocaleString("en-US")} characters).`,
  invalid: "This is not a web address. It should start with https:// or webcal://.",
  scheme: "The address must start with https:// or webcal://.",
  credentials: "The address must not contain a user name or password.",
} as const satisfies Record<CalendarUrlErrorCode, string>;

/** "host:port" keys of the allowed loopback servers; entries not on the loopback are ignored. */
function allowedKeys(allow: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const raw of allow) {
    const entry = raw.trim().toLowerCase();
    if (!/:\d+$/.test(entry)) continue;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      continue;
    }
    if (url.pathname !== "/" || url.username || url.password || url.search) continue;
    const host = canonicalHostName(url.hostname);
    const literal = parseAddress(host);
    if (literal ? !isLoopbackAddress(host) : hostNameProblem(host) !== "loopback") continue;
    keys.add(`${host}:${url.port || "80"}`);
  }
  return keys;
}

function isAllowed(url: URL, keys: Set<string>): boolean {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return keys.has(`${canonicalHostName(url.hostname)}:${port}`);
}

/**
 * The pasted address as the URL to fetch: trimmed, webcal:// and webcals:// read as https://,
 * fragment dropped. Throws CalendarUrlError for anything but an https:// URL without user name or
 * password, at most 2,048 characters (http:// only for a host:port in `allow`). Whether its host
 * may be reached is decided by fetchCalendar, after DNS.
 */
export function normalizeCalendarUrl(input: string, opts: { allow?: readonly string[] } = {}): URL {
  const text = input.trim();
  if (!text) throw new CalendarUrlError("empty", URL_MESSAGES.empty);
  if (text.length > MAX_CALENDAR_URL_LENGTH) throw new CalendarUrlError("too-long", URL_MESSAGES["too-long"]);
  let url: URL;
  try {
    // Rewritten before parsing: webcal: is not a "special" scheme, so the URL parser would leave its
    // host opaque ("0x7f.1") instead of canonical ("127.0.0.1").
    url = new URL(text.replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new CalendarUrlError("invalid", URL_MESSAGES.invalid);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isAllowed(url, allowedKeys(opts.allow ?? [])))) {
    throw new CalendarUrlError("scheme", URL_MESSAGES.scheme);
  }
  if (url.username || url.password) throw new CalendarUrlError("credentials", URL_MESSAGES.credentials);
  if (!url.hostname) throw new CalendarUrlError("invalid", URL_MESSAGES.invalid);
  url.hash = "";
  // IDN to punycode can lengthen it.
  if (url.href.length > MAX_CALENDAR_URL_LENGTH) throw new CalendarUrlError("too-long", URL_MESSAGES["too-long"]);
  return url;
}

function refused(problem: AddressProblem | "scheme" | "insecure" | "credentials", viaRedirect: boolean) {
  const lead = viaRedirect ? "The calendar server redirected to an address that" : "This address";
  const reason =
    problem === "scheme"
      ? viaRedirect
        ? "The calendar server redirected to an address Limber cannot fetch (not https://)."
        : "Only https:// calendar addresses can be fetched."
      : problem === "insecure"
        ? "The calendar server redirected to an insecure http:// address."
        : problem === "credentials"
          ? `${lead} contains a user name or password.`
          : problem === "metadata"
            ? `${lead} points to a cloud metadata service.`
            : problem === "loopback"
              ? `${lead} points to this server.`
              : `${lead} points to a private network.`;
  return new CalendarFetchError("refused-address", reason);
}

const systemResolve: Resolver = async (host) =>
  (await dnsLookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Settles with `promise`, or rejects as soon as `signal` aborts (DNS lookups cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The address as the socket layer should see it: dotted IPv4, bare IPv6. */
function canonicalAddress(address: string): ResolvedAddress | null {
  const parsed = parseAddress(address);
  if (!parsed || parsed.zone) return null;
  if (parsed.family === 4) return { address: parsed.bytes.join("."), family: 4 };
  return {
    address: address
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, ""),
    family: 6,
  };
}

/**
 * Checks `url` against every rule and resolves its host once. Throws CalendarFetchError
 * ("refused-address" or "network"); the addresses returned are the only ones to connect to.
 */
export async function checkCalendarTarget(
  url: URL,
  opts: { allow?: readonly string[]; resolve?: Resolver; signal?: AbortSignal; viaRedirect?: boolean } = {},
): Promise<CheckedTarget> {
  const viaRedirect = opts.viaRedirect ?? false;
  const allowed = isAllowed(url, allowedKeys(opts.allow ?? []));
  const host = canonicalHostName(url.hostname.replace(/^\[|\]$/g, ""));
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowed)) {
    // A host that is private on its face is the more useful reason ("metadata service").
    const obvious = host ? (parseAddress(host) ? addressProblem(host) : hostNameProblem(host)) : null;
    throw refused(obvious ?? (url.protocol === "http:" && viaRedirect ? "insecure" : "scheme"), viaRedirect);
  }
  if (url.username || url.password) throw refused("credentials", viaRedirect);
  if (url.href.length > MAX_CALENDAR_URL_LENGTH) throw refused("scheme", viaRedirect);

  // An address written in the URL: checked as is, nothing to resolve.
  if (parseAddress(host)) {
    const literal = canonicalAddress(host);
    if (!literal) throw refused("link-local", viaRedirect);
    if (allowed ? !isLoopbackAddress(literal.address) : addressProblem(literal.address) !== null) {
      throw refused(addressProblem(literal.address) ?? "private", viaRedirect);
    }
    return { url, hostname: literal.address, addresses: [literal] };
  }

  const nameProblem = hostNameProblem(host);
  // An allowed name is a loopback one (allowedKeys): it is still resolved and must stay on the loopback.
  if (nameProblem && !(allowed && nameProblem === "loopback")) throw refused(nameProblem, viaRedirect);
  let answers: ResolvedAddress[];
  try {
    const signal = opts.signal ?? new AbortController().signal;
    answers = await untilAborted((opts.resolve ?? systemResolve)(host), signal);
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new CalendarFetchError("network", "The calendar server's name could not be found.");
  }
  if (answers.length === 0) throw new CalendarFetchError("network", "The calendar server's name could not be found.");
  const addresses: ResolvedAddress[] = [];
  for (const answer of answers) {
    const address = canonicalAddress(answer.address);
    if (!address) throw refused("reserved", viaRedirect);
    // Every address, not just the first: the socket may try any of them (happy eyeballs).
    const problem = addressProblem(address.address);
    if (allowed ? !isLoopbackAddress(address.address) : problem !== null) {
      throw refused(problem ?? "private", viaRedirect);
    }
    addresses.push(address);
  }
  return { url, hostname: host, addresses };
}

/**
 * A lookup for the socket that answers with the checked addresses, whatever it is asked: the
 * connection goes where the check went, and DNS is not consulted a second time.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  const first = addresses[0];
  return (_hostname, options, callback) => {
    if (!first) {
      callback(Object.assign(new Error("no checked address"), { code: "ENOTFOUND" }), "", 0);
      return;
    }
    if (options.all)
      callback(
        null,
        addresses.map((a) => ({ ...a })),
      );
    else callback(null, first.address, first.family);
  };
}

/** Header values from the caller's stored validators, dropped when they could not be sent as is. */
function headerValue(value: string | null | undefined): string | null {
  return value && value.length <= 1024 && /^[\t\x20-\x7e\x80-\xff]+$/.test(value) ? value : null;
}

export function requestHeaders(etag?: string | null, lastModified?: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: CALENDAR_ACCEPT,
    "Accept-Encoding": "gzip, deflate, br",
    "User-Agent": CALENDAR_USER_AGENT,
  };
  const inm = headerValue(etag);
  const ims = headerValue(lastModified);
  if (inm) headers["If-None-Match"] = inm;
  if (ims) headers["If-Modified-Since"] = ims;
  return headers;
}

/**
 * The options for http(s).request: the host NAME (Host header, SNI and certificate check use it)
 * with a lookup pinned to the checked addresses, no agent (no pooled socket from an earlier
 * resolution, no shared state), and certificates verified.
 */
export function buildRequestOptions(
  target: CheckedTarget,
  headers: Record<string, string>,
  signal?: AbortSignal,
): https.RequestOptions {
  const { url, hostname } = target;
  const secure = url.protocol === "https:";
  const literal = parseAddress(hostname) !== null;
  const hostHeader =
    (literal && hostname.includes(":") ? `[${hostname}]` : hostname) + (url.port ? `:${url.port}` : "");
  return {
    protocol: url.protocol,
    hostname,
    port: Number(url.port || (secure ? 443 : 80)),
    path: `${url.pathname}${url.search}`,
    method: "GET",
    headers: { ...headers, Host: hostHeader },
    lookup: pinnedLookup(target.addresses),
    agent: false,
    signal,
    ...(secure ? { servername: literal ? "" : hostname, rejectUnauthorized: true } : {}),
  };
}

function send(options: https.RequestOptions): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = options.protocol === "https:" ? https.request : http.request;
    try {
      const req = request(options, resolve);
      req.on("error", reject);
      req.end();
    } catch (error) {
      reject(error);
    }
  });
}

function formatSize(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB && (bytes * 10) % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return s === 1 ? "1 second" : `${s} seconds`;
}

const tooLarge = (maxBytes: number) =>
  new CalendarFetchError("too-large", `The calendar is larger than ${formatSize(maxBytes)}.`);

/** The raw body, refused as soon as it passes `maxBytes` (so an endless body costs nothing). */
function readRaw(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: unknown, body?: Buffer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (error) {
        res.destroy();
        reject(error);
      } else resolve(body as Buffer);
    };
    const onAbort = () => finish(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) finish(tooLarge(maxBytes));
      else chunks.push(chunk);
    });
    res.on("end", () => finish(null, Buffer.concat(chunks, size)));
    res.on("error", (error) => finish(error));
    res.on("close", () => {
      if (!res.complete) finish(new CalendarFetchError("network", "The calendar server closed the connection early."));
    });
  });
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

/** "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: tell them apart by the header. */
function isZlibWrapped(body: Buffer): boolean {
  const [a = 0, b = 0] = body;
  return (a & 0x0f) === 8 && ((a << 8) | b) % 31 === 0;
}

/** Undoes Content-Encoding; zlib stops at `maxBytes` of output, so a compression bomb stays small. */
async function decodeBody(body: Buffer, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== "identity");
  if (codings.length > 2) throw new CalendarFetchError("network", "The calendar server sent an unreadable encoding.");
  let out = body;
  const limit = { maxOutputLength: Math.max(1, maxBytes) };
  // Lenient about a truncated stream, as browsers are.
  const zlibOpts = { ...limit, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  for (const coding of codings.reverse()) {
    if (out.length === 0) break;
    try {
      if (coding === "gzip" || coding === "x-gzip") out = await gunzip(out, zlibOpts);
      else if (coding === "deflate") out = await (isZlibWrapped(out) ? inflate : inflateRaw)(out, zlibOpts);
      else if (coding === "br") out = await brotli(out, limit);
      else throw new CalendarFetchError("network", "The calendar server sent an unreadable encoding.");
    } catch (error) {
      if (error instanceof CalendarFetchError) throw error;
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(maxBytes);
      throw new CalendarFetchError("network", "The calendar server sent a damaged compressed calendar.");
    }
  }
  return out;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function networkReason(error: unknown): string {
  const code = (error as { code?: string } | null)?.code ?? "";
  if (code === "ECONNREFUSED") return "The calendar server refused the connection.";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "The calendar server's name could not be found.";
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO|HOSTNAME|ERR_TLS/.test(code)) {
    return "The calendar server's certificate is not valid.";
  }
  return "Limber could not reach the calendar server.";
}

function firstHeader(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v === "" ? null : v;
}

/**
 * GETs the calendar at `url` under the rules above; throws CalendarFetchError. A 304 answers
 * "not-modified" only when a validator (etag / lastModified) was sent, since otherwise there is
 * nothing the caller could keep.
 */
export async function fetchCalendar(url: URL, opts: FetchCalendarOptions = {}): Promise<FetchCalendarResult> {
  const timeoutMs = opts.timeoutMs ?? CALENDAR_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? CALENDAR_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? CALENDAR_FETCH_DEFAULTS.maxRedirects;
  const headers = requestHeaders(opts.etag, opts.lastModified);
  const conditional = "If-None-Match" in headers || "If-Modified-Since" in headers;
  // One deadline for everything: DNS, connecting, every redirect, headers and body.
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(() => controller.abort(new Error("timeout")), timeoutMs);
  let current = new URL(url.href);
  current.hash = "";
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await checkCalendarTarget(current, {
        allow: opts.allow,
        resolve: opts.resolve,
        signal,
        viaRedirect: redirects > 0,
      });
      const res = await send(buildRequestOptions(target, headers, signal));
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        // The body is not read and the socket not reused: Connection: close, no agent.
        res.destroy();
        if (redirects >= maxRedirects) {
          throw new CalendarFetchError(
            "too-many-redirects",
            `The calendar address redirected more than ${maxRedirects} times.`,
          );
        }
        const location = firstHeader(res.headers.location);
        let next: URL;
        try {
          if (!location) throw new Error("no Location");
          next = new URL(location, current);
        } catch {
          throw new CalendarFetchError(
            "http-status",
            `The calendar server answered ${status} without a valid new address.`,
            status,
          );
        }
        next.hash = "";
        current = next;
        continue;
      }
      if (status === 304 && conditional) {
        res.destroy();
        return { status: "not-modified" };
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new CalendarFetchError("http-status", `The calendar server answered ${status}.`, status);
      }
      const announced = Number(firstHeader(res.headers["content-length"]) ?? NaN);
      if (announced > maxBytes) {
        res.destroy();
        throw tooLarge(maxBytes);
      }
      const raw = await readRaw(res, maxBytes, signal);
      const body = await decodeBody(raw, firstHeader(res.headers["content-encoding"]) ?? undefined, maxBytes);
      return {
        status: "ok",
        // iCalendar is UTF-8 (RFC 5545); a BOM is dropped, invalid bytes become U+FFFD.
        text: new TextDecoder("utf-8").decode(body),
        etag: firstHeader(res.headers.etag),
        lastModified: firstHeader(res.headers["last-modified"]),
        finalUrl: current.href,
      };
    }
  } catch (error) {
    // A socket torn down by the deadline may surface as a network error first: the deadline is the cause.
    if (error instanceof CalendarFetchError && !(signal.aborted && error.code === "network")) throw error;
    if (signal.aborted) {
      throw new CalendarFetchError("timeout", `The calendar server did not answer within ${formatSeconds(timeoutMs)}.`);
    }
    throw new CalendarFetchError("network", networkReason(error));
  } finally {
    clearTimeout(timer);
  }
}
