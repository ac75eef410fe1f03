/** lib/review/store: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./actions";
export * from "./pair-detail";
export * from "./pair-filter-sql";
export * from "./pair-list";
export * from "./queue";
export * from "./reads";
export * from "./scope";
export * from "./search-plan";
export * from "./settings";
