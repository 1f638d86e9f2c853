import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { calendarSourceInput } from "@/lib/calendar-source/input";
import { calendarSourceStatus, connectCalendar, disconnectCalendar } from "@/lib/calendar-source/source";
import { InvalidInput } from "@/lib/errors";
import { errorResponse, parseBody } from "@/lib/platform/http";

const noStore = { "Cache-Control": "no-store" };

// The user's connected calendar (issue 31): PUT connects (or replaces) it by its secret iCal
// address, fetched at once; GET says how it stands (404 with none); DELETE erases it and all that
// was read from it. An address refused (400) or unreadable (422) says why on `fieldErrors.url`.
export const PUT = withUser(async ({ req, db, user }) => {
  const { url } = await parseBody(req, calendarSourceInput);
  try {
    return NextResponse.json(await connectCalendar({ db }, user.id, url), { headers: noStore });
  } catch (error) {
    if (error instanceof InvalidInput) return errorResponse(error, { fieldErrors: error.fieldErrors });
    throw error;
  }
});

export const GET = withUser(async ({ db, user }) =>
  NextResponse.json(await calendarSourceStatus(db, user.id), { headers: noStore }),
);

export const DELETE = withUser(async ({ db, user }) =>
  NextResponse.json(await disconnectCalendar(db, user.id), { headers: noStore }),
);
