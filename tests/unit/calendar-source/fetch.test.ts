// The calendar fetcher against real HTTP servers on 127.0.0.1 (let through by `allow`, as
// CALENDAR_FETCH_ALLOW does in development). Every socket this process opens is watched through
// node:diagnostics_channel, so "refused before connecting" and "connected where it checked" are
// observed on the wire, not inferred.
import dc from "node:diagnostics_channel";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CalendarFetchError, fetchCalendar, type ResolvedAddress } from "@/lib/calendar-source/fetch";

type Handler = (req: IncomingMessage, res: ServerResponse, server: Stub) => void;
type Stub = {
  port: number;
  origin: string;
  host: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  connections: number;
  close(): Promise<void>;
};

const stubs: Stub[] = [];

async function startServer(handler: Handler): Promise<Stub> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const stub: Stub = {
    port,
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests: [],
    connections: 0,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  server.on("connection", () => stub.connections++);
  server.on("request", (req, res) => {
    stub.requests.push({ url: req.url ?? "", headers: req.headers });
    handler(req, res, stub);
  });
  stubs.push(stub);
  return stub;
}

/** Every connection attempt of this process: [address, port]. */
const attempts: [string, number][] = [];
const onSocket = (message: unknown) => {
  const { socket } = message as { socket: Socket };
  socket.on("connectionAttempt", (address: string, port: number) => attempts.push([address, port]));
};

beforeAll(() => dc.subscribe("net.client.socket", onSocket));
afterAll(async () => {
  dc.unsubscribe("net.client.socket", onSocket);
  await Promise.all(stubs.map((s) => s.close()));
});
beforeEach(() => {
  attempts.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<CalendarFetchError> {
  const error = await promise.then(
    () => expect.fail("expected the fetch to fail"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CalendarFetchError);
  return error as CalendarFetchError;
}

const ICS = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n";

describe("fetchCalendar over http on an allowed loopback server", () => {
  let cal: Stub;
  beforeAll(async () => {
    cal = await startServer((req, res) => {
      const etag = '"rev-7"';
      const lastModified = "Tue, 01 Jul 2025 10:00:00 GMT";
      if (req.url === "/cal.ics") {
        if (req.headers["if-none-match"] === etag) {
          res.writeHead(304, { ETag: etag }).end();
          return;
        }
        res.writeHead(200, { "Content-Type": "text/calendar", ETag: etag, "Last-Modified": lastModified }).end(ICS);
      } else if (req.url === "/always-304") {
        res.writeHead(304).end();
      } else if (req.url === "/utf8") {
        res.writeHead(200).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("SUMMARY:Café ☕\r\n")]));
      } else if (req.url?.startsWith("/status/")) {
        res.writeHead(Number(req.url.slice("/status/".length))).end("nope");
      } else {
        res.writeHead(404).end();
      }
    });
  });

  it("reads the calendar, its ETag and Last-Modified, and asks like a calendar client", async () => {
    const result = await fetchCalendar(new URL(`${cal.origin}/cal.ics`), { allow: [cal.host] });
    expect(result).toEqual({
      status: "ok",
      text: ICS,
      etag: '"rev-7"',
      lastModified: "Tue, 01 Jul 2025 10:00:00 GMT",
      finalUrl: `${cal.origin}/cal.ics`,
    });
    const { headers } = cal.requests.at(-1)!;
    expect(headers.accept).toBe("text/calendar, */*;q=0.1");
    expect(headers["user-agent"]).toContain("Limber");
    expect(headers.host).toBe(cal.host);
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers["if-none-match"]).toBeUndefined();
  });

  it("sends the validators back and answers not-modified on 304", async () => {
    const result = await fetchCalendar(new URL(`${cal.origin}/cal.ics`), {
      allow: [cal.host],
      etag: '"rev-7"',
      lastModified: "Tue, 01 Jul 2025 10:00:00 GMT",
    });
    expect(result).toEqual({ status: "not-modified" });
    const { headers } = cal.requests.at(-1)!;
    expect(headers["if-none-match"]).toBe('"rev-7"');
    expect(headers["if-modified-since"]).toBe("Tue, 01 Jul 2025 10:00:00 GMT");
  });

  it("treats a 304 it did not ask for as an error (there is nothing to keep)", async () => {
    const error = await failure(fetchCalendar(new URL(`${cal.origin}/always-304`), { allow: [cal.host] }));
    expect(error).toMatchObject({ code: "http-status", status: 304 });
  });

  it("decodes UTF-8 and drops the byte-order mark", async () => {
    const result = await fetchCalendar(new URL(`${cal.origin}/utf8`), { allow: [cal.host] });
    expect(result).toMatchObject({ status: "ok", text: "SUMMARY:Café ☕\r\n" });
  });

  it.each([404, 410, 401, 500])("answers http-status with the status in the reason (%i)", async (status) => {
    const error = await failure(fetchCalendar(new URL(`${cal.origin}/status/${status}`), { allow: [cal.host] }));
    expect(error).toMatchObject({ code: "http-status", status, reason: `The calendar server answered ${status}.` });
  });

  it("refuses the same server over http when it is not in allow, without connecting", async () => {
    const before = cal.connections;
    const error = await failure(fetchCalendar(new URL(`${cal.origin}/cal.ics`), { allow: ["127.0.0.1:1"] }));
    expect(error.code).toBe("refused-address");
    expect(cal.connections).toBe(before);
    expect(attempts).toEqual([]);
  });

  it("reports a refused connection as a network error", async () => {
    const gone = await startServer(() => {});
    await gone.close();
    const error = await failure(fetchCalendar(new URL(`${gone.origin}/`), { allow: [gone.host] }));
    expect(error).toMatchObject({ code: "network", reason: "The calendar server refused the connection." });
  });
});

