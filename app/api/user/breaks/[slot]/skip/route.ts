import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { skipTodayBreak, unskipTodayBreak } from "@/lib/breaks/skip";
import { slotFromPath } from "@/lib/breaks/today";

const noStore = { "Cache-Control": "no-store" };

// "Not today" for one of today's breaks: neutral for the streak, no reminder. Idempotent; 409 once
// it is done or its reminder window (30 minutes from its time) has gone by.
export const POST = withUser<{ slot: string }>(async ({ db, user, params }) =>
  NextResponse.json(await skipTodayBreak(db, user.id, slotFromPath(params.slot)), { headers: noStore }),
);

// Takes it back while its time has not come. Idempotent.
export const DELETE = withUser<{ slot: string }>(async ({ db, user, params }) =>
  NextResponse.json(await unskipTodayBreak(db, user.id, slotFromPath(params.slot)), { headers: noStore }),
);
