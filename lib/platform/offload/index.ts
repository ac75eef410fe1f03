/**
 * Admin computations in processes of their own (decision 017): the entry point route handlers import (offload,
 * exportChunks). The admin processes themselves (pool.ts) are started by scripts/serve.ts alone, which imports it
 * directly: starting processes stays out of the routes.
 */
export { exportChunks, offload, setTaskRunner, type TaskRunner } from "./run";
/** An export's soft labels as an admin process gives them (one fit shared within the figures' age; bench:export). */
export { sharedSoftLabels } from "./soft-labels";
/** An admin's call let in at the gate's door (lib/judging/http/judging-gate.ts hands calls to it; decision 015). */
export type { AdminCall } from "./gate";
export * from "./pool";
