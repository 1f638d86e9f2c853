// The calendar fetcher's address policy, without a network: which hosts and addresses it may
// connect to (every notation a URL, DNS or a person can produce), the pasted address's
// normalisation, and the request options that pin the socket to the checked address.
import { describe, expect, it, vi } from "vitest";
import { addressProblem, hostNameProblem, isPublicAddress, parseIPv4 } from "@/lib/calendar-source/address";
import {
  buildRequestOptions,
  CalendarFetchError,
  CalendarUrlError,
  checkCalendarTarget,
  fetchCalendar,
  normalizeCalendarUrl,
  pinnedLookup,
  requestHeaders,
  type ResolvedAddress,
} from "@/lib/calendar-source/fetch";

const answers =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

/** A resolver that fails the test if it is asked at all. */
const noDns = () => vi.fn(async (): Promise<ResolvedAddress[]> => expect.fail("DNS must not be consulted"));

async function refusal(promise: Promise<unknown>): Promise<CalendarFetchError> {
  const error = await promise.then(
    () => expect.fail("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CalendarFetchError);
  return error as CalendarFetchError;
}

describe("parseIPv4: every notation inet_aton and the URL parser accept", () => {
  it.each([
    ["127.0.0.1", [127, 0, 0, 1]],
    ["127.1", [127, 0, 0, 1]],
    ["127.0.1", [127, 0, 0, 1]],
    ["2130706433", [127, 0, 0, 1]],
    ["0177.0.0.1", [127, 0, 0, 1]],
    ["0x7f.1", [127, 0, 0, 1]],
    ["0X7F.0.0.1", [127, 0, 0, 1]],
    ["0x7f000001", [127, 0, 0, 1]],
    ["017700000001", [127, 0, 0, 1]],
    ["127.0.0.1.", [127, 0, 0, 1]],
    ["0xa9fea9fe", [169, 254, 169, 254]],
    ["0", [0, 0, 0, 0]],
    ["8.8.8.8", [8, 8, 8, 8]],
  ])("%s", (text, bytes) => {
    expect([...(parseIPv4(text) ?? [])]).toEqual(bytes);
  });

  it.each(["256.0.0.1", "1.2.3.4.5", "0x100.0.0.1", "4294967296", "1..2", "example.com", "08.0.0.1", ""])(
    "not an address: %j",
    (text) => {
      expect(parseIPv4(text)).toBeNull();
    },
  );
});

describe("addressProblem", () => {
  it.each([
    // IPv4 loopback in every notation
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["127.1", "loopback"],
    ["2130706433", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["0x7f.1", "loopback"],
    ["0x7f000001", "loopback"],
    // private, link-local, CGNAT
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["100.127.255.255", "private"],
    ["169.254.1.1", "link-local"],
    // cloud metadata
    ["169.254.169.254", "metadata"],
    ["0xa9fea9fe", "metadata"],
    ["2852039166", "metadata"],
    ["100.100.100.200", "metadata"],
    ["168.63.129.16", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    // "this network", multicast, broadcast, reserved, benchmarking, documentation
    ["0.0.0.0", "reserved"],
    ["0.1.2.3", "reserved"],
    ["224.0.0.1", "reserved"],
    ["239.255.255.250", "reserved"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["192.0.0.8", "reserved"],
    // IPv6 loopback, unspecified, mapped, compatible, translated
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["[::FFFF:7F00:1]", "loopback"],
    ["0:0:0:0:0:ffff:127.0.0.1", "loopback"],
    ["::127.0.0.1", "loopback"],
    ["::7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:0:127.0.0.1", "loopback"],
    // a mapped public address is still not a global IPv6 destination
    ["::ffff:8.8.8.8", "reserved"],
    // ULA, link-local (with a zone id too), site-local, multicast
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["FEBF::1", "link-local"],
    ["fec0::1", "link-local"],
    ["ff02::1", "reserved"],
    // NAT64, 6to4, Teredo embedding a private IPv4
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b::a00:1", "private"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:c0a8:101::", "private"],
    ["2002:a9fe:a9fe::1", "metadata"],
    ["2001:0:a00:1::1", "private"], // Teredo server 10.0.0.1
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback"], // Teredo client 127.0.0.1 (inverted)
    // documentation, benchmarking, discard-only, SRv6
    ["2001:db8::1", "reserved"],
    ["3fff::1", "reserved"],
    ["2001:2::1", "reserved"],
    ["100::1", "reserved"],
    ["5f00::1", "reserved"],
    ["64:ff9b:1::808:808", "reserved"], // local-use NAT64, even of a public IPv4
    // not an address at all
    ["localhost", "reserved"],
    ["", "reserved"],
  ])("%s is refused (%s)", (address, problem) => {
    expect(addressProblem(address)).toBe(problem);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    // next to private ranges, but outside them
    "172.15.255.255",
    "172.32.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "169.253.255.255",
    "198.17.255.255",
    "198.20.0.0",
    "11.0.0.0",
    "126.255.255.255",
    "223.255.255.255",
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "[2606:4700:4700::1111]",
    "64:ff9b::808:808", // NAT64 of 8.8.8.8
    "2002:808:808::1", // 6to4 of 8.8.8.8
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7", // Teredo: server 65.54.227.120, client 8.8.8.8
  ])("%s is public", (address) => {
    expect(addressProblem(address)).toBeNull();
  });
});

describe("hostNameProblem", () => {
  it.each([
    ["localhost", "loopback"],
    ["LOCALHOST.", "loopback"],
    ["app.localhost", "loopback"],
    ["metadata.google.internal", "metadata"],
    ["metadata.google.internal.", "metadata"],
    ["Metadata.Google.Internal", "metadata"],
    ["metadata.goog", "metadata"],
    ["metadata", "metadata"],
    ["db.internal", "special-name"],
    ["printer.local", "special-name"],
    ["router.home.arpa", "special-name"],
    ["intranet", "special-name"], // completed by the server's search domains
    ["a..b.com", "special-name"],
    ["bad_label-.com", "special-name"],
  ])("%s is refused (%s)", (host, problem) => {
    expect(hostNameProblem(host)).toBe(problem);
  });

  it.each(["calendar.google.com", "outlook.office365.com", "p01-caldav.icloud.com", "xn--bcher-kva.de", "a.b.c.d.co"])(
    "%s may be looked up",
    (host) => {
      expect(hostNameProblem(host)).toBeNull();
    },
  );
});

describe("normalizeCalendarUrl", () => {
  it("trims, reads webcal:// and webcals:// as https://, drops the fragment, lower-cases the host", () => {
    expect(normalizeCalendarUrl("  webcal://p01-caldav.icloud.com/published/2/abc \n").href).toBe(
      "https://p01-caldav.icloud.com/published/2/abc",
    );
    expect(normalizeCalendarUrl("WEBCALS://Example.ORG/cal.ics#frag").href).toBe("https://example.org/cal.ics");
    expect(
      normalizeCalendarUrl("https://calendar.google.com/calendar/ical/x%40gmail.com/private-1/basic.ics").href,
    ).toBe("https://calendar.google.com/calendar/ical/x%40gmail.com/private-1/basic.ics");
  });

  it("turns an internationalised name into punycode and canonicalises numeric hosts", () => {
    expect(normalizeCalendarUrl("https://bücher.de/k.ics").hostname).toBe("xn--bcher-kva.de");
    expect(normalizeCalendarUrl("webcal://0x7f.1/").hostname).toBe("127.0.0.1");
    expect(normalizeCalendarUrl("https://2130706433/").hostname).toBe("127.0.0.1");
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["calendar.google.com/basic.ics", "invalid"],
    ["https://", "invalid"],
    ["https://[fe80::1%25eth0]/", "invalid"], // the URL standard has no zone ids
    ["http://calendar.example.org/basic.ics", "scheme"],
    ["ftp://example.org/cal.ics", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["data:text/calendar,BEGIN", "scheme"],
    ["gopher://127.0.0.1:6379/_INFO", "scheme"],
    ["https://user:secret@example.org/cal.ics", "credentials"],
    ["https://user@example.org/cal.ics", "credentials"],
    ["webcal://:pw@example.org/", "credentials"],
  ])("refuses %j (%s) with a reason for the user", (input, code) => {
    let error: unknown;
    try {
      normalizeCalendarUrl(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CalendarUrlError);
    expect((error as CalendarUrlError).code).toBe(code);
    expect((error as CalendarUrlError).reason).toMatch(/\.$/);
  });

  it("accepts 2,048 characters and refuses 2,049", () => {
    const base = "https://example.org/";
    expect(normalizeCalendarUrl(base + "a".repeat(2048 - base.length)).href).toHaveLength(2048);
    expect(() => normalizeCalendarUrl(base + "a".repeat(2049 - base.length))).toThrow(CalendarUrlError);
  });

  it("accepts http:// only for a loopback host:port in allow", () => {
    const allow = ["127.0.0.1:5555"];
    expect(normalizeCalendarUrl("http://127.0.0.1:5555/cal.ics", { allow }).href).toBe("http://127.0.0.1:5555/cal.ics");
    expect(() => normalizeCalendarUrl("http://127.0.0.1:5556/cal.ics", { allow })).toThrow(CalendarUrlError);
    expect(() => normalizeCalendarUrl("http://10.0.0.1:80/", { allow: ["10.0.0.1:80"] })).toThrow(CalendarUrlError);
  });
});

describe("checkCalendarTarget: every notation of a private host in a URL is refused before DNS", () => {
  it.each([
    "https://127.0.0.1/",
    "https://127.0.0.1./",
    "https://2130706433/",
    "https://0177.0.0.1/",
    "https://0x7f.1/",
    "https://0X7F000001/",
    "https://127.1/",
    "https://0/",
    "https://[::1]:8443/",
    "https://[::]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[::127.0.0.1]/",
    "https://[0:0:0:0:0:ffff:127.0.0.1]/",
    "https://[64:ff9b::127.0.0.1]/",
    "https://[2002:7f00:1::]/",
    "https://10.1.2.3/",
    "https://[fd00::1]/",
    "https://[fe80::1]/",
    "https://169.254.169.254/latest/meta-data/",
    "https://2852039166/latest/meta-data/",
    "https://0xa9.0xfe.0xa9.0xfe/",
    "https://[::ffff:169.254.169.254]/",
    "https://[fd00:ec2::254]/",
    "https://100.100.100.200/",
    "https://100.64.1.1/",
    "https://224.0.0.1/",
    "https://255.255.255.255/",
    "webcal://0x7f.1/calendar.ics",
    "webcals://[::1]/",
    "https://localhost/",
    "https://LOCALHOST./",
    "https://sub.localhost/",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://metadata.google.internal./computeMetadata/v1/",
    "https://METADATA.Google.Internal/",
    "https://metadata.goog/",
    "https://intranet/cal.ics",
  ])("%s", async (input) => {
    const resolve = noDns();
    const error = await refusal(checkCalendarTarget(normalizeCalendarUrl(input), { resolve }));
    expect(error.code).toBe("refused-address");
    expect(error.reason).toMatch(/^This address (points to|contains)/);
    expect(resolve).not.toHaveBeenCalled();
  });

  it("names the metadata service and the private network in the reason", async () => {
    const metadata = await refusal(checkCalendarTarget(new URL("https://169.254.169.254/"), { resolve: noDns() }));
    expect(metadata.reason).toBe("This address points to a cloud metadata service.");
    const lan = await refusal(checkCalendarTarget(new URL("https://192.168.0.10/"), { resolve: noDns() }));
    expect(lan.reason).toBe("This address points to a private network.");
  });

  it("refuses http:// and other schemes, and says a redirect to http:// is insecure", async () => {
    const plain = await refusal(checkCalendarTarget(new URL("http://8.8.8.8/"), { resolve: noDns() }));
    expect(plain).toMatchObject({
      code: "refused-address",
      reason: "Only https:// calendar addresses can be fetched.",
    });
    const redirected = await refusal(
      checkCalendarTarget(new URL("http://calendar.example.org/"), { resolve: noDns(), viaRedirect: true }),
    );
    expect(redirected.reason).toBe("The calendar server redirected to an insecure http:// address.");
    await expect(checkCalendarTarget(new URL("ftp://8.8.8.8/"), { resolve: noDns() })).rejects.toMatchObject({
      code: "refused-address",
    });
  });

  it("refuses a user name or password even in a URL built elsewhere", async () => {
    await expect(
      checkCalendarTarget(new URL("https://u:p@calendar.example.org/"), { resolve: noDns() }),
    ).rejects.toMatchObject({ code: "refused-address" });
  });
});

describe("checkCalendarTarget: names are resolved once and every answer must be public", () => {
  it.each([
    [["10.0.0.7"]],
    [["127.0.0.1"]],
    [["169.254.169.254"]],
    [["8.8.8.8", "10.0.0.1"]], // any private answer refuses, not just the first
    [["2606:4700::1111", "fd00::1"]],
    [["::ffff:127.0.0.1"]],
    [["::ffff:7f00:1"]],
    [["fe80::1%eth0"]],
    [["0x7f.1"]], // a resolver in an odd notation is read the way a socket would read it
    [["2130706433"]],
    [["not an address"]],
  ])("refuses a name answering %j", async (addresses) => {
    const resolve = vi.fn(answers(...addresses));
    const error = await refusal(checkCalendarTarget(new URL("https://calendar.example.org/x.ics"), { resolve }));
    expect(error.code).toBe("refused-address");
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it("accepts public addresses and keeps them (canonical) as the only ones to connect to", async () => {
    const resolve = vi.fn(answers("8.8.8.8", "2606:4700::1111"));
    const target = await checkCalendarTarget(new URL("https://calendar.example.org/x.ics"), { resolve });
    expect(resolve).toHaveBeenCalledWith("calendar.example.org");
    expect(target.hostname).toBe("calendar.example.org");
    expect(target.addresses).toEqual([
      { address: "8.8.8.8", family: 4 },
      { address: "2606:4700::1111", family: 6 },
    ]);
  });

  it("accepts public IP literals without DNS", async () => {
    const v4 = await checkCalendarTarget(new URL("https://8.8.8.8/x"), { resolve: noDns() });
    expect(v4.addresses).toEqual([{ address: "8.8.8.8", family: 4 }]);
    const v6 = await checkCalendarTarget(new URL("https://[2606:4700::1111]/x"), { resolve: noDns() });
    expect(v6.addresses).toEqual([{ address: "2606:4700::1111", family: 6 }]);
  });

  it("resolves an IDN as punycode and a name with a trailing dot without it", async () => {
    const resolve = vi.fn(answers("8.8.8.8"));
    await checkCalendarTarget(normalizeCalendarUrl("https://bücher.de/k.ics"), { resolve });
    await checkCalendarTarget(normalizeCalendarUrl("https://Calendar.Example.ORG./k.ics"), { resolve });
    expect(resolve.mock.calls).toEqual([["xn--bcher-kva.de"], ["calendar.example.org"]]);
  });

  it("reports a name that does not resolve as a network error", async () => {
    const empty = await refusal(checkCalendarTarget(new URL("https://nx.example.org/"), { resolve: answers() }));
    expect(empty.code).toBe("network");
    const failing = vi.fn(async (): Promise<ResolvedAddress[]> => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    });
    const failed = await refusal(checkCalendarTarget(new URL("https://nx.example.org/"), { resolve: failing }));
    expect(failed).toMatchObject({ code: "network", reason: "The calendar server's name could not be found." });
  });
});

describe("checkCalendarTarget: CALENDAR_FETCH_ALLOW", () => {
  it("lets http reach exactly the listed loopback host:port", async () => {
    const allow = ["127.0.0.1:5555", "[::1]:5556"];
    const v4 = await checkCalendarTarget(new URL("http://127.0.0.1:5555/c.ics"), { allow, resolve: noDns() });
    expect(v4.addresses).toEqual([{ address: "127.0.0.1", family: 4 }]);
    await expect(checkCalendarTarget(new URL("http://[::1]:5556/"), { allow, resolve: noDns() })).resolves.toBeTruthy();
    for (const other of [
      "http://127.0.0.1:5556/",
      "http://127.0.0.2:5555/",
      "http://127.0.0.1/",
      "http://[::1]:5555/",
    ]) {
      await expect(checkCalendarTarget(new URL(other), { allow, resolve: noDns() })).rejects.toMatchObject({
        code: "refused-address",
      });
    }
  });

  it("ignores entries that are not on the loopback", async () => {
    for (const [entry, url] of [
      ["10.0.0.1:80", "http://10.0.0.1/"],
      ["169.254.169.254:80", "http://169.254.169.254/"],
      ["calendar.example.org:80", "http://calendar.example.org/"],
      ["127.0.0.1", "http://127.0.0.1/"], // no port: not an entry
    ] as const) {
      await expect(
        checkCalendarTarget(new URL(url), { allow: [entry], resolve: answers("127.0.0.1") }),
      ).rejects.toMatchObject({ code: "refused-address" });
    }
  });

  it("matches host names literally and still requires every answer on the loopback", async () => {
    const allow = ["localhost:5555"];
    const ok = await checkCalendarTarget(new URL("http://localhost:5555/"), {
      allow,
      resolve: answers("127.0.0.1", "::1"),
    });
    expect(ok.hostname).toBe("localhost");
    await expect(
      checkCalendarTarget(new URL("http://localhost:5555/"), { allow, resolve: answers("127.0.0.1", "10.0.0.1") }),
    ).rejects.toMatchObject({ code: "refused-address" });
    // "127.0.0.1:5555" in the list does not let a name that resolves there through.
    await expect(
      checkCalendarTarget(new URL("http://cal.example.org:5555/"), {
        allow: ["127.0.0.1:5555"],
        resolve: answers("127.0.0.1"),
      }),
    ).rejects.toMatchObject({ code: "refused-address" });
  });
});

describe("buildRequestOptions: the https request is pinned to the checked address", () => {
  const target = {
    url: new URL("https://calendar.example.org:8443/cal/basic.ics?token=abc"),
    hostname: "calendar.example.org",
    addresses: [
      { address: "8.8.8.8", family: 4 as const },
      { address: "2606:4700::1111", family: 6 as const },
    ],
  };

  it("connects by name (SNI, certificate check, Host) through a lookup that only knows the checked addresses", () => {
    const options = buildRequestOptions(target, requestHeaders('"v1"', "Tue, 01 Jul 2025 10:00:00 GMT"));
    expect(options).toMatchObject({
      protocol: "https:",
      hostname: "calendar.example.org",
      servername: "calendar.example.org",
      port: 8443,
      path: "/cal/basic.ics?token=abc",
      method: "GET",
      agent: false,
      rejectUnauthorized: true,
    });
    expect(options.headers).toEqual({
      Accept: "text/calendar, */*;q=0.1",
      "Accept-Encoding": "gzip, deflate, br",
      "User-Agent": expect.stringContaining("Limber"),
      "If-None-Match": '"v1"',
      "If-Modified-Since": "Tue, 01 Jul 2025 10:00:00 GMT",
      Host: "calendar.example.org:8443",
    });

    const lookup = options.lookup!;
    const single = vi.fn();
    // Whatever name the socket layer asks about, the answer is the checked address.
    lookup("evil.example.org", { family: 0 }, single);
    expect(single).toHaveBeenCalledWith(null, "8.8.8.8", 4);
    const all = vi.fn();
    lookup("calendar.example.org", { all: true }, all);
    expect(all).toHaveBeenCalledWith(null, [
      { address: "8.8.8.8", family: 4 },
      { address: "2606:4700::1111", family: 6 },
    ]);
  });

  it("sends no SNI for an IP literal and brackets an IPv6 Host", () => {
    const options = buildRequestOptions(
      { url: new URL("https://[2606:4700::1111]/c.ics"), hostname: "2606:4700::1111", addresses: [] },
      requestHeaders(),
    );
    expect(options.servername).toBe("");
    expect(options.port).toBe(443);
    expect((options.headers as Record<string, string>).Host).toBe("[2606:4700::1111]");
  });

  it("drops the trailing dot of a name for SNI and Host, and pins what the check resolved", async () => {
    const checked = await checkCalendarTarget(new URL("https://calendar.example.org./x"), {
      resolve: answers("93.184.215.14"),
    });
    const options = buildRequestOptions(checked, requestHeaders());
    expect(options.servername).toBe("calendar.example.org");
    expect((options.headers as Record<string, string>).Host).toBe("calendar.example.org");
    const cb = vi.fn();
    options.lookup!("calendar.example.org", {}, cb);
    expect(cb).toHaveBeenCalledWith(null, "93.184.215.14", 4);
  });

  it("never sends cookies or credentials, and drops validators that are not header-safe", () => {
    const headers = requestHeaders('"a"\r\nCookie: x=1', null);
    expect(Object.keys(headers).map((h) => h.toLowerCase())).toEqual(["accept", "accept-encoding", "user-agent"]);
  });

  it("a pinned lookup with nothing checked fails rather than resolving", () => {
    const cb = vi.fn();
    pinnedLookup([])("calendar.example.org", {}, cb);
    expect(cb.mock.calls[0]?.[0]).toMatchObject({ code: "ENOTFOUND" });
  });
});

describe("fetchCalendar refuses before any DNS or connection", () => {
  it.each([
    "https://127.0.0.1/",
    "https://[::ffff:7f00:1]/",
    "https://metadata.google.internal/",
    "http://calendar.example.org/",
  ])("%s", async (input) => {
    const resolve = noDns();
    const error = await refusal(fetchCalendar(new URL(input), { resolve }));
    expect(error.code).toBe("refused-address");
    expect(resolve).not.toHaveBeenCalled();
  });
});
