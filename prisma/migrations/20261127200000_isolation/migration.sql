-- Issue 30 (one user's fault never reaches another): a device whose browser key the encryption refused is removed at send time, and the user
-- is told in Settings until a device is subscribed again.

-- AlterTable
ALTER TABLE "user_settings" ADD COLUMN "pushNotice" TEXT;

-- Issue 30: a sign-in code is bound to the browser that asked for it (the hash of its login
-- cookie's nonce), so strangers' guesses are never compared with it.

-- AlterTable
ALTER TABLE "verifications" ADD COLUMN "requester" TEXT;
