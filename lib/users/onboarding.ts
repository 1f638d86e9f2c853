import "server-only";
// Whether a user has finished onboarding (setup's first schedule), and the page guard built on it:
// a signed-in user who has not is sent to /welcome (spec section 2). The redirect lives in the
// pages, not in proxy.ts: the proxy sees only the session cookie, never the database.
import { redirect } from "next/navigation";
import { requirePageUser } from "@/lib/auth/page-user";
import type { SessionUser } from "@/lib/auth/session";
import { getDb, type Db } from "@/lib/db";

export async function isOnboardingComplete(db: Db, userId: string): Promise<boolean> {
  const row = await db.userSettings.findUnique({ where: { userId }, select: { onboardingCompleted: true } });
  return row?.onboardingCompleted ?? false;
}

/** The signed-in user who has finished onboarding; otherwise a redirect to / or /welcome. */
export async function requireOnboardedUser(): Promise<SessionUser> {
  const user = await requirePageUser();
  if (!(await isOnboardingComplete(await getDb(), user.id))) redirect("/welcome");
  return user;
}
