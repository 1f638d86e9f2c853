import { NextResponse } from "next/server";
import { withCron } from "@/lib/platform/cron";
import { runRecapDispatch } from "@/lib/recap/send";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

// Issue 33: Vercel Cron calls this every 15 minutes (vercel.json) with `Authorization: Bearer
// $CRON_SECRET`; on Mondays it sends each user's weekly recap once their first break time has come.
// Answers `{ due, sent, skipped, failed }`.
export const GET = withCron("Weekly recap", async () => NextResponse.json(await runRecapDispatch()));
