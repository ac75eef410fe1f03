/** lib/audit: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./format";
export * from "./query";
export * from "./view";
