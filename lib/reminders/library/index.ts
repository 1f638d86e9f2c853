export * from "./types";
export { ALWAYS_SAFE_SEATED, EXERCISES, getExercise, isAlwaysSafe } from "./exercises";
export { parsePreferences } from "./preferences";
export {
  distributeMinutes,
  MIN_EXERCISE_MINUTES,
  planExercise,
  roundsFor,
  hasEquipmentFor,
  isAllowedFor,
  isSafeFor,
  selectExercises,
  selectWithPreferences,
  type SelectExercisesInput,
} from "./select";
