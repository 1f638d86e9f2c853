import { NextResponse } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

// Only the e-mail leaves the server: never the whole user row.
export const GET = route(async (req) => {
  const user = await requireUser(req);
  return NextResponse.json({ user: { email: user.email } }, { headers: { "Cache-Control": "no-store" } });
});
