/** lib/judging: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./assignment/adaptive";
export * from "./assignment/policy";
export * from "./assignment/serving-order";
export * from "./assignment/serving-setting";
export * from "./assignment/view";
