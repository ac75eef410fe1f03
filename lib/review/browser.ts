/** lib/review: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export * from "./pair-classes";
export * from "./pair-filter";
export type * from "./pair-rows";
export * from "./scope";
