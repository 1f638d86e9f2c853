-- Issue 33: streak freezes. The cached streak (streakCount through streakAsOf) also holds the
-- freezes earned and not yet spent (one per 7 days of streak, at most 2) and the local dates on which
-- one was spent (the history marks those days "frozen"; kept for the last 400 days).
ALTER TABLE "user_settings" ADD COLUMN "streakFreezes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "user_settings" ADD COLUMN "streakFrozen" TEXT[] DEFAULT ARRAY[]::TEXT[];
