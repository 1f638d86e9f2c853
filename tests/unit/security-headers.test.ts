import { createRequire } from "node:module";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, NON_PAGE_SOURCE, securityHeaders, STATIC_CSP } from "@/lib/security-headers";
import { config as proxyConfig, proxy } from "@/proxy";

const NONCE = "AAECAwQFBgcICQoLDA0ODw==";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe("page content security policy", () => {
  it("allows scripts only by this nonce and what they load ('strict-dynamic'), never inline", () => {
    const csp = directives(contentSecurityPolicy(NONCE, true));
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });
  it("lets the app register its own service worker and manifest ('strict-dynamic' would drop 'self' for workers)", () => {
    const csp = directives(contentSecurityPolicy(NONCE, true));
    expect(csp.get("worker-src")).toEqual(["'self'"]);
    expect(csp.get("manifest-src")).toEqual(["'self'"]);
  });
  it("adds 'unsafe-eval' in development only, and 'unsafe-inline' for styles only", () => {
    const prod = contentSecurityPolicy(NONCE, true);
    const dev = directives(contentSecurityPolicy(NONCE, false));
    expect(prod).not.toContain("unsafe-eval");
    expect(dev.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'", "'unsafe-eval'"]);
    for (const policy of [prod, contentSecurityPolicy(NONCE, false)]) {
      const d = directives(policy);
      expect(d.get("script-src")).not.toContain("'unsafe-inline'");
      expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
      // Browsers ignore 'unsafe-inline' next to a nonce: styles must not get one.
      expect(d.get("style-src")!.some((v) => v.startsWith("'nonce-"))).toBe(false);
    }
  });
  it("refuses a nonce that is not base64 (it could inject directives)", () => {
    expect(() => contentSecurityPolicy("abc", true)).toThrow();
    expect(() => contentSecurityPolicy(`${NONCE}'; script-src *`, true)).toThrow();
  });
});

describe("static policy and other headers", () => {
  it("lets nothing run, load, submit or frame in non-page responses", () => {
    const csp = directives(STATIC_CSP);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
  it("forbid framing, sniffing and shared openers, and add HSTS only in production", () => {
    const dev = Object.fromEntries(securityHeaders(false).map((h) => [h.key, h.value]));
    expect(dev["X-Frame-Options"]).toBe("DENY");
    expect(dev["X-Content-Type-Options"]).toBe("nosniff");
    expect(dev["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(dev["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(dev["Strict-Transport-Security"]).toBeUndefined();
    // The CSP comes from proxy.ts (pages) or NON_PAGE_SOURCE (the rest), never from this list.
    expect(dev["Content-Security-Policy"]).toBeUndefined();
    const prod = Object.fromEntries(securityHeaders(true).map((h) => [h.key, h.value]));
    expect(prod["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });
});

describe("exactly one policy per path", () => {
  // Compiled with Next's own code for proxy matchers and next.config headers sources.
  const require = createRequire(import.meta.url);
  const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info") as {
    getMiddlewareMatchers: (m: string[], c: object) => { regexp: string }[];
  };
  const { getPathMatch } = require("next/dist/shared/lib/router/utils/path-match") as {
    getPathMatch: (source: string, o: object) => (path: string) => unknown;
  };
  const proxyRuns = (p: string) =>
    getMiddlewareMatchers(proxyConfig.matcher, {}).some((m) => new RegExp(m.regexp).test(p));
  const staticCsp = getPathMatch(NON_PAGE_SOURCE, { strict: true, removeUnnamedParams: true });

  it("runs the proxy on pages and gives every other path the static policy", () => {
    // /sw.js and /offline.html run through the proxy like pages: the worker's own fetches need
    // the page policy's connect-src 'self' (the static one would block them).
    const pages = [
      "/",
      "/dashboard",
      "/welcome",
      "/settings",
      "/admin",
      "/owner-unlock",
      "/disclaimer",
      "/disclaimer/x",
      "/email-test",
      "/verify",
      "/done",
      "/unsubscribe",
      "/no-such-page",
      "/api",
      "/apix",
      "/offline.html",
      "/sw.js",
    ];
    const others = [
      "/api/auth/user",
      "/api/admin/users/x/delete",
      "/_next/static/chunks/a.js",
      "/_next/static/css/a.css",
      "/_next/image",
      "/favicon.ico",
      "/icon.svg",
      "/robots.txt",
      "/a/b.png",
      "/site.webmanifest",
      "/manifest.webmanifest",
      "/icons/icon-192.png",
    ];
    for (const p of pages) expect([p, proxyRuns(p), !!staticCsp(p)]).toEqual([p, true, false]);
    for (const p of others) expect([p, proxyRuns(p), !!staticCsp(p)]).toEqual([p, false, true]);
  });
});

describe("proxy", () => {
  const signedIn = { cookie: "limber.session_token=abc" };
  const policyNonce = (csp: string | null) => csp?.match(/'nonce-([^']+)'/)?.[1];

  it("redirects signed-out visitors from private pages with the static policy", () => {
    const res = proxy(new NextRequest("http://localhost/settings"));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/");
    expect(res.headers.get("content-security-policy")).toBe(STATIC_CSP);
  });
  it("gives each page request a fresh nonce, on the response and on the request Next.js renders", () => {
    const a = proxy(new NextRequest("http://localhost/dashboard", { headers: signedIn }));
    const b = proxy(
      new NextRequest("http://localhost/", { headers: { "content-security-policy": "script-src *", "x-nonce": "x" } }),
    );
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy");
      const nonce = policyNonce(csp);
      expect(Buffer.from(nonce!, "base64")).toHaveLength(16);
      expect(csp).toBe(contentSecurityPolicy(nonce!, process.env.NODE_ENV === "production"));
      // NextResponse.next({ request }) hands overridden request headers to Next.js this way; a
      // client's own CSP or x-nonce header is replaced.
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
      expect(res.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    }
    expect(policyNonce(a.headers.get("content-security-policy"))).not.toBe(
      policyNonce(b.headers.get("content-security-policy")),
    );
  });
});
