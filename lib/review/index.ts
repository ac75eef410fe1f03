/** lib/review: the entry point for server callers — the pair browser, a pair's page and reviewers' actions (issue 46, decision 018). */
export * from "./history";
export * from "./pair-detail";
export * from "./scope";
