/** lib/judging: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export * from "./assignment/optimistic";
export type * from "./assignment/policy";
export * from "./assignment/serving-setting";
export type * from "./assignment/view";
