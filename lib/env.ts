// The one place that reads configuration. Every variable is optional on the embedded default;
// an empty string counts as unset (create-t3-app style). See README "Configuration".
import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = optional.pipe(z.url().optional());

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
  ADMIN_CODE: optional,
  ADMIN_EMAIL: optional.transform((v) => v?.toLowerCase()),
  CRON_SECRET: optional,
  SCHEDULER: optional.pipe(z.enum(["internal", "off"]).optional()),
  FEEDBACK_URL: optionalUrl,
  CONTACT_EMAIL: optional.pipe(z.email().optional()),
  PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  VERCEL: optional,
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
  if (isProduction && e.DATABASE_URL && !e.AUTH_SECRET && !source.NEXT_PHASE?.includes("build")) {
    throw new Error("Invalid environment: AUTH_SECRET is required in production with DATABASE_URL");
  }
  return {
    isProduction,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? ".data",
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET,
    emailFrom,
    resendApiKey: e.RESEND_API_KEY,
    resendBaseUrl: e.RESEND_BASE_URL?.replace(/\/+$/, ""),
    openaiApiKey: e.OPENAI_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    aiModel: e.AI_MODEL ?? "gpt-4.1-mini",
    adminCode: e.ADMIN_CODE,
    adminEmail: e.ADMIN_EMAIL,
    cronSecret: e.CRON_SECRET,
    scheduler: e.SCHEDULER ?? (e.VERCEL ? "off" : "internal"),
    feedbackUrl: e.FEEDBACK_URL ?? `mailto:${contactEmail}`,
    contactEmail,
    port,
  };
}

let cached: Env | undefined;
/** The process environment, parsed once. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
