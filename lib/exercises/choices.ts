// The marks a user can put on an exercise (issue 33), as the browser's menu and the server's schema
// (./input.ts) both name them. No zod here: the dashboard's menu imports this, and zod would ride
// along into its first-load JavaScript (tests/unit/bundle/client-imports.test.ts).
export const FEEDBACK_VERDICTS = ["not-for-me", "liked", "none"] as const;
export type FeedbackVerdict = (typeof FEEDBACK_VERDICTS)[number];
export const NOT_FOR_ME_REASONS = ["hurts", "no-equipment", "too-easy", "too-hard"] as const;
export type NotForMeReason = (typeof NOT_FOR_ME_REASONS)[number];

/** The reasons as the "Not for me" menu shows them. */
export const REASON_LABELS: Record<NotForMeReason, string> = {
  hurts: "It Hurts",
  "no-equipment": "No Equipment for It",
  "too-easy": "Too Easy",
  "too-hard": "Too Hard",
};
