import { timingSafeEqual, createHash } from "node:crypto";
import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { unauthorized, AppError } from "@/lib/errors";
import { route } from "@/lib/http";
import { runDispatch } from "@/lib/reminders/run";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

function sameSecret(given: string, expected: string) {
  // Hash both so the comparison is constant-time whatever the lengths.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

// Vercel Cron calls this with `Authorization: Bearer $CRON_SECRET`.
export const GET = route(async (req) => {
  const secret = env().cronSecret;
  if (!secret) throw new AppError(503, "Reminders cron is not configured: set CRON_SECRET.");
  const header = req.headers.get("authorization") ?? "";
  if (!header.startsWith("Bearer ") || !sameSecret(header.slice(7), secret)) throw unauthorized("Invalid cron secret");
  return NextResponse.json(await runDispatch());
});
