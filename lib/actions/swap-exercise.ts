"use server";

import { swapExercise as swap } from "@/lib/breaks/swap";
import { swapActionInput } from "@/lib/exercises/input";
import { appSuggester } from "@/lib/exercises/suggest";
import { userAction } from "./client";

/** The dashboard's Swap (POST /api/user/breaks/{slot}/swap): one exercise of the caller's own break today. */
export const swapExercise = userAction.action(
  swapActionInput,
  ({ slot, index }, { db, user }) => swap({ db, suggest: appSuggester() }, user.id, Number(slot), index),
  // The dashboard passes the slot as a number.
  (raw) => {
    const r = raw as { slot?: unknown } | null;
    return r && typeof r === "object" && typeof r.slot === "number" ? { ...r, slot: String(r.slot) } : raw;
  },
);
