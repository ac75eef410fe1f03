/**
 * A worker: takes jobs from the queue (imports, gold pairs, fits, exports) and runs them, one of each kind at a time, while
 * reclaiming the jobs of workers that died; and recomputes datasets' serving priorities when they are due (decision
 * 019). Any number of workers, on any machine, may share one database.
 */
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import type { Db } from "../db/client";
import { JOB_KINDS, reclaimStale, type JobKind } from "../db/jobs";
import { exportJob } from "./handlers/export";
import { fitJob } from "./handlers/fit";
import { goldJob } from "./handlers/gold";
import { importJob } from "./handlers/import";
import { prioritiesJob, prioritiesLookout } from "./handlers/priorities";
import { PRIORITIES_QUEUE, queueFor } from "./queue";
import { removeDeadWorkersScratch, runJob, type JobHandler } from "./run";
import { deleteEndedUploads } from "../db/files";
import { escalationSweep } from "../../results/store";

export const HANDLERS: Record<JobKind, JobHandler> = {
  import: importJob,
  fit: fitJob,
  export: exportJob,
  gold: goldJob,
};

export interface RunningWorker {
  name: string;
  stop(): Promise<void>;
}

/** Puts the jobs of dead workers back on the queue (or fails them when out of tries). */
export async function sweep(db: Db, boss: PgBoss, staleSeconds?: number) {
  for (const job of await reclaimStale(db, staleSeconds)) {
    // pg-boss still holds it as active: failing it there makes pg-boss offer it again (its retry limit matches ours).
    await boss
      .fail(job.kind, job.id, { message: job.retry ? "worker lost; retrying" : "worker lost; no tries left" })
      .catch(() => {});
    if (!job.retry) await boss.cancel(job.kind, job.id).catch(() => {});
  }
}

export async function startWorker(
  db: Db,
  url: string,
  opts: { name?: string; sweepMs?: number; staleSeconds?: number; escalationMs?: number; prioritiesMs?: number } = {},
): Promise<RunningWorker> {
  const name = opts.name ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const boss = await queueFor(url, { supervise: true });
  const stopping = new AbortController();
  for (const kind of JOB_KINDS) {
    await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
      const outcome = await runJob(db, name, job.data.jobId, HANDLERS, stopping.signal);
      // Thrown to pg-boss, which offers the job again after its retry delay.
      if (outcome === "retry") throw new Error("retrying");
    });
  }
  // Serving priorities (decision 020): recomputes from their own queue, and the look-out that asks for them.
  await boss.work<{ datasetId: string }>(PRIORITIES_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, ([job]) =>
    prioritiesJob(db, job.data).catch((e) => {
      console.error(`serving priorities of ${job.data.datasetId}: ${(e as Error).stack ?? e}`);
      throw e;
    }),
  );
  const lookout = prioritiesLookout(db, boss);
  const looking = setInterval(
    () => void lookout().catch((e) => console.error(`serving priorities look-out: ${(e as Error).message}`)),
    opts.prioritiesMs ?? 5000,
  );
  // What dead workers left: scratch folders on this machine, uploads of jobs that ended.
  removeDeadWorkersScratch();
  const sweeping = setInterval(
    () =>
      void sweep(db, boss, opts.staleSeconds)
        .then(() => deleteEndedUploads(db))
        .catch((e) => console.error(`job sweep: ${(e as Error).message}`)),
    opts.sweepMs ?? 10_000,
  );
  void sweep(db, boss, opts.staleSeconds).catch(() => {});
  // Guaranteed escalation (docs/escalation.md): a step for each dataset whose pairs changed, so the calibration
  // starts once the experts have labelled the sample and new pairs are decided, without the submit doing the work.
  let stepping = false;
  const escalating = setInterval(() => {
    if (stepping) return;
    stepping = true;
    void escalationSweep(db)
      .catch((e) => console.error(`escalation: ${(e as Error).message}`))
      .finally(() => (stepping = false));
  }, opts.escalationMs ?? 10_000);
  return {
    name,
    async stop() {
      clearInterval(sweeping);
      clearInterval(escalating);
      clearInterval(looking);
      stopping.abort();
      for (const kind of [...JOB_KINDS, PRIORITIES_QUEUE]) await boss.offWork(kind).catch(() => {});
    },
  };
}
export * from "./queue";
