/** lib/judging/http: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./fast-path";
export * from "./judging-api";
export * from "./judging-gate";
