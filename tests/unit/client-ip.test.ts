import { afterEach, describe, expect, it } from "vitest";
import { clientIp, UNKNOWN_IP } from "@/lib/platform/http";

const h = (init: Record<string, string>) => new Headers(init);

describe("clientIp", () => {
  const savedPeer = process.env.LIMBER_PEER_HEADER;
  afterEach(() => {
    process.env.LIMBER_PEER_HEADER = savedPeer;
  });

  it("TRUST_PROXY=none: the TCP peer passed by scripts/serve.mjs; no client header counts", () => {
    process.env.LIMBER_PEER_HEADER = "x-limber-peer-abc123";
    const headers = h({ "x-limber-peer-abc123": "203.0.113.7", "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" });
    expect(clientIp(headers, "none")).toBe("203.0.113.7");
    // IPv4 peers on a dual-stack socket come as ::ffff:a.b.c.d.
    expect(clientIp(h({ "x-limber-peer-abc123": "::ffff:127.0.0.1" }), "none")).toBe("127.0.0.1");
    expect(clientIp(h({ "x-limber-peer-abc123": "::1" }), "none")).toBe("::1");
  });

  it("TRUST_PROXY=none without the server's peer header: one shared bucket, never a header's value", () => {
    delete process.env.LIMBER_PEER_HEADER;
    expect(clientIp(h({ "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" }), "none")).toBe(UNKNOWN_IP);
    process.env.LIMBER_PEER_HEADER = "x-limber-peer-abc123";
    // A guess at the header's name does not help: the name is random per process.
    expect(clientIp(h({ "x-limber-peer-guess": "9.9.9.9" }), "none")).toBe(UNKNOWN_IP);
  });

  it("TRUST_PROXY=N: the Nth address from the right of X-Forwarded-For", () => {
    const xff = h({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(clientIp(xff, 1)).toBe("10.0.0.2");
    expect(clientIp(xff, 2)).toBe("203.0.113.9");
    // Whatever a client prepends, the entry the trusted proxy appended stays the same.
    for (const spoof of ["1.1.1.1", "2.2.2.2, 3.3.3.3", "garbage"]) {
      expect(clientIp(h({ "x-forwarded-for": `${spoof}, 198.51.100.4` }), 1)).toBe("198.51.100.4");
    }
    // Fewer entries than proxies: the leftmost one, not an empty bucket per request.
    expect(clientIp(h({ "x-forwarded-for": "198.51.100.4" }), 3)).toBe("198.51.100.4");
    expect(clientIp(h({}), 1)).toBe(UNKNOWN_IP);
  });

  it("TRUST_PROXY=vercel: the address Vercel's edge sets in X-Real-IP", () => {
    expect(clientIp(h({ "x-real-ip": "198.51.100.20", "x-forwarded-for": "7.7.7.7" }), "vercel")).toBe("198.51.100.20");
    expect(clientIp(h({ "x-forwarded-for": "198.51.100.21" }), "vercel")).toBe("198.51.100.21");
  });

  it("never returns something that is not an address (a header cannot inject text into the audit log)", () => {
    expect(clientIp(h({ "x-forwarded-for": "<script>alert(1)</script>" }), 1)).toBe(UNKNOWN_IP);
    expect(clientIp(h({ "x-real-ip": "a".repeat(100) }), "vercel")).toBe(UNKNOWN_IP);
  });
});
