-- Issue 33: what a user told us about single exercises. One row per user and exercise name (the
-- latest verdict wins): "not-for-me" (with an optional reason) leaves the exercise out of later
-- plans, "liked" brings it back more often. Deleting the user erases them (cascade).
CREATE TABLE "exercise_feedback" (
    "userId" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "verdict" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exercise_feedback_pkey" PRIMARY KEY ("userId", "nameKey")
);

ALTER TABLE "exercise_feedback" ADD CONSTRAINT "exercise_feedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
