/**
 * Runs one job on a worker: takes the Job row, beats every 2 s (with progress) while the handler works, stops the
 * handler when a cancel is asked or the row is taken over, and records how it ended. A JobFailure is a reason
 * for people (not retried); any other error is retried while tries remain.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "../db/client";
import { deleteStoredFiles } from "../db/files";
import { appendLog, beat, cancelRequested, finishJob, retryOrFail, startJob, type JobKind } from "../db/jobs";

export interface JobContext {
  db: Db;
  jobId: string;
  input: unknown;
  createdById: string | null;
  /** Aborted when an admin cancels the job, or this worker stops. */
  signal: AbortSignal;
  /** Throws (the job ends CANCELLED) when an admin has asked to cancel it: for the moment before a commit. */
  checkCancel(): Promise<void>;
  progress(p: unknown): void;
  log(message: string): Promise<void>;
  /** A private folder for the job's files, removed afterwards. */
  scratch: string;
}

export interface JobOutcome {
  result: unknown;
  message: string;
}

export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;

/** A failure whose message is meant for people ("the bundle has 3 problems"); running it again would not help. */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly result?: unknown,
  ) {
    super(message);
  }
}

export const BEAT_MS = 2000;

/** Returns whether the queue should retry the job (true: throw to pg-boss). */
export async function runJob(
  db: Db,
  worker: string,
  jobId: string,
  handlers: Record<JobKind, JobHandler>,
  stopping: AbortSignal,
): Promise<"done" | "retry" | "skipped"> {
  const job = await startJob(db, jobId, worker);
  if (!job) return "skipped";
  const controller = new AbortController();
  const onStop = () => controller.abort(new Error("the worker is shutting down"));
  stopping.addEventListener("abort", onStop);
  let progress: unknown = null;
  let cancelled = false;
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating.then(async () => {
      const b = await beat(db, jobId, worker, progress).catch(() => ({ owned: true, cancel: false }));
      if (b.cancel || !b.owned) {
        cancelled = b.cancel;
        controller.abort(new Error(b.cancel ? "cancelled" : "taken over by another worker"));
      }
    });
  }, BEAT_MS);
  const scratch = mkdtempSync(path.join(workerScratchRoot(), "job-"));
  const ctx: JobContext = {
    db,
    jobId,
    input: job.input,
    createdById: job.createdById,
    signal: controller.signal,
    async checkCancel() {
      if (!cancelled && !(await cancelRequested(db, jobId))) return;
      cancelled = true;
      controller.abort(new Error("cancelled"));
      throw new Error("cancelled");
    },
    scratch,
    progress: (p) => void (progress = p),
    log: (m) => appendLog(db, jobId, m),
  };
  try {
    const out = await handlers[job.kind](ctx);
    await stopBeating();
    await beat(db, jobId, worker, progress).catch(() => {});
    await finishJob(db, jobId, worker, "DONE", { result: out.result, message: out.message });
    return "done";
  } catch (e) {
    await stopBeating();
    const message = (e as Error).message || String(e);
    if (cancelled) {
      await finishJob(db, jobId, worker, "CANCELLED", { message: "cancelled; nothing was kept" });
      await deleteStoredFiles(db, jobId, "upload").catch(() => {});
      return "done";
    }
    if (e instanceof JobFailure) {
      await finishJob(db, jobId, worker, "FAILED", { error: message, result: e.result, message: `failed: ${message}` });
      return "done";
    }
    console.error(`job ${jobId} (${job.kind}): ${(e as Error).stack ?? message}`);
    return (await retryOrFail(db, jobId, worker, message)) ? "retry" : "done";
  } finally {
    clearInterval(timer);
    stopping.removeEventListener("abort", onStop);
    rmSync(scratch, { recursive: true, force: true });
  }

  async function stopBeating() {
    clearInterval(timer);
    await beating.catch(() => {});
  }
}

/** Scratch folders live under one folder per worker process: <tmp>/tripjudge-jobs/w<pid>/. */
const SCRATCH_ROOT = path.join(tmpdir(), "tripjudge-jobs");

function workerScratchRoot(): string {
  const dir = path.join(SCRATCH_ROOT, `w${process.pid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * Removes the scratch folders of workers on this machine that are gone (killed with -9, say: their
 * materialized uploads would stay on disk). A folder of a live process is left alone. Returns how many went.
 */
export function removeDeadWorkersScratch(): number {
  let n = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync(SCRATCH_ROOT);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const pid = Number(/^w(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    rmSync(path.join(SCRATCH_ROOT, name), { recursive: true, force: true });
    n++;
  }
  return n;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
