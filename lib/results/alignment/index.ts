/** The judge alignment board: the entry point callers outside lib/results/alignment/ import (board.ts, verdicts.ts). */
export * from "./board";
export * from "./differences";
export * from "./verdicts";
export * from "./judge-names";
