-- Issue 31: breaks that fit the user's real day. How far a break may move out of a meeting, a pause
-- that ends by itself (the first local day reminders go out again), and "Not today" for one break.

-- AlterTable
ALTER TABLE "user_settings" ADD COLUMN "moveWithinMinutes" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "user_settings" ADD COLUMN "resumeOn" TEXT;

-- AlterTable: a break skipped (neutral for the streak, no reminder): by the user ("Not today",
-- skipReason 'user'), or, with a calendar connected, for meetings ('busy') or a day off ('day-off');
-- and a break moved out of a meeting (movedTo: the local time it went to).
ALTER TABLE "breaks" ADD COLUMN "skippedAt" TIMESTAMP(3);
ALTER TABLE "breaks" ADD COLUMN "skipReason" TEXT;
ALTER TABLE "breaks" ADD COLUMN "movedTo" TEXT;

-- CreateIndex: the resume job reads the paused users whose resume day has come.
CREATE INDEX "user_settings_resumeOn_idx" ON "user_settings"("resumeOn");
