/**
 * Runs an admin computation (lib/platform/offload/tasks.ts) off the web server's event loop when the server has
 * started its admin processes (scripts/serve.ts → lib/platform/offload/pool.ts), or right here otherwise (the CLI, tests,
 * ADMIN_PROCESSES=0). Its failures come back as the errors they were: an AppError keeps its code, a database
 * outage or deadlock its SQLSTATE, so lib/platform/http/answers.ts answers them the same way.
 */
import { processCache } from "../../kernel";
import { db, type Db } from "../db/client";
import { rebuildError, type TaskOutcome } from "./errors";
import { exportChunksHere, type ExportArgs } from "./export";
import { TASKS, type TaskArgs, type TaskName, type TaskResult } from "./tasks";

export interface TaskRunner {
  run(task: TaskName, args: unknown): Promise<TaskOutcome<unknown>>;
  /** An export's chunks from an admin process; `onRows` hears the rows written when it ends. */
  exportChunks(args: ExportArgs, onRows?: (n: number) => void): AsyncGenerator<Uint8Array>;
}

// Process-wide (Next.js's bundle and scripts/serve.ts each load this module).
const slot = processCache("admin-processes", () => ({ runner: undefined as TaskRunner | undefined }));

/** Sends every later `offload` to `runner` (undefined: back to running here). */
export function setTaskRunner(runner: TaskRunner | undefined): void {
  slot.runner = runner;
}

/** An export's bytes, chunk by chunk, written off this event loop when there are admin processes (see export.ts). */
export function exportChunks(args: ExportArgs, onRows?: (n: number) => void): AsyncGenerator<Uint8Array> {
  const runner = slot.runner;
  return runner ? runner.exportChunks(args, onRows) : exportChunksHere(db(), args, onRows);
}

export async function offload<K extends TaskName>(task: K, args: TaskArgs<K>): Promise<TaskResult<K>> {
  const runner = slot.runner;
  if (!runner) return (TASKS[task] as (client: Db, a: unknown) => Promise<TaskResult<K>>)(db(), args);
  const out = await runner.run(task, args);
  if (!out.ok) throw rebuildError(out.error);
  return out.value as TaskResult<K>;
}
