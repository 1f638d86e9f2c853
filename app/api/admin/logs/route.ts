import { NextResponse } from "next/server";
import { listAuditLogs } from "@/lib/admin/console";
import { decodeCursor, logsQuerySchema, parseQuery } from "@/lib/admin/pagination";
import type { AdminLogs } from "@/lib/admin/types";
import { withAdmin } from "@/lib/admin/with-admin";

export const dynamic = "force-dynamic";

// GET /api/admin/logs?cursor=<opaque>&action=<action>: a page of 50 audit entries, newest first.
export const GET = withAdmin(async ({ req, db }) => {
  const { cursor, action } = parseQuery(req, logsQuerySchema);
  const after = cursor === undefined ? undefined : decodeCursor("logs", cursor);
  const data: AdminLogs = await listAuditLogs(db, { after, action });
  return NextResponse.json(data, { headers: { "Cache-Control": "no-store" } });
});
