-- DropForeignKey
ALTER TABLE "daily_suggestions" DROP CONSTRAINT "daily_suggestions_userId_fkey";

-- DropIndex
DROP INDEX "deliveries_userId_localDate_slot_key";

-- AlterTable
ALTER TABLE "deliveries" ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 0;

-- DropTable
DROP TABLE "daily_suggestions";

-- CreateTable
CREATE TABLE "daily_plans" (
    "userId" TEXT NOT NULL,
    "localDate" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "slots" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "daily_plans_pkey" PRIMARY KEY ("userId","localDate")
);

-- CreateTable
CREATE TABLE "snoozes" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "localDate" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "snoozes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "snoozes_status_dueAt_idx" ON "snoozes"("status", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "snoozes_userId_localDate_slot_round_key" ON "snoozes"("userId", "localDate", "slot", "round");

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_userId_localDate_slot_round_key" ON "deliveries"("userId", "localDate", "slot", "round");

-- AddForeignKey
ALTER TABLE "daily_plans" ADD CONSTRAINT "daily_plans_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snoozes" ADD CONSTRAINT "snoozes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

