-- DropIndex
DROP INDEX "reminder_slots_nextAt_idx";

-- CreateIndex
CREATE INDEX "reminder_slots_nextAt_userId_slot_idx" ON "reminder_slots"("nextAt", "userId", "slot");

