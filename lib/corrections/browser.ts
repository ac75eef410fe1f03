/** lib/corrections: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export * from "./check";
export * from "./draft";
export * from "./edits";
export * from "./history";
export * from "./ops";
export * from "./places";
export type * from "./store/correctors";
export type * from "./store/ordering";
