/** lib/constraints: the entry point for client code — the DSL's evaluation and annotations, reaching neither storage nor Node (decision 018). */
export * from "./annotations";
export * from "./concepts";
export * from "./evaluate";
export * from "./plan-view";
export type * from "./store/annotations";
