import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { getDashboard } from "@/lib/progress/dashboard";

export const GET = withUser(async ({ db, user }) =>
  NextResponse.json(await getDashboard(db, user.id), { headers: { "Cache-Control": "no-store" } }),
);
