"use server";

import { redirect } from "next/navigation";
import { SETUP_STEPS, type SetupFormValues, type SetupStep } from "@/lib/schedule/forms";
import { setupFormSchema } from "@/lib/schedule/schemas";
import { completeSetup as saveSetup } from "@/lib/users/settings-store";
import { days, num, text } from "./form-data";
import { InvalidInput, parseInput, userAction } from "./client";
import type { FormState } from "./types";

export type SetupState = FormState<undefined, SetupFormValues> & { step?: SetupStep };

/**
 * The form's values. No day box checked posts no "activeDays" at all: that is zero days (refused).
 * Intensity and preferences, when not posted at all, stay unset (as in the route).
 */
function valuesOf(form: FormData): SetupFormValues {
  const values: Partial<SetupFormValues> = {
    timezone: text(form, "timezone"),
    // Radios always post one; anything else is the default, two.
    count: text(form, "count") === "1" ? "1" : "2",
    times: [text(form, "times.0"), text(form, "times.1")],
    durationPreference: num(form, "durationPreference"),
    activeDays: days(form, "activeDays"),
  };
  if (form.has("intensityLevel")) values.intensityLevel = text(form, "intensityLevel");
  if (form.has("movementPrefs")) values.movementPrefs = text(form, "movementPrefs");
  return values as SetupFormValues;
}

const stepOf = (raw: string): SetupStep => (raw === "2" ? 2 : raw === "3" ? 3 : 1);

/**
 * Onboarding (POST /api/user/setup). With scripts the form steps through its three parts in the
 * browser and posts once; without them each "Next" and "Back" posts here (`intent` = `step:N`),
 * and the current step's fields are checked before the next one is shown.
 */
export const completeSetup = userAction.raw(async (guarded, _prev: SetupState, form: FormData): Promise<SetupState> => {
  const values = valuesOf(form);
  const intent = text(form, "intent");
  const current = stepOf(text(form, "step"));
  let scripted = true;
  const result = await guarded(async (ctx) => {
    scripted = ctx.scripted;
    if (intent.startsWith("step:")) {
      const next = stepOf(intent.slice(5));
      if (next > current) {
        try {
          parseInput(setupFormSchema, values);
        } catch (error) {
          if (!(error instanceof InvalidInput)) throw error;
          const fields: readonly string[] = SETUP_STEPS[current - 1] ?? [];
          const mine = Object.fromEntries(Object.entries(error.fieldErrors).filter(([k]) => fields.includes(k)));
          if (Object.keys(mine).length > 0) throw new InvalidInput(mine);
        }
      }
      return next;
    }
    await saveSetup(ctx.db, ctx.user.id, parseInput(setupFormSchema, values), ctx.ip);
    return null;
  });
  if (!result.ok) return { ...result, values, step: firstStepWithError(result.fieldErrors) ?? current };
  if (result.data !== null) return { values, step: result.data };
  if (!scripted) redirect("/dashboard");
  return { ok: true, data: undefined, values, step: current };
});

/** The first step that holds a field with an error: where the user has to go back to. */
function firstStepWithError(fieldErrors: Record<string, string> | undefined): SetupStep | undefined {
  if (!fieldErrors) return undefined;
  const index = SETUP_STEPS.findIndex((fields) =>
    Object.keys(fieldErrors).some((k) => (fields as readonly string[]).includes(k)),
  );
  return index < 0 ? undefined : ((index + 1) as SetupStep);
}
