import { describe, expect, it } from "vitest";
import { sign, verify } from "@/lib/platform/signing";
import { allowedBeforeOnboarding, isActivePath, isSessionCookie, redirectsToLogin } from "@/lib/routes";
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
  it("accepts one spelling of a signature: the other last characters that decode to the same bytes are refused", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const t = sign({ a: 1 }, secret, "p");
    const [body, mac] = t.split(".") as [string, string];
    const same = [...alphabet]
      .map((c) => `${mac.slice(0, -1)}${c}`)
      .filter((m) => m !== mac && Buffer.from(m, "base64url").equals(Buffer.from(mac, "base64url")));
    expect(same.length).toBe(3); // a 32-byte MAC leaves 2 padding bits in its last character
    for (const m of same) expect(verify(`${body}.${m}`, secret, "p")).toBeNull();
    expect(verify(t, secret, "p")).toEqual({ a: 1 });
  });
});

describe("routing rules", () => {
  it("sends signed-out visitors to / only from the app's pages that need a session", () => {
    for (const p of [
      "/dashboard",
      "/settings",
      "/history",
      "/welcome",
      "/admin",
      "/owner-unlock",
      "/settings/x",
      "/login",
    ])
      expect(redirectsToLogin(p, false), p).toBe(true);
    // Public pages render; unknown ones get the 404 page (issue 33), not a bounce to sign-in.
    for (const p of [
      "/",
      "/verify",
      "/email-test",
      "/disclaimer",
      "/disclaimer/terms",
      "/done",
      "/break/1",
      "/x",
      "/privacy",
      "/verify/x",
      "/settingsx",
    ])
      expect(redirectsToLogin(p, false), p).toBe(false);
    // Signed in (or a cookie left by a deleted account): only /login goes to / (the spec's address
    // after deletion); the app's pages check the session themselves.
    expect(redirectsToLogin("/login", true)).toBe(true);
    expect(redirectsToLogin("/settings", true)).toBe(false);
    expect(redirectsToLogin("/x", true)).toBe(false);
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

import {
  asDatabaseError,
  DATABASE_UNAVAILABLE_DIGEST,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  markRequestDatabaseUnavailable,
} from "@/lib/errors";
import { AsyncLocalStorage } from "node:async_hooks";

describe("isDatabaseUnavailable", () => {
  it("finds a connection failure through wrapped causes", () => {
    const driver = Object.assign(new Error("database x is not currently accepting connections"), { code: "55000" });
    const wrapped = new Error("Failed to get session", { cause: new Error("adapter", { cause: driver }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(true);
  });
  it("reads a raw query's driver error from Prisma's meta.driverAdapterError", () => {
    // The shape of prisma.$queryRawUnsafe's failure with PostgreSQL stopped (the rate limiter's query).
    const raw = Object.assign(new Error("Raw query failed. Code: `N/A`. Message: `N/A`"), {
      code: "P2010",
      meta: {
        driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: "ECONNREFUSED", kind: "postgres" } },
      },
    });
    expect(isDatabaseUnavailable(raw)).toBe(true);
    const constraint = Object.assign(new Error("Raw query failed"), {
      code: "P2010",
      meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: "23505" } } },
    });
    expect(isDatabaseUnavailable(constraint)).toBe(false);
  });
  it("turns an outage into DatabaseUnavailableError (with the digest error pages read) and marks the request", () => {
    const state = new AsyncLocalStorage<{ databaseUnavailable?: boolean }>();
    (globalThis as Record<symbol, unknown>)[Symbol.for("limber.request-state")] = state;
    try {
      const store: { databaseUnavailable?: boolean } = {};
      const driver = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" });
      const converted = state.run(store, () => asDatabaseError(driver));
      expect(converted).toBeInstanceOf(DatabaseUnavailableError);
      expect((converted as DatabaseUnavailableError).digest).toBe(DATABASE_UNAVAILABLE_DIGEST);
      expect((converted as Error).cause).toBe(driver);
      expect(store.databaseUnavailable).toBe(true);
      // A fault is left as it is, and the request is not marked.
      const other: { databaseUnavailable?: boolean } = {};
      const fault = new Error("Unique constraint failed");
      expect(state.run(other, () => asDatabaseError(fault))).toBe(fault);
      expect(other.databaseUnavailable).toBeUndefined();
      // Outside a request (the scheduler), marking does nothing.
      expect(() => markRequestDatabaseUnavailable()).not.toThrow();
    } finally {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for("limber.request-state")];
    }
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
    for (const other of ["xlimber.session_token", "limber.session_token.x", "limber.login-email", ""])
      expect(isSessionCookie(other), other).toBe(false);
  });
});
