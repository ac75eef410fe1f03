/** lib/kernel: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./cache";
export * from "./config";
export * from "./dates";
export * from "./errors";
export * from "./geo";
export * from "./import-limits";
export * from "./password-limits";
export * from "./random";
export * from "./stats/binomial";
export * from "./stats/kendall";
export * from "./stats/linear";
export * from "./stats/logistic";
export * from "./stats/quantile";
export * from "./stats/special";
export * from "./unicode-text";
