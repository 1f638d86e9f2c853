import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { breakSlotSchema, completeTodayBreak, undoTodayBreak } from "@/lib/breaks/today";
import { badRequest } from "@/lib/errors";

function slotOf(params: { slot: string }): number {
  const parsed = breakSlotSchema.safeParse(params.slot);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
}

const noStore = { "Cache-Control": "no-store" };

// "Mark as done" in the app: the same completion as the e-mail's "I did it". Idempotent.
export const POST = withUser<{ slot: string }>(async ({ db, user, params }) =>
  NextResponse.json(await completeTodayBreak(db, user.id, slotOf(params)), { headers: noStore }),
);

// "Undo": today's breaks only. Idempotent.
export const DELETE = withUser<{ slot: string }>(async ({ db, user, params }) =>
  NextResponse.json(await undoTodayBreak(db, user.id, slotOf(params)), { headers: noStore }),
);
