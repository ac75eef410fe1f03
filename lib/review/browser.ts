/** lib/review: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export type * from "./history";
export * from "./pair-classes";
export * from "./pair-detail";
export * from "./pair-filter";
export type * from "./pair-rows";
export * from "./queue";
export * from "./scope";
export type * from "./settings";
export * from "./status";
