/**
 * The body of an admin-computation thread (piscina's worker; lib/offload/pool.ts starts it). It has its own
 * database client (a small pool: ADMIN_THREAD_DB_POOL_SIZE) and runs at a lower CPU priority than the web
 * server's thread, so on a busy machine the judging calls go first.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { db, type Db } from "../db/client";
import { failureOf, type TaskOutcome } from "./errors";
import { TASKS, type TaskName } from "./tasks";

// Linux gives each thread its own nice value, addressed by its thread id (/proc/thread-self → …/task/<tid>).
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {
  /* not Linux: the thread keeps the process's priority */
}

export default async function run({ task, args }: { task: TaskName; args: unknown }): Promise<TaskOutcome<unknown>> {
  try {
    const fn = TASKS[task] as (client: Db, args: unknown) => Promise<unknown>;
    return { ok: true, value: await fn(db(), args) };
  } catch (e) {
    if (!(e instanceof Error && e.name === "AppError")) console.error(e); // the stack stays in this thread's log
    return { ok: false, error: failureOf(e) };
  }
}
