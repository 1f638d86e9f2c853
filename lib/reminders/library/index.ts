export * from "./types";
export { ALWAYS_SAFE_SEATED, EXERCISES, getExercise, isAlwaysSafe } from "./exercises";
export { parsePreferences } from "./preferences";
export {
  distributeMinutes,
  hasEquipmentFor,
  isAllowedFor,
  isSafeFor,
  selectExercises,
  selectWithPreferences,
  type SelectExercisesInput,
} from "./select";
