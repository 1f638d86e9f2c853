// The one guard in front of every /api/cron/* route: Vercel Cron (or any scheduler) calls them with
// `Authorization: Bearer $CRON_SECRET`. 503 while CRON_SECRET is unset (nothing can be authorised),
// 401 for a missing or wrong secret; a session never counts. Wrong secrets are limited per client
// address (then 429 without comparing), like every other secret check.
import { auditFirstRefusals, hit, MINUTE, peek } from "@/lib/platform/rate-limit";
import { safeEqual } from "@/lib/platform/signing";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, tooManyRequests, unauthorized } from "@/lib/errors";
import { clientIp, route } from "@/lib/platform/http";

export const CRON_FAILURE_LIMIT = { max: 10, windowMs: 10 * MINUTE };
const TOO_MANY = "Too many wrong cron secrets. Please wait a few minutes and try again.";

/** Wraps a cron route handler; `job` names the job in the "not configured" message. */
export function withCron(job: string, handler: (req: Request) => Promise<Response>) {
  return route(async (req) => {
    const secret = env().cronSecret;
    if (!secret) throw new AppError(503, `${job} cron is not configured: set CRON_SECRET.`);
    const ip = clientIp(req.headers);
    const db = await getDb();
    const limit = { key: `cron-fail-ip:${ip}`, ...CRON_FAILURE_LIMIT };
    const state = await peek(db, limit);
    if (state.count >= limit.max) throw tooManyRequests(TOO_MANY, state.retryAfterSeconds);
    const header = req.headers.get("authorization") ?? "";
    if (!header.startsWith("Bearer ") || !safeEqual(header.slice(7), secret)) {
      const counted = await hit(db, limit);
      // The failure that fills the window is the one the owner hears about.
      if (counted.count === limit.max)
        await auditFirstRefusals(db, [limit], [{ ...counted, firstRefusal: true }], {
          action: "cron_secret_rate_limited",
          ipAddress: ip,
        });
      throw unauthorized("Invalid cron secret");
    }
    return handler(req);
  });
}
