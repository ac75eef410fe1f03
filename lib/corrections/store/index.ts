/** lib/corrections/store: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./context";
export * from "./correctors";
export * from "./gold-corrections";
export * from "./judged";
export * from "./ordering";
export * from "./save";
