"use server";

import { setExerciseFeedback } from "@/lib/exercises/feedback";
import { exerciseFeedbackInput } from "@/lib/exercises/input";
import { userAction } from "./client";

/** "Not for me" / "I like this" on the dashboard (POST /api/user/exercises/feedback): the caller's own marks. */
export const sendExerciseFeedback = userAction.action(exerciseFeedbackInput, (input, { db, user }) =>
  setExerciseFeedback(db, user.id, input),
);
