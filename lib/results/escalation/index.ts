/**
 * Guaranteed escalation: the entry point callers outside lib/results/escalation/ import. Items and judges' verdicts with
 * their confidence (items.ts), fixed-sequence calibration of a judge or a cascade and the decisions
 * (calibrate.ts), simulated populations and guarantee studies (simulate.ts), `tripjudge escalate`'s text
 * (text.ts), the limits of its settings (limits.ts) and the page's wording of a cascade (status.ts). The method and
 * where it differs from the paper: docs/escalation.md.
 */
export * from "./calibrate";
export * from "./dataset";
export * from "./items";
export * from "./limits";
export * from "./status";
export * from "./simulate";
export * from "./text";
export * from "./reward-probability";
