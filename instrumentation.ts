// Runs once when the Next.js server starts: check the configuration, apply pending migrations
// before the first request, then start the internal reminder scheduler unless SCHEDULER=off (or on
// Vercel).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/lib/env");
  const { PRODUCT_NAME } = await import("@/lib/brand");
  try {
    env();
  } catch (error) {
    // A misconfigured server must not serve (e.g. sign-in codes only in a public log): stop here
    // with the reason. On Vercel the function fails to start instead, with the same message.
    console.error(`[start] ${PRODUCT_NAME} cannot start. ${error instanceof Error ? error.message : String(error)}`);
    if (!process.env.VERCEL) process.exit(1);
    throw error;
  }
  const { getDb } = await import("@/lib/db");
  try {
    await getDb();
  } catch (error) {
    // Keep serving: requests will answer 503 and retry the connection.
    console.error("[db] could not open the database at start:", error instanceof Error ? error.message : error);
  }
  if (env().scheduler === "internal") {
    const { startScheduler } = await import("@/lib/reminders/scheduler");
    startScheduler();
  }
}
