import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";

export const dynamic = "force-dynamic";

// Only the e-mail leaves the server: never the whole user row.
export const GET = withUser(async ({ user }) =>
  NextResponse.json({ user: { email: user.email } }, { headers: { "Cache-Control": "no-store" } }),
);
