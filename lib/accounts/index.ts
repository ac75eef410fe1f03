/** lib/accounts: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./invite-input";
export * from "./messages";
export * from "./password";
export * from "./permissions";
export * from "./sso";
export * from "./locale";
export * from "./locale-input";
export * from "./return-path";
