-- Issue 31: a connected calendar. One secret iCal address per user, sealed (AES-256-GCM, a key
-- derived from AUTH_SECRET); what was read from it is only busy intervals and days off, never an
-- event's title, attendees, place or description. Deleting the row erases all of it.
CREATE TABLE "calendar_sources" (
    "userId" TEXT NOT NULL,
    "sealedUrl" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "error" TEXT,
    "busy" JSONB NOT NULL DEFAULT '[]',
    "daysOff" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "busyCount" INTEGER NOT NULL DEFAULT 0,
    "etag" TEXT,
    "lastModified" TEXT,
    "checkedAt" TIMESTAMP(3),
    "failures" INTEGER NOT NULL DEFAULT 0,
    "nextFetchAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_sources_pkey" PRIMARY KEY ("userId")
);

-- The refresh job reads the sources whose next fetch has come.
CREATE INDEX "calendar_sources_nextFetchAt_idx" ON "calendar_sources"("nextFetchAt");

ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A break moved out of a meeting: the instant its reminder goes (movedTo keeps the local "HH:MM").
ALTER TABLE "breaks" ADD COLUMN "movedAt" TIMESTAMP(3);

-- The dispatch reads the moved breaks whose time has come, open ones only.
CREATE INDEX "breaks_movedAt_open_idx" ON "breaks"("movedAt") WHERE "movedAt" IS NOT NULL AND "completedAt" IS NULL AND "skipReason" IS NULL;
