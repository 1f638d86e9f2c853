export * from "@/lib/exercises/library/types";
export { ALWAYS_SAFE_SEATED, EXERCISES, getExercise, isAlwaysSafe } from "@/lib/exercises/library/exercises";
export { parsePreferences } from "@/lib/exercises/library/preferences";
export {
  distributeMinutes,
  FAVOUR_WEIGHT,
  isMovingExercise,
  MIN_EXERCISE_MINUTES,
  MIN_MOVING_SHARE,
  movingShare,
  pickReplacement,
  planExercise,
  roundsFor,
  selectExercises,
  selectWithPreferences,
  stillBudget,
} from "@/lib/exercises/library/select";
