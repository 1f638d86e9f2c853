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
    expect(loadEnv({ APP_URL: "https://limber.example/", RESEND_API_KEY: "re_x" }).appUrl).toBe(
      "https://limber.example",
    );
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

describe("loadEnv: abuse-proofing settings", () => {
  it("reads the client address from the TCP peer unless told otherwise; Vercel's edge address on Vercel", () => {
    expect(loadEnv({}).trustProxy).toBe("none");
    expect(loadEnv({ VERCEL: "1" }).trustProxy).toBe("vercel");
    expect(loadEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadEnv({ VERCEL: "1", TRUST_PROXY: "none" }).trustProxy).toBe("none");
    expect(() => loadEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: "0" })).toThrow(/TRUST_PROXY/);
  });

  it("refuses an ADMIN_CODE shorter than 20 characters and says how to make one", () => {
    expect(() => loadEnv({ ADMIN_CODE: "short-code-1234" })).toThrow(
      /ADMIN_CODE must be at least 20 characters.*openssl rand/,
    );
    expect(loadEnv({ ADMIN_CODE: "a".repeat(20) }).adminCode).toBe("a".repeat(20));
  });

  it("refuses a public APP_URL without a mail provider, unless MAIL_TRANSPORT=outbox", () => {
    expect(() => loadEnv({ APP_URL: "https://limber.example" })).toThrow(/RESEND_API_KEY.*MAIL_TRANSPORT=outbox/);
    expect(() => loadEnv({ APP_URL: "http://10.0.0.5:3000" })).toThrow(/no mail provider/);
    expect(loadEnv({ APP_URL: "https://limber.example", RESEND_API_KEY: "re_x" }).appUrl).toBe(
      "https://limber.example",
    );
    expect(loadEnv({ APP_URL: "https://limber.example", MAIL_TRANSPORT: "outbox" }).appUrl).toBe(
      "https://limber.example",
    );
    for (const local of [
      "http://localhost:3000",
      "http://127.0.0.1:3100",
      "http://[::1]:3000",
      "http://app.localhost",
    ]) {
      expect(loadEnv({ APP_URL: local }).appUrl).toBe(local);
    }
    // `next build` does not send mail: it may run with the production APP_URL before secrets exist.
    expect(loadEnv({ APP_URL: "https://limber.example", NEXT_PHASE: "phase-production-build" }).appUrl).toBe(
      "https://limber.example",
    );
  });

  it("has a global mail cap and an audit retention, both configurable", () => {
    expect(loadEnv({}).mailHourlyCap).toBe(1000);
    expect(loadEnv({ MAIL_HOURLY_CAP: "50" }).mailHourlyCap).toBe(50);
    expect(loadEnv({}).auditRetentionDays).toBe(365);
    expect(loadEnv({ AUDIT_RETENTION_DAYS: "30" }).auditRetentionDays).toBe(30);
    expect(() => loadEnv({ MAIL_HOURLY_CAP: "many" })).toThrow(/MAIL_HOURLY_CAP/);
  });

  it("keeps audit IPs 30 days and no session IP or user agent unless configured", () => {
    expect(loadEnv({}).auditIpRetentionDays).toBe(30);
    expect(loadEnv({ AUDIT_IP_RETENTION_DAYS: "7" }).auditIpRetentionDays).toBe(7);
    expect(() => loadEnv({ AUDIT_IP_RETENTION_DAYS: "0" })).toThrow(/AUDIT_IP_RETENTION_DAYS/);
    expect(loadEnv({}).sessionClientInfo).toBe(false);
    expect(loadEnv({ SESSION_CLIENT_INFO: "on" }).sessionClientInfo).toBe(true);
    expect(() => loadEnv({ SESSION_CLIENT_INFO: "yes" })).toThrow(/SESSION_CLIENT_INFO/);
  });
});
