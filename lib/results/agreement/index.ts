/**
 * Agreement statistics and labels: the entry point callers outside lib/results/agreement/ import. Kappas and alphas
 * (kappa.ts), majority labels (labels.ts), statistics from verdict patterns of up to three raters (patterns.ts; the
 * verdict, its codes and the pattern bits are lib/judging/verdict/'s, re-exported here), bootstrap intervals, position bias, rating files, the effect of removing an expert, the
 * analytics report from pairs and from the database's tallies.
 */
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
