/** lib/platform/db: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./bulk";
export * from "./client";
export * from "./cursor";
export * from "./embedded";
export * from "./figures";
export * from "./files";
export * from "./jobs";
export * from "./migrate";
export * from "./seed";
