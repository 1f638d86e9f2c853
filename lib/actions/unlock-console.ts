"use server";

import { redirect } from "next/navigation";
import { unlockSchema, type UnlockInput } from "@/lib/admin/schemas";
import { unlockConsole as unlock } from "@/lib/admin/unlock";
import { text } from "./form-data";
import { onField, parseInput, requireActionUser, runAction } from "./safe-action";
import type { FormState } from "./types";

export type UnlockState = FormState<undefined, UnlockInput>;

/** The owner's code (POST /api/verify-admin). Without scripts a right code goes straight to /admin. */
export async function unlockConsole(_prev: UnlockState, form: FormData): Promise<UnlockState> {
  let scripted = true;
  const result = onField(
    await runAction(async () => {
      const ctx = await requireActionUser();
      scripted = ctx.scripted;
      const { code } = parseInput(unlockSchema, { code: text(form, "code") });
      await unlock(ctx.db, ctx.user, code, ctx.ip);
      return undefined;
    }),
    "code",
  );
  if (result.ok && !scripted) redirect("/admin");
  // The code is never sent back to the page.
  return { ...result, values: { code: "" } };
}
