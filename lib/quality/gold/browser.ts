/** lib/quality/gold: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export * from "./checks";
export * from "./dsl";
export * from "./kinds";
export * from "./perturb";
export * from "./qualification";
export type * from "./gold-outcome";
