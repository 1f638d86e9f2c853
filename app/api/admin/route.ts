import { NextResponse } from "next/server";
import { listUsers } from "@/lib/admin/console";
import { decodeCursor, parseQuery, usersQuerySchema } from "@/lib/admin/pagination";
import type { AdminData } from "@/lib/admin/types";
import { withAdmin } from "@/lib/admin/with-admin";

export const dynamic = "force-dynamic";

// GET /api/admin?cursor=<opaque>: a page of 50 users (newest first), the counts and the CSRF token.
export const GET = withAdmin(async ({ req, db, grant }) => {
  const { cursor } = parseQuery(req, usersQuerySchema);
  const after = cursor === undefined ? undefined : decodeCursor("users", cursor);
  const data: AdminData = { ...(await listUsers(db, { after })), csrfToken: grant.csrfToken };
  return NextResponse.json(data, { headers: { "Cache-Control": "no-store" } });
});