describe("redirects", () => {
  let hops: Stub;
  let metadata: Stub;
  let otherPort: Stub;
  beforeAll(async () => {
    metadata = await startServer((_req, res) => res.end("ami-id\ninstance-id\n"));
    otherPort = await startServer((_req, res) => res.end(ICS));
    hops = await startServer((req, res) => {
      const url = req.url ?? "";
      const hop = /^\/hop\/(\d+)$/.exec(url);
      if (hop) {
        const left = Number(hop[1]);
        if (left === 0) res.end(ICS);
        // Relative Locations of each kind, resolved against the current URL.
        else res.writeHead(302, { Location: left % 2 ? `/hop/${left - 1}` : `${left - 1}` }).end();
      } else if (url === "/login") {
        res.writeHead(302, { "Set-Cookie": "session=s3cret; Path=/", Location: "/cal" }).end();
      } else if (url === "/cal") {
        res.end(ICS);
      } else if (url.startsWith("/to?")) {
        res.writeHead(301, { Location: decodeURIComponent(url.slice(4)) }).end();
      } else if (url === "/nowhere") {
        res.writeHead(302).end();
      } else res.writeHead(404).end();
    });
  });
  const to = (location: string) => new URL(`${hops.origin}/to?${encodeURIComponent(location)}`);

  it("follows a chain of 3 and reports where it ended", async () => {
    const result = await fetchCalendar(new URL(`${hops.origin}/hop/3`), { allow: [hops.host] });
    expect(result).toMatchObject({ status: "ok", text: ICS, finalUrl: `${hops.origin}/hop/0` });
    expect(hops.requests.slice(-4).map((r) => r.url)).toEqual(["/hop/3", "/hop/2", "/hop/1", "/hop/0"]);
  });

  it("refuses a 4th redirect without following it", async () => {
    const before = hops.requests.length;
    const error = await failure(fetchCalendar(new URL(`${hops.origin}/hop/4`), { allow: [hops.host] }));
    expect(error).toMatchObject({
      code: "too-many-redirects",
      reason: "The calendar address redirected more than 3 times.",
    });
    expect(hops.requests.slice(before).map((r) => r.url)).toEqual(["/hop/4", "/hop/3", "/hop/2", "/hop/1"]);
  });

  it("honours maxRedirects", async () => {
    const error = await failure(
      fetchCalendar(new URL(`${hops.origin}/hop/1`), { allow: [hops.host], maxRedirects: 0 }),
    );
    expect(error.code).toBe("too-many-redirects");
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "https://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://2852039166/latest/meta-data/",
    "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://100.100.100.200/latest/meta-data/",
  ])("refuses a redirect to the metadata service (%s) before connecting", async (location) => {
    const resolve = vi.fn(async (): Promise<ResolvedAddress[]> => expect.fail("no DNS for an address"));
    const error = await failure(fetchCalendar(to(location), { allow: [hops.host], resolve }));
    expect(error).toMatchObject({
      code: "refused-address",
      reason: "The calendar server redirected to an address that points to a cloud metadata service.",
    });
    // One connection: to the server that redirected. None toward the metadata address.
    expect(attempts).toEqual([["127.0.0.1", hops.port]]);
  });

  it("refuses a redirect to the metadata host name, even one that DNS would send to an allowed server", async () => {
    const resolve = vi.fn(async (): Promise<ResolvedAddress[]> => [{ address: "127.0.0.1", family: 4 }]);
    const error = await failure(
      fetchCalendar(to(`http://metadata.google.internal:${metadata.port}/computeMetadata/v1/`), {
        allow: [hops.host, metadata.host],
        resolve,
      }),
    );
    expect(error).toMatchObject({
      code: "refused-address",
      reason: "The calendar server redirected to an address that points to a cloud metadata service.",
    });
    expect(resolve).not.toHaveBeenCalled();
    expect(metadata.connections).toBe(0);
    expect(metadata.requests).toEqual([]);
  });

  it("refuses a redirect to a loopback port that is not allowed", async () => {
    const error = await failure(fetchCalendar(to(`${otherPort.origin}/cal.ics`), { allow: [hops.host] }));
    expect(error.code).toBe("refused-address");
    expect(otherPort.connections).toBe(0);
    expect(attempts.every(([, port]) => port === hops.port)).toBe(true);
    // The same redirect is followed once that port is allowed: the refusal was the rule, not the server.
    const allowed = await fetchCalendar(to(`${otherPort.origin}/cal.ics`), { allow: [hops.host, otherPort.host] });
    expect(allowed).toMatchObject({ status: "ok", finalUrl: `${otherPort.origin}/cal.ics` });
  });

  it("refuses a redirect to a name resolving to a private address, before connecting", async () => {
    const resolve = vi.fn(async (): Promise<ResolvedAddress[]> => [{ address: "10.0.0.5", family: 4 }]);
    const error = await failure(
      fetchCalendar(to("https://calendar.example.org/c.ics"), { allow: [hops.host], resolve }),
    );
    expect(error.code).toBe("refused-address");
    expect(resolve).toHaveBeenCalledOnce();
    expect(attempts).toEqual([["127.0.0.1", hops.port]]);
  });

  it("refuses a redirect to http:// on the internet and to other schemes", async () => {
    const insecure = await failure(fetchCalendar(to("http://calendar.example.org/c.ics"), { allow: [hops.host] }));
    expect(insecure.reason).toBe("The calendar server redirected to an insecure http:// address.");
    for (const location of ["file:///etc/passwd", "gopher://127.0.0.1:70/", "webcal://calendar.example.org/"]) {
      const error = await failure(fetchCalendar(to(location), { allow: [hops.host] }));
      expect(error.code).toBe("refused-address");
    }
    expect(attempts.every(([, port]) => port === hops.port)).toBe(true);
  });

  it("reports a redirect without a Location as http-status", async () => {
    const error = await failure(fetchCalendar(new URL(`${hops.origin}/nowhere`), { allow: [hops.host] }));
    expect(error).toMatchObject({ code: "http-status", status: 302 });
  });

  it("sends no Cookie after a redirect that sets one, nor on the next fetch", async () => {
    const before = hops.requests.length;
    await fetchCalendar(new URL(`${hops.origin}/login`), { allow: [hops.host] });
    await fetchCalendar(new URL(`${hops.origin}/cal`), { allow: [hops.host] });
    const seen = hops.requests.slice(before);
    expect(seen.map((r) => r.url)).toEqual(["/login", "/cal", "/cal"]);
    for (const { headers } of seen) expect(headers.cookie).toBeUndefined();
  });
});

