/** lib/exports/store: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./corrections";
export * from "./export-counts";
export * from "./exports";
export * from "./hf-dataset";
export * from "./pairs";
