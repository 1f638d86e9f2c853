-- DropIndex
DROP INDEX "audit_logs_timestamp_idx";

-- CreateIndex
CREATE INDEX "users_createdAt_id_idx" ON "users"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "rate_limits_lastRequest_idx" ON "rate_limits"("lastRequest");

-- CreateIndex
CREATE INDEX "audit_logs_timestamp_id_idx" ON "audit_logs"("timestamp" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_logs_action_timestamp_id_idx" ON "audit_logs"("action", "timestamp" DESC, "id" DESC);

