import { NextResponse } from "next/server";
import { listAuditLogs } from "@/lib/admin/console";
import type { AdminLogs } from "@/lib/admin/types";
import { withAdmin } from "@/lib/admin/with-admin";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ db }) => {
  const data: AdminLogs = { logs: await listAuditLogs(db) };
  return NextResponse.json(data, { headers: { "Cache-Control": "no-store" } });
});