describe("DNS: resolved once, connected where checked", () => {
  let trap: Stub;
  beforeAll(async () => {
    trap = await startServer((_req, res) => res.end("internal secrets"));
  });

  it("refuses a name that resolves to a private address without connecting", async () => {
    const resolve = vi.fn(async (): Promise<ResolvedAddress[]> => [{ address: "127.0.0.1", family: 4 }]);
    const error = await failure(fetchCalendar(new URL(`https://calendar.example.org:${trap.port}/`), { resolve }));
    expect(error).toMatchObject({ code: "refused-address", reason: "This address points to this server." });
    expect(resolve).toHaveBeenCalledOnce();
    expect(attempts).toEqual([]);
    expect(trap.connections).toBe(0);
  });

  it("DNS rebinding: a public first answer and a private second one never reach the private address", async () => {
    // The trap listens on the port the URL names: if anything resolved the name again and got
    // 127.0.0.1, the connection would land there.
    const answers: ResolvedAddress[][] = [[{ address: "8.8.8.8", family: 4 }], [{ address: "127.0.0.1", family: 4 }]];
    const resolve = vi.fn(async (): Promise<ResolvedAddress[]> => answers.shift() ?? []);
    const error = await failure(
      fetchCalendar(new URL(`https://rebind.example.org:${trap.port}/cal.ics`), { resolve, timeoutMs: 300 }),
    );
    // 8.8.8.8 does not serve https on that port (or the sandbox has no route): any failure but a refusal.
    expect(["timeout", "network"]).toContain(error.code);
    expect(resolve).toHaveBeenCalledOnce();
    expect(resolve).toHaveBeenCalledWith("rebind.example.org");
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every(([address, port]) => address === "8.8.8.8" && port === trap.port)).toBe(true);
    expect(trap.connections).toBe(0);
  });

  it("the pinned socket goes to the checked address while Host still names the host", async () => {
    // An allowed loopback name: resolved (once) by the injected resolver, which would answer a
    // private address the second time.
    const answers: ResolvedAddress[][] = [[{ address: "127.0.0.1", family: 4 }], [{ address: "10.0.0.1", family: 4 }]];
    const resolve = vi.fn(async (): Promise<ResolvedAddress[]> => answers.shift() ?? []);
    const host = `cal.localhost:${trap.port}`;
    const result = await fetchCalendar(new URL(`http://${host}/x.ics`), { allow: [host], resolve });
    expect(result).toMatchObject({ status: "ok", text: "internal secrets", finalUrl: `http://${host}/x.ics` });
    expect(resolve).toHaveBeenCalledOnce();
    expect(attempts).toEqual([["127.0.0.1", trap.port]]);
    expect(trap.requests.at(-1)?.headers.host).toBe(host);
  });
});

