/** lib/audit: the entry point for client code (decision 018). */
export * from "./view";
