import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { parseBody } from "@/lib/platform/http";
import { normalizeSettingsUpdate, settingsUpdateSchema } from "@/lib/schedule/schemas";
import { getSettings, updateSettings } from "@/lib/users/settings-store";

const noStore = { "Cache-Control": "no-store" };

export const GET = withUser(async ({ db, user }) =>
  NextResponse.json(await getSettings(db, user.id), { headers: noStore }),
);

// Validates everything before writing anything: a rejected request changes nothing.
export const PUT = withUser(async ({ req, db, user, ip }) => {
  const patch = normalizeSettingsUpdate(await parseBody(req, settingsUpdateSchema));
  await updateSettings(db, user.id, patch, ip);
  return NextResponse.json(await getSettings(db, user.id), { headers: noStore });
});
