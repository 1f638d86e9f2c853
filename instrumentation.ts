// Runs once when the Next.js server starts: apply pending migrations before the first request,
// then start the internal reminder scheduler unless SCHEDULER=off (or on Vercel).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/lib/db");
  try {
    await getDb();
  } catch (error) {
    // Keep serving: requests will answer 503 and retry the connection.
    console.error("[db] could not open the database at start:", error instanceof Error ? error.message : error);
  }
  const { env } = await import("@/lib/env");
  if (env().scheduler === "internal") {
    const { startScheduler } = await import("@/lib/reminders/scheduler");
    startScheduler();
  }
}
