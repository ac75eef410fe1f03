/**
 * Rater reliability: the entry point callers outside lib/quality/reliability/ import. Rating matrices, Dawid–Skene and
 * MACE, the anomaly flags and raterFlags (the one decision behind `flagged`), the pause test, soft labels, the
 * report of `tripjudge reliability` and its text, and simulated studies.
 */
export * from "./anomalies";
export * from "./dawid-skene";
export * from "./mace";
export * from "./pause";
export * from "./ratings";
export * from "./report";
export * from "./simulate";
export * from "./soft-labels";
export * from "./text";
