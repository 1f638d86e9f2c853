-- Issue 33: the weekly recap (in the app and by e-mail) and trophies on History.

-- AlterTable: the recap e-mail can be turned off on its own (Settings, or its unsubscribe link).
ALTER TABLE "user_settings" ADD COLUMN "weeklyRecapEmail" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable: one recap e-mail per user and week (weekStart: the local Monday it recaps), claimed
-- before the send (status 'sending') and marked 'sent' or 'failed' after, so a retry or a second
-- instance never sends it twice; 'skipped' when there was nothing to recap.
CREATE TABLE "recap_sends" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "weekStart" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "lastError" TEXT,
    "providerId" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "recap_sends_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "recap_sends_userId_weekStart_key" ON "recap_sends"("userId", "weekStart");

ALTER TABLE "recap_sends" ADD CONSTRAINT "recap_sends_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable: trophies, kept once earned (earnedOn: the user's local date it was earned).
CREATE TABLE "user_trophies" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "earnedOn" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_trophies_pkey" PRIMARY KEY ("userId","key")
);

ALTER TABLE "user_trophies" ADD CONSTRAINT "user_trophies_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
