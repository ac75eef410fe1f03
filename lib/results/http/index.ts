/** lib/results/http: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./analytics";
export * from "./leaderboard-scope";
