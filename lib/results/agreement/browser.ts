/** lib/results/agreement: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export * from "./kappa";
export * from "./labels";
export * from "./bootstrap";
export * from "./patterns";
export * from "./position";
export * from "./ratings";
export * from "./removal";
export * from "./report";
export * from "./tallies";
export * from "./ordinal";
export * from "./strength";
export * from "./scaled";
