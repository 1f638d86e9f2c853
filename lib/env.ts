// The one place that reads configuration. Every variable is optional on the embedded default;
// an empty string counts as unset (create-t3-app style). See README "Configuration".
import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = optional.pipe(z.url().optional());
const optionalInt = (min: number, max: number) =>
  optional.pipe(z.coerce.number<string | undefined>().int().min(min).max(max).optional());

export const ADMIN_CODE_MIN_LENGTH = 20;

/**
 * The push services of today's browsers: Chrome, Edge and Android (FCM), Firefox (Mozilla autopush),
 * Safari on macOS and iOS (Apple), and Windows (WNS, for Edge's legacy and PWA notifications).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.services.mozilla.com",
  "web.push.apple.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

/** Hosts that only this machine can reach: an outbox there cannot leak sign-in codes to the public. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).catch("development"),
  DATABASE_URL: optional,
  DATA_DIR: optional,
  APP_URL: optionalUrl,
  AUTH_SECRET: optional.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
  EMAIL_FROM: optional,
  RESEND_API_KEY: optional,
  RESEND_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optionalUrl,
  AI_MODEL: optional,
  ADMIN_CODE: optional.pipe(
    z
      .string()
      .min(
        ADMIN_CODE_MIN_LENGTH,
        `ADMIN_CODE must be at least ${ADMIN_CODE_MIN_LENGTH} characters; make one with \`openssl rand -base64 24\``,
      )
      .optional(),
  ),
  ADMIN_EMAIL: optional.transform((v) => v?.toLowerCase()),
  CRON_SECRET: optional,
  SCHEDULER: optional.pipe(z.enum(["internal", "off"]).optional()),
  FEEDBACK_URL: optionalUrl,
  CONTACT_EMAIL: optional.pipe(z.email().optional()),
  PORT: optionalInt(1, 65535),
  VERCEL: optional,
  // "vercel", "none", or the number of trusted proxies in front of the app (README "Configuration").
  TRUST_PROXY: optional.pipe(
    z
      .union([
        z.enum(["vercel", "none"]),
        z.string().regex(/^[1-9]\d?$/, "TRUST_PROXY must be vercel, none or a number of proxies (1-99)"),
      ])
      .optional(),
  ),
  MAIL_HOURLY_CAP: optionalInt(10, 10_000_000),
  MAIL_TRANSPORT: optional.pipe(z.enum(["outbox"], "MAIL_TRANSPORT can only be set to outbox").optional()),
  AUDIT_RETENTION_DAYS: optionalInt(1, 36_500),
  AUDIT_IP_RETENTION_DAYS: optionalInt(1, 36_500),
  SESSION_CLIENT_INFO: optional.pipe(z.enum(["on", "off"], "SESSION_CLIENT_INFO must be on or off").optional()),
  MAIL_MAX_RPS: optionalInt(1, 1000),
  DISPATCH_SHARDS: optionalInt(1, 64),
  DISPATCH_FANOUT_AT: optionalInt(1, 10_000_000),
  // Web Push (break notifications): the VAPID key pair (`npx web-push generate-vapid-keys`), the
  // contact the push services may write to, and the push services' hosts endpoints may point at.
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)")
      .optional(),
  ),
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https:// URL")
      .optional(),
  ),
  PUSH_ENDPOINT_HOSTS: optional.pipe(
    z
      .string()
      .regex(
        /^\s*(\*\.)?[a-z0-9.-]+(:\d+)?(\s*,\s*(\*\.)?[a-z0-9.-]+(:\d+)?)*\s*$/i,
        "PUSH_ENDPOINT_HOSTS must be a comma-separated list of host names (a leading *. allows subdomains)",
      )
      .optional(),
  ),
  CALENDAR_FETCH_ALLOW: optional.pipe(
    z
      .string()
      .regex(
        /^\s*[a-z0-9.:[\]-]+:\d+(\s*,\s*[a-z0-9.:[\]-]+:\d+)*\s*$/i,
        "CALENDAR_FETCH_ALLOW must be a comma-separated list of host:port on this machine (127.0.0.1:4000)",
      )
      .optional(),
  ),
  DISPATCH_SHARD: optional.pipe(
    z
      .string()
      .regex(/^\d{1,2}\/\d{1,2}$/, "DISPATCH_SHARD must look like 0/2 (this instance's shard / the number of shards)")
      .optional(),
  ),
});

export type Env = ReturnType<typeof loadEnv>;

/** Parses the environment and fills in the documented defaults. Pure: pass any record to test it. */
export function loadEnv(source: Record<string, string | undefined> = process.env) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const emailFrom = e.EMAIL_FROM ?? "Limber <breaks@localhost>";
  const fromAddress = /<([^>]+)>/.exec(emailFrom)?.[1] ?? emailFrom;
  const contactEmail = e.CONTACT_EMAIL ?? fromAddress;
  const isProduction = e.NODE_ENV === "production";
  const building = !!source.NEXT_PHASE?.includes("build");
  if (isProduction && e.DATABASE_URL && !e.AUTH_SECRET && !building) {
    throw new Error("Invalid environment: AUTH_SECRET is required in production with DATABASE_URL");
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  // A public instance must not write sign-in codes to its log and outbox files.
  if (!e.RESEND_API_KEY && !isLoopbackUrl(appUrl) && e.MAIL_TRANSPORT !== "outbox" && !building) {
    throw new Error(
      `Invalid environment: APP_URL ${appUrl} is public but no mail provider is set, so sign-in codes would only be written to the server's outbox. ` +
        "Set RESEND_API_KEY, or MAIL_TRANSPORT=outbox if that is really what you want.",
    );
  }
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new Error(
      "Invalid environment: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (npx web-push generate-vapid-keys)",
    );
  }
  const trustProxy = e.TRUST_PROXY ?? (e.VERCEL ? "vercel" : "none");
  return {
    isProduction,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? ".data",
    appUrl,
    authSecret: e.AUTH_SECRET,
    emailFrom,
    resendApiKey: e.RESEND_API_KEY,
    resendBaseUrl: e.RESEND_BASE_URL?.replace(/\/+$/, ""),
    openaiApiKey: e.OPENAI_API_KEY,
    /** A model is configured: only then may the UI say "AI" (otherwise breaks come from the built-in library). */
    aiEnabled: !!e.OPENAI_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    aiModel: e.AI_MODEL ?? "gpt-4.1-mini",
    adminCode: e.ADMIN_CODE,
    adminEmail: e.ADMIN_EMAIL,
    cronSecret: e.CRON_SECRET,
    scheduler: e.SCHEDULER ?? (e.VERCEL ? "off" : "internal"),
    feedbackUrl: e.FEEDBACK_URL ?? `mailto:${contactEmail}`,
    contactEmail,
    port,
    /** How the client address is read (lib/http.ts clientIp): a number is the count of trusted proxies. */
    trustProxy: trustProxy === "vercel" || trustProxy === "none" ? trustProxy : Number(trustProxy),
    /** App-wide cap on e-mails sent to addresses typed by callers (login codes, test e-mails) per hour. */
    mailHourlyCap: e.MAIL_HOURLY_CAP ?? 1000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? 365,
    /** Days an audit entry keeps its client IP; the purge then blanks it (the entry stays). */
    auditIpRetentionDays: e.AUDIT_IP_RETENTION_DAYS ?? 30,
    /** Sessions record the sign-in's IP and user agent only when this is "on". */
    sessionClientInfo: e.SESSION_CLIENT_INFO === "on",
    /** Requests a second to the mail provider, shared by every process through the database. */
    mailMaxRps: e.MAIL_MAX_RPS ?? 5,
    /** The cron route fans out into this many parallel shard invocations when many reminders are due. */
    dispatchShards: e.DISPATCH_SHARDS ?? 4,
    dispatchFanoutAt: e.DISPATCH_FANOUT_AT ?? 2000,
    /** This instance's shard for the internal scheduler ("i/n"); unset: all reminders. */
    dispatchShard: e.DISPATCH_SHARD,
    /** The VAPID key pair from the environment; unset: generated into DATA_DIR (lib/push/keys.ts). */
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${contactEmail}`,
    /** Hosts a push subscription's endpoint may point at ("*.x" allows subdomains of x). */
    pushEndpointHosts: e.PUSH_ENDPOINT_HOSTS
      ? e.PUSH_ENDPOINT_HOSTS.split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : [...DEFAULT_PUSH_ENDPOINT_HOSTS],
    /**
     * Loopback "host:port" a connected calendar may be fetched from over http (tests and local
     * development only; entries off the loopback are ignored by the fetcher). Default: none.
     */
    calendarFetchAllow: (e.CALENDAR_FETCH_ALLOW ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
  };
}

let cached: Env | undefined;
/** The process environment, parsed once. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
