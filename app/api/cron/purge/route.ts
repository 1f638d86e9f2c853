import { NextResponse } from "next/server";
import { withCron } from "@/lib/platform/cron";
import { runPurge } from "@/lib/admin/retention";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

// Vercel Cron calls this daily (vercel.json) with `Authorization: Bearer $CRON_SECRET`. Answers
// `{ auditLogs, rateLimits, complete }`: rows deleted, and false when a backlog is left for the next run.
export const GET = withCron("Purge", async () => NextResponse.json(await runPurge()));
