// What the browser and the server share about swapping an exercise and telling us about one
// (issue 33): the calls' schemas and answers. No server code here; client components import the
// zod-free ./choices.ts instead, so zod stays out of their pages' first-load JavaScript.
import * as z from "@/lib/zod";
import type { SuggestedExercise } from "@/lib/exercises/library/types";
import { FEEDBACK_VERDICTS, NOT_FOR_ME_REASONS, type FeedbackVerdict, type NotForMeReason } from "./choices";

export const FEEDBACK_MESSAGES = {
  name: "Name the exercise (3 to 60 characters).",
  verdict: 'Say "not-for-me", "liked" or "none".',
  reason: 'The reason is one of "hurts", "no-equipment", "too-easy" or "too-hard".',
  reasonOnlyNotForMe: "A reason goes only with not-for-me.",
  tooMany: "You have marked too many exercises. Remove a mark before adding another.",
} as const;

/**
 * `{ name, verdict, reason? }` of POST /api/user/exercises/feedback and its action. verdict "none"
 * removes the user's mark on that exercise.
 */
export const exerciseFeedbackInput = z
  .object(
    {
      name: z
        .string({ error: FEEDBACK_MESSAGES.name })
        .check(z.trim(), z.minLength(3, FEEDBACK_MESSAGES.name), z.maxLength(60, FEEDBACK_MESSAGES.name)),
      verdict: z.enum(FEEDBACK_VERDICTS, { error: FEEDBACK_MESSAGES.verdict }),
      reason: z.optional(z.enum(NOT_FOR_ME_REASONS, { error: FEEDBACK_MESSAGES.reason })),
    },
    { error: FEEDBACK_MESSAGES.name },
  )
  .check(
    z.refine((v) => v.reason === undefined || v.verdict === "not-for-me", {
      message: FEEDBACK_MESSAGES.reasonOnlyNotForMe,
      path: ["reason"],
    }),
  );
export type ExerciseFeedbackInput = z.output<typeof exerciseFeedbackInput>;

/** The answer: the mark as stored now (verdict "none" once removed). */
export interface ExerciseFeedbackView {
  name: string;
  verdict: FeedbackVerdict;
  reason: NotForMeReason | null;
  /** ISO; null once removed. */
  updatedAt: string | null;
}

export const SWAP_MESSAGES = {
  index: "Choose one of this break's exercises.",
  done: "This break is already done: its exercises can't be swapped.",
  limit: "You've swapped 3 exercises in this break today. That's the most for one break.",
  none: "There's no other exercise that fits here. Try another one.",
  changed: "This break just changed. Please try again.",
} as const;

/** Swaps per break per day. */
export const MAX_SWAPS_PER_BREAK = 3;

/** `{ index }` of POST /api/user/breaks/{slot}/swap. */
export const swapInput = z.object(
  {
    index: z.int({ error: SWAP_MESSAGES.index }).check(z.gte(0, SWAP_MESSAGES.index), z.lte(2, SWAP_MESSAGES.index)),
  },
  { error: SWAP_MESSAGES.index },
);

/** The action's input: the slot as the dashboard passes it, and the index. */
export const swapActionInput = z.object(
  {
    slot: z.enum(["0", "1"], { error: "This break is not on today's schedule." }),
    index: swapInput.shape.index,
  },
  { error: SWAP_MESSAGES.index },
);

/** The answer of a swap: the break's exercises as the dashboard shows them now. */
export interface SwapView {
  slot: number;
  exercises: SuggestedExercise[];
  /** Swaps left for this break today. */
  swapsLeft: number;
}
