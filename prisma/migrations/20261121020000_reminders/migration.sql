-- CreateTable
CREATE TABLE "reminder_slots" (
    "userId" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "nextAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reminder_slots_pkey" PRIMARY KEY ("userId","slot")
);

-- CreateTable
CREATE TABLE "deliveries" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "localDate" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "scheduledAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "suggestion" JSONB,
    "providerId" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_suggestions" (
    "userId" TEXT NOT NULL,
    "localDate" TEXT NOT NULL,
    "plan" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_suggestions_pkey" PRIMARY KEY ("userId","localDate")
);

-- CreateIndex
CREATE INDEX "reminder_slots_nextAt_idx" ON "reminder_slots"("nextAt");

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_userId_localDate_slot_key" ON "deliveries"("userId", "localDate", "slot");

-- AddForeignKey
ALTER TABLE "reminder_slots" ADD CONSTRAINT "reminder_slots_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_suggestions" ADD CONSTRAINT "daily_suggestions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

