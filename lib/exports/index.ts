/** lib/exports: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./hf-dataset";
export * from "./kinds";
export type * from "./parquet";
export * from "./preference";
export * from "./records";
export * from "./sft";
export type * from "./training";
