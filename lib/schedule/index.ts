// Public API of the scheduling core: pure functions over settings, local dates and instants.
export * from "./constants";
export * from "./time";
export * from "./settings";
export * from "./today";
export * from "./versions";
export * from "./due";
export * from "./streak";
export * from "./timezone-detect";
