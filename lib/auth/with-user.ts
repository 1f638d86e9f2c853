// Route wrapper for signed-in calls: the session is checked in the handler itself (the proxy's
// redirects are only a convenience), and the handler gets the user, the database and the IP.
import { getDb, type Db } from "@/lib/db";
import { clientIp, route } from "@/lib/platform/http";
import { requireUser, type SessionUser } from "./session";

export interface UserContext<P> {
  req: Request;
  user: SessionUser;
  db: Db;
  ip: string;
  params: P;
}

export function withUser<P = Record<string, string>>(handler: (ctx: UserContext<P>) => Promise<Response>) {
  return route<{ params: Promise<P> }>(async (req, ctx) => {
    const renewed: string[] = [];
    const user = await requireUser(req, (cookies) => renewed.push(...cookies));
    const res = await handler({ req, user, db: await getDb(), ip: clientIp(req.headers), params: await ctx.params });
    // The session was extended: the browser gets the cookie with its new lifetime.
    for (const c of renewed) res.headers.append("Set-Cookie", c);
    return res;
  });
}
