/** lib/review: the entry point for server callers — the pair browser, a pair's page and reviewers' actions (issue 46, decision 018). */
export * from "./pair-classes";
export * from "./pair-filter";
export type * from "./pair-rows";
export * from "./scope";
export * from "./search";
