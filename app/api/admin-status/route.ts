import { NextResponse } from "next/server";
import { withAdmin } from "@/lib/admin/with-admin";

export const dynamic = "force-dynamic";

// 200 while this session holds a live admin grant; 401 `{ message }` otherwise.
export const GET = withAdmin(async () => NextResponse.json({ unlocked: true }));
