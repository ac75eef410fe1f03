/**
 * Gold pairs: the entry point callers outside lib/quality/gold/ import. The rule engine (checks.ts, dsl.ts), the
 * checked perturbations (perturb.ts), the defect kinds (kinds.ts: the browser imports that file itself, as it
 * carries no engine code) and the qualification set's decision (qualification.ts).
 */
export * from "./checks";
export * from "./dsl";
export * from "./kinds";
export * from "./perturb";
export * from "./qualification";
export * from "./gold-outcome";
