/**
 * Guaranteed escalation: the entry point callers outside lib/results/escalation/ import. Items and judges' verdicts with
 * their confidence (items.ts), fixed-sequence calibration of a judge or a cascade and the decisions
 * (calibrate.ts), simulated populations and guarantee studies (simulate.ts), and `tripjudge escalate`'s text
 * (text.ts). The method and where it differs from the paper: docs/escalation.md.
 */
export * from "./calibrate";
export * from "./dataset";
export * from "./items";
export * from "./simulate";
export * from "./text";
export * from "./reward-probability";
