/** lib/judging/store: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./assignment-overview";
export * from "./judging";
export * from "./judging-view";
export * from "./priorities";
export * from "./settings";
export * from "./waiting";
