import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { setExerciseFeedback } from "@/lib/exercises/feedback";
import { exerciseFeedbackInput } from "@/lib/exercises/input";
import { parseBody } from "@/lib/platform/http";

const noStore = { "Cache-Control": "no-store" };

// "Not for me" / "I like this" on one exercise (issue 33): `{ name, verdict, reason? }`, one mark per
// user and exercise name, the latest winning; verdict "none" removes the mark. Later plans leave
// not-for-me exercises out and bring liked ones back more often.
export const POST = withUser(async ({ req, db, user }) => {
  const input = await parseBody(req, exerciseFeedbackInput);
  return NextResponse.json(await setExerciseFeedback(db, user.id, input), { headers: noStore });
});
