/** Reward weight fitting (TripScore E.2): grid, input, search, protocol. */
export * from "./grid";
export * from "./pairs";
export * from "./protocol";
export { plainSearch } from "./plain";
export { prepare, TIE } from "./prepare";
export { parallelSearch } from "./parallel";
export { syntheticPairs } from "./synthetic";
export { formatFitReport } from "./text";
export * from "./text";
