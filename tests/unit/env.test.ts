import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";

describe("loadEnv", () => {
  it("fills the documented defaults on an empty environment", () => {
    const e = loadEnv({});
    expect(e.databaseUrl).toBeUndefined();
    expect(e.dataDir).toBe(".data");
    expect(e.appUrl).toBe("http://localhost:3000");
    expect(e.emailFrom).toBe("Limber <breaks@localhost>");
    expect(e.contactEmail).toBe("breaks@localhost");
    expect(e.feedbackUrl).toBe("mailto:breaks@localhost");
    expect(e.scheduler).toBe("internal");
    expect(e.port).toBe(3000);
  });

  it("treats empty strings as unset", () => {
    const e = loadEnv({ DATABASE_URL: "", APP_URL: " ", PORT: "", ADMIN_EMAIL: "" });
    expect(e.databaseUrl).toBeUndefined();
    expect(e.appUrl).toBe("http://localhost:3000");
    expect(e.adminEmail).toBeUndefined();
  });

  it("derives APP_URL from PORT, trims trailing slashes and lower-cases ADMIN_EMAIL", () => {
    expect(loadEnv({ PORT: "4000" }).appUrl).toBe("http://localhost:4000");
    expect(loadEnv({ APP_URL: "https://limber.example/" }).appUrl).toBe("https://limber.example");
    expect(loadEnv({ ADMIN_EMAIL: "Owner@Example.COM" }).adminEmail).toBe("owner@example.com");
  });

  it("turns the scheduler off on Vercel unless set", () => {
    expect(loadEnv({ VERCEL: "1" }).scheduler).toBe("off");
    expect(loadEnv({ VERCEL: "1", SCHEDULER: "internal" }).scheduler).toBe("internal");
  });

  it("rejects invalid values with the variable's name", () => {
    expect(() => loadEnv({ APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() => loadEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadEnv({ SCHEDULER: "sometimes" })).toThrow(/SCHEDULER/);
    expect(() => loadEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
  });

  it("requires AUTH_SECRET in production with DATABASE_URL", () => {
    expect(() => loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://x@y/z" })).toThrow(/AUTH_SECRET/);
    expect(loadEnv({ NODE_ENV: "production" }).isProduction).toBe(true);
  });
});
