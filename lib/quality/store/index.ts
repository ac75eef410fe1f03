/** lib/quality/store: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./expert-quality";
export * from "./gold-judging";
export * from "./gold-pairs";
export * from "./judgment-log";
