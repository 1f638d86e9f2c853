"use client";

import { WhenFields } from "@/components/schedule/schedule-fields";
import type { SettingsFormValues } from "@/lib/schedule/forms";

const TIME_LABELS = ["First reminder", "Second reminder"] as const;

/**
 * The Break Schedule section's fields (its card is drawn by the page, on the server): onboarding's
 * first step, drawn by the same component. "Around meetings" is in the Calendar card, beside the
 * calendar it needs.
 */
export function BreakScheduleFields() {
  return <WhenFields<SettingsFormValues> days="active_days" timezone="timezone" timeLabels={TIME_LABELS} />;
}
