-- Break notifications (issue 18): the channels a user's reminders go out on, one delivery claim per
-- channel, and the browsers' push subscriptions.

-- AlterTable
ALTER TABLE "user_settings" ADD COLUMN     "channels" TEXT[] DEFAULT ARRAY['email']::TEXT[];

-- AlterTable
ALTER TABLE "deliveries" ADD COLUMN     "channel" TEXT NOT NULL DEFAULT 'email';

-- DropIndex
DROP INDEX "deliveries_userId_localDate_slot_round_key";

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_userId_localDate_slot_round_channel_key" ON "deliveries"("userId", "localDate", "slot", "round", "channel");

-- CreateTable
CREATE TABLE "push_subscriptions" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "deviceName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");

-- CreateIndex
CREATE INDEX "push_subscriptions_userId_createdAt_idx" ON "push_subscriptions"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
