import { NextResponse } from "next/server";
import { listUsers } from "@/lib/admin/console";
import type { AdminData } from "@/lib/admin/types";
import { withAdmin } from "@/lib/admin/with-admin";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ db, grant }) => {
  const data: AdminData = { ...(await listUsers(db)), csrfToken: grant.csrfToken };
  return NextResponse.json(data, { headers: { "Cache-Control": "no-store" } });
});
