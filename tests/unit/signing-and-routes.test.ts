import { describe, expect, it } from "vitest";
import { sign, verify } from "@/lib/auth/signing";
import { allowedBeforeOnboarding, isActivePath, isPublicPath, isSessionCookie } from "@/lib/routes";
import { sessionCookieName } from "@/lib/auth/session";

describe("signed payloads", () => {
  const secret = "s".repeat(40);
  it("round-trips a payload", () => {
    expect(verify(sign({ a: 1 }, secret, "p"), secret, "p")).toEqual({ a: 1 });
  });
  it("rejects another secret, another purpose, a changed body or signature", () => {
    const t = sign({ a: 1 }, secret, "p");
    expect(verify(t, "x".repeat(40), "p")).toBeNull();
    expect(verify(t, secret, "q")).toBeNull();
    const [body, mac] = t.split(".");
    const forged = Buffer.from(JSON.stringify({ a: 2 })).toString("base64url");
    expect(verify(`${forged}.${mac}`, secret, "p")).toBeNull();
    expect(verify(`${body}.${mac!.slice(0, -2)}AA`, secret, "p")).toBeNull();
    expect(verify("garbage", secret, "p")).toBeNull();
    expect(verify(`${t}.extra`, secret, "p")).toBeNull();
  });
});

describe("routing rules", () => {
  it("lets signed-out visitors reach only the public paths", () => {
    for (const p of ["/", "/verify", "/email-test", "/disclaimer", "/disclaimer/terms", "/done"]) expect(isPublicPath(p), p).toBe(true);
    for (const p of ["/dashboard", "/settings", "/welcome", "/admin", "/owner-unlock", "/x", "/verify/x", "/disclaimers"])
      expect(isPublicPath(p), p).toBe(false);
  });
  it("allows only /welcome and /disclaimer before onboarding", () => {
    expect(allowedBeforeOnboarding("/welcome")).toBe(true);
    expect(allowedBeforeOnboarding("/disclaimer")).toBe(true);
    expect(allowedBeforeOnboarding("/dashboard")).toBe(false);
    expect(allowedBeforeOnboarding("/settings")).toBe(false);
    // The owner reaches the console without setting up breaks.
    expect(allowedBeforeOnboarding("/owner-unlock")).toBe(true);
    expect(allowedBeforeOnboarding("/admin")).toBe(true);
    expect(allowedBeforeOnboarding("/history")).toBe(false);
  });
  it("marks the active navigation item by path", () => {
    expect(isActivePath("/dashboard", "/dashboard")).toBe(true);
    expect(isActivePath("/", "/dashboard")).toBe(true);
    expect(isActivePath("/settings", "/dashboard")).toBe(false);
    expect(isActivePath("/settings", "/settings")).toBe(true);
    expect(isActivePath("/settingsx", "/settings")).toBe(false);
  });
});

import { isDatabaseUnavailable } from "@/lib/errors";

describe("isDatabaseUnavailable", () => {
  it("finds a connection failure through wrapped causes", () => {
    const driver = Object.assign(new Error("database x is not currently accepting connections"), { code: "55000" });
    const wrapped = new Error("Failed to get session", { cause: new Error("adapter", { cause: driver }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(true);
  });
  it("does not treat ordinary errors as an outage", () => {
    expect(isDatabaseUnavailable(new Error("Unique constraint failed"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe("session cookie names", () => {
  it("the proxy's test knows exactly the names the session reader uses, for either scheme", () => {
    expect(isSessionCookie(sessionCookieName("http://localhost:3000"))).toBe(true);
    expect(isSessionCookie(sessionCookieName("https://limber.example"))).toBe(true);
    for (const other of ["xlimber.session_token", "limber.session_token.x", "limber.login-email", ""]) expect(isSessionCookie(other), other).toBe(false);
  });
});
