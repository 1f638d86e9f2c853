// Test-only speed-up for suites that send thousands of requests as one signed-in user: the real
// session lookup (Better Auth, several queries) runs once per cookie header and its answer is
// reused. Only found sessions are remembered, so a signed-out request still gets 401.
// Use it from a test file with:
//   vi.mock("@/lib/auth/session", async (real) => (await import("../support/session-cache")).memoizeSessions(await real()));
// The suite must not end the sessions it reuses (the fuzz suite checks the sessions table is unchanged).
import type * as Session from "@/lib/auth/session";
import { unauthorized } from "@/lib/errors";

type SessionModule = typeof Session;

export function memoizeSessions(real: SessionModule): SessionModule {
  const known = new Map<string, Session.SessionUser>();
  const getSessionUser: SessionModule["getSessionUser"] = async (headers) => {
    const key = headers.get("cookie") ?? "";
    const hit = known.get(key);
    if (hit) return hit;
    const user = await real.getSessionUser(headers);
    if (user) known.set(key, user);
    return user;
  };
  const requireUser: SessionModule["requireUser"] = async (req) => {
    const user = await getSessionUser(req.headers);
    if (!user) throw unauthorized();
    return user;
  };
  return { ...real, getSessionUser, requireUser };
}

type GrantModule = typeof import("@/lib/admin/grant");

/**
 * The same for owner-console grants (lib/admin/grant.ts): a live grant found for a session is
 * reused. Use only where the suite neither ends nor rotates the grant (the fuzz suite checks the
 * admin_grants table is unchanged).
 */
export function memoizeGrants(real: GrantModule): GrantModule {
  const known = new Map<string, Awaited<ReturnType<GrantModule["getLiveGrant"]>>>();
  const getLiveGrant: GrantModule["getLiveGrant"] = async (db, user, now) => {
    const key = `${user.sessionId}:${user.id}`;
    const hit = known.get(key);
    if (hit && hit.expiresAt.getTime() > (now ?? new Date()).getTime()) return hit;
    const grant = await real.getLiveGrant(db, user, now);
    if (grant) known.set(key, grant);
    return grant;
  };
  return { ...real, getLiveGrant };
}
