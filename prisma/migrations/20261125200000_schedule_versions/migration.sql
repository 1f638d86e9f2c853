-- CreateTable
CREATE TABLE "schedule_versions" (
    "userId" TEXT NOT NULL,
    "effectiveFrom" TIMESTAMP(3) NOT NULL,
    "times" TEXT[],
    "activeDays" INTEGER[],
    "timezone" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "schedule_versions_pkey" PRIMARY KEY ("userId","effectiveFrom")
);

-- AddForeignKey
ALTER TABLE "schedule_versions" ADD CONSTRAINT "schedule_versions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Backfill: one version per existing user, from their current settings, in force since the epoch
-- (no history was kept before: the current schedule judges the past, as it did until now).
INSERT INTO "schedule_versions" ("userId", "effectiveFrom", "times", "activeDays", "timezone")
SELECT s."userId", TIMESTAMP '1970-01-01 00:00:00', s."times", s."activeDays", s."timezone"
FROM "user_settings" s
ON CONFLICT DO NOTHING;
