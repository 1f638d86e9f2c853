import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { getToday } from "@/lib/breaks/today";
import { appSuggester } from "@/lib/exercises/suggest";

// Today's breaks with the day's exercises: the same plan the reminder e-mails carry.
export const GET = withUser(async ({ db, user }) =>
  NextResponse.json(await getToday({ db, suggest: appSuggester() }, user.id), {
    headers: { "Cache-Control": "no-store" },
  }),
);
