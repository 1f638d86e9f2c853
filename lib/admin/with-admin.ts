// Route wrapper for owner console calls: on top of withUser's session check, the caller's session
// must hold a live admin grant (401 otherwise), and every state-changing call must carry the
// grant's CSRF token in its JSON body (403 otherwise), compared in constant time.
import { withUser, type UserContext } from "@/lib/auth/with-user";
import { readJsonText } from "@/lib/platform/http";
import { requireGrant, type AdminGrant } from "./grant";

export interface AdminContext<P> extends UserContext<P> {
  grant: AdminGrant;
}

/** The `csrfToken` of a JSON body, or undefined when the body is missing, not JSON or has none (415 when not sent as JSON). */
async function csrfTokenOf(req: Request): Promise<string | undefined> {
  const raw = await readJsonText(req);
  try {
    const body: unknown = JSON.parse(raw);
    if (body && typeof body === "object" && "csrfToken" in body && typeof body.csrfToken === "string")
      return body.csrfToken;
  } catch {
    // not JSON: no token
  }
  return undefined;
}

export function withAdmin<P = Record<string, string>>(handler: (ctx: AdminContext<P>) => Promise<Response>) {
  return withUser<P>(async (ctx) => {
    const reading = ctx.req.method === "GET" || ctx.req.method === "HEAD";
    const grant = await requireGrant(ctx.db, ctx.user, reading ? null : ((await csrfTokenOf(ctx.req)) ?? ""));
    return handler({ ...ctx, grant });
  });
}
