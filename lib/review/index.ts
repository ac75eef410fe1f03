/** lib/review: the entry point for server callers — the pair browser, a pair's page and reviewers' actions (issue 46, decision 018). Its PL/pgSQL: tj_review_reject, tj_review_draw (prisma/functions). */
export * from "./history";
export * from "./pair-classes";
export * from "./pair-detail";
export * from "./pair-filter";
export type * from "./pair-rows";
export * from "./queue";
export * from "./scope";
export * from "./search";
export * from "./settings";
export * from "./status";
