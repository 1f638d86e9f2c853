-- AlterTable
ALTER TABLE "verifications" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0;

