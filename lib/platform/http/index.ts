/** lib/platform/http: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./admin-figures";
export * from "./answers";
export * from "./front";
export * from "./guards";
export * from "./jobs";
export type * from "./responses";
export * from "./session";
export * from "./static-compress";
export * from "./urls";