describe("time and size limits", () => {
  let slow: Stub;
  beforeAll(async () => {
    slow = await startServer((req, res) => {
      if (req.url === "/headers-late") {
        const timer = setTimeout(() => res.writeHead(200).end(ICS), 11_000);
        res.on("close", () => clearTimeout(timer));
      } else if (req.url === "/body-trickle") {
        res.writeHead(200, { "Content-Type": "text/calendar" });
        const timer = setInterval(() => res.write("X"), 50);
        res.on("close", () => clearInterval(timer));
      } else if (req.url === "/endless") {
        // No Content-Length: chunked, 64 KB at a time until the client hangs up.
        const chunk = Buffer.alloc(64 * 1024, "A");
        res.writeHead(200);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
      } else if (req.url === "/announced-too-big") {
        // Announces 6 MB, sends 10 bytes and waits: only a client that trusts the header returns quickly.
        res.writeHead(200, { "Content-Length": String(6 * 1024 * 1024) });
        res.write("BEGIN:VCAL");
      } else if (req.url?.startsWith("/exactly/")) {
        res.end("x".repeat(Number(req.url.slice("/exactly/".length))));
      }
    });
  });
  const url = (path: string) => new URL(`${slow.origin}${path}`);

  it("gives up when the headers take longer than the timeout", async () => {
    const started = Date.now();
    const error = await failure(fetchCalendar(url("/headers-late"), { allow: [slow.host], timeoutMs: 300 }));
    expect(error).toMatchObject({ code: "timeout", reason: "The calendar server did not answer within 0.3 seconds." });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("counts the body against the same deadline", async () => {
    const started = Date.now();
    const error = await failure(fetchCalendar(url("/body-trickle"), { allow: [slow.host], timeoutMs: 300 }));
    expect(error.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops reading a body without Content-Length at 5 MB", async () => {
    const error = await failure(fetchCalendar(url("/endless"), { allow: [slow.host] }));
    expect(error).toMatchObject({ code: "too-large", reason: "The calendar is larger than 5 MB." });
  });

  it("refuses an announced Content-Length over the cap before reading the body", async () => {
    const started = Date.now();
    const error = await failure(fetchCalendar(url("/announced-too-big"), { allow: [slow.host], timeoutMs: 3000 }));
    expect(error.code).toBe("too-large");
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("accepts a body of exactly maxBytes and refuses one byte more", async () => {
    await expect(fetchCalendar(url("/exactly/1000"), { allow: [slow.host], maxBytes: 1000 })).resolves.toMatchObject({
      status: "ok",
    });
    const error = await failure(fetchCalendar(url("/exactly/1001"), { allow: [slow.host], maxBytes: 1000 }));
    expect(error).toMatchObject({ code: "too-large", reason: "The calendar is larger than 1000 bytes." });
  });
});

describe("compressed bodies", () => {
  const big = ICS.repeat(2000);
  const bomb = zlib.gzipSync(Buffer.alloc(6 * 1024 * 1024)); // ~6 KB on the wire, 6 MB unpacked
  let zip: Stub;
  beforeAll(async () => {
    zip = await startServer((req, res) => {
      const encoded: Record<string, [string, Buffer]> = {
        "/gzip": ["gzip", zlib.gzipSync(big)],
        "/deflate": ["deflate", zlib.deflateSync(big)],
        "/deflate-raw": ["deflate", zlib.deflateRawSync(big)],
        "/br": ["br", zlib.brotliCompressSync(big)],
        "/bomb": ["gzip", bomb],
        "/damaged": ["gzip", Buffer.from("not gzip at all")],
        "/unknown": ["zstd-of-the-future", Buffer.from(big)],
      };
      const [encoding, body] = encoded[req.url ?? ""] ?? ["identity", Buffer.alloc(0)];
      res.writeHead(200, { "Content-Encoding": encoding, "Content-Length": body.length }).end(body);
    });
  });

  it.each(["/gzip", "/deflate", "/deflate-raw", "/br"])("decompresses %s", async (path) => {
    const result = await fetchCalendar(new URL(`${zip.origin}${path}`), { allow: [zip.host] });
    expect(result).toMatchObject({ status: "ok", text: big });
    expect(zip.requests.at(-1)?.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("applies the cap to the decompressed size (a gzip bomb)", async () => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    const error = await failure(fetchCalendar(new URL(`${zip.origin}/bomb`), { allow: [zip.host] }));
    expect(error).toMatchObject({ code: "too-large", reason: "The calendar is larger than 5 MB." });
  });

  it("reports a damaged or unknown encoding as a network error", async () => {
    for (const path of ["/damaged", "/unknown"]) {
      const error = await failure(fetchCalendar(new URL(`${zip.origin}${path}`), { allow: [zip.host] }));
      expect(error.code).toBe("network");
    }
  });
});
