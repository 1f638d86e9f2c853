// The Node.js server's start (instrumentation.ts loads this only there, so the Edge build of the
// instrumentation hook never sees process.exit): check the configuration, open the database
// (applying pending migrations) before the first request, then start the internal reminder
// scheduler unless SCHEDULER=off (or on Vercel).
import { PRODUCT_NAME } from "@/lib/brand";
import { env } from "@/lib/env";

export async function start() {
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
    const { startScheduler } = await import("@/lib/scheduler");
    startScheduler();
  }
}
