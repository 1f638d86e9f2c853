"use server";

import { unlockSchema, type UnlockInput } from "@/lib/admin/schemas";
import { unlockConsole as unlock } from "@/lib/admin/unlock";
import { userAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type UnlockState = FormState<undefined, UnlockInput>;

/** The owner's code (POST /api/verify-admin). Without scripts a right code goes straight to /admin. */
export const unlockConsole = userAction.form(
  {
    values: (form) => ({ code: text(form, "code") }),
    schema: unlockSchema,
    // The code is never sent back to the page.
    echo: () => ({ code: "" }),
    field: "code",
    redirectTo: "/admin",
  },
  async ({ code }, ctx) => {
    await unlock(ctx.db, ctx.user, code, ctx.ip);
    return undefined;
  },
);
