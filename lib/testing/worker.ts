/**
 * Test helpers: enqueue a job as the app does and wait for an in-process worker to finish it; the worker and
 * queue handles a test stops, so tests of other layers need not reach into lib/platform/worker/.
 */
import type { TestDatabase } from "./database";
import { poolOf, type JobKind } from "../platform/db";
import { startWorker, type RunningWorker, enqueue, queueFor, stopQueues } from "../platform/worker";

export { stopQueues, type RunningWorker };

export async function enqueueForTest(
  t: TestDatabase,
  kind: JobKind,
  input: unknown,
  createdById: string | null = null,
): Promise<string> {
  return enqueue(poolOf(t.db), await queueFor(t.url), { kind, title: `test ${kind}`, input, createdById });
}

/** Waits until a job has ended (DONE, FAILED, CANCELLED), up to `ms`. */
export async function waitForJob(t: TestDatabase, id: string, ms = 120_000) {
  const t0 = Date.now();
  for (;;) {
    const job = await t.db.job.findUniqueOrThrow({ where: { id } });
    if (["DONE", "FAILED", "CANCELLED"].includes(job.status)) return job;
    if (Date.now() - t0 > ms) throw new Error(`job ${id} still ${job.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A worker in this process; `prioritiesMs`: how often its serving-priorities look-out runs (default 5 s). */
export async function inProcessWorker(t: TestDatabase, sweepMs = 1000, prioritiesMs?: number): Promise<RunningWorker> {
  return startWorker(t.db, t.url, { sweepMs, prioritiesMs });
}
