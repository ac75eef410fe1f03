/** lib/results/store: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./alignment";
export * from "./analytics";
export * from "./dimensions";
export * from "./fits";
export * from "./leaderboard";
export * from "./escalation";
export * from "./judge-calls";
export * from "./needed";
export * from "./prediction-powered";
