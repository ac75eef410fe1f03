/** lib/accounts/store: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./admin";
export * from "./users";
export * from "./sign-in-settings";
export * from "./sso";
export * from "./locale";
