import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { swapExercise } from "@/lib/breaks/swap";
import { slotFromPath } from "@/lib/breaks/today";
import { swapInput } from "@/lib/exercises/input";
import { appSuggester } from "@/lib/exercises/suggest";
import { parseBody } from "@/lib/platform/http";

const noStore = { "Cache-Control": "no-store" };

// Swap one exercise of today's break (issue 33): `{ index }` → the break's exercises with that one
// replaced, kept in the day's plan. 400 bad slot or index; 409 once the break is done or after 3
// swaps of this break today (the cap is a state of the break, not a rate: no Retry-After).
export const POST = withUser<{ slot: string }>(async ({ req, db, user, params }) => {
  const slot = slotFromPath(params.slot);
  const { index } = await parseBody(req, swapInput);
  return NextResponse.json(await swapExercise({ db, suggest: appSuggester() }, user.id, slot, index), {
    headers: noStore,
  });
});
