import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { isOnboardingComplete } from "@/lib/users/onboarding";

export const GET = withUser(async ({ db, user }) =>
  NextResponse.json({ completed: await isOnboardingComplete(db, user.id) }),
);
