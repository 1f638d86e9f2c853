-- AlterTable
ALTER TABLE "verifications" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0;

-- Privacy (issue 17): sessions keep no IP address or user agent (unless SESSION_CLIENT_INFO=on,
-- from the next sign-in), and rate-limit keys store their subject as a keyed hash: the counters
-- named by a plain address or IP go (each limit starts a fresh window once).
UPDATE "sessions" SET "ipAddress" = NULL, "userAgent" = NULL;
DELETE FROM "rate_limits" WHERE strpos("key", ':') > 0;
