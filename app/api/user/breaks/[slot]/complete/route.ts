import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { completeTodayBreak, undoTodayBreak } from "@/lib/breaks/completion";
import { slotFromPath } from "@/lib/breaks/today";

const noStore = { "Cache-Control": "no-store" };

// "Mark as done" in the app: the same completion as the e-mail's "I did it". Idempotent.
export const POST = withUser<{ slot: string }>(async ({ db, user, params }) =>
  NextResponse.json(await completeTodayBreak(db, user.id, slotFromPath(params.slot)), { headers: noStore }),
);

// "Undo": today's breaks only. Idempotent.
export const DELETE = withUser<{ slot: string }>(async ({ db, user, params }) =>
  NextResponse.json(await undoTodayBreak(db, user.id, slotFromPath(params.slot)), { headers: noStore }),
);
