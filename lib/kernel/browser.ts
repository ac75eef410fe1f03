/** lib/kernel: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export * from "./dates";
export type * from "./errors";
export * from "./geo";
export * from "./random";
export * from "./stats/few";
export * from "./unicode-text";
