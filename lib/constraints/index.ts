/**
 * lib/constraints: the entry point for server callers (decision 018) — the DSL's evaluation (evaluate.ts), the
 * annotations and their files, literals, the plan's view as the DSL sees it, and ChinaTravel's value aliases (for
 * the differential reference, lib/testing/dsl-reference.ts). Storage: lib/constraints/store.
 */
export * from "./annotations";
export * from "./evaluate";
export * from "./files";
export * from "./literal";
export * from "./plan-view";
export { CONCEPT_VALUE_ALIASES } from "./upstream";
