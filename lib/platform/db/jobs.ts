/**
 * Job rows: what admins see of background work. A row moves QUEUED → RUNNING → DONE | FAILED | CANCELLED; a
 * RUNNING row whose worker stops beating is put back to QUEUED (retried) or FAILED by `reclaimStale`. The
 * queue (which worker runs what, once) is pg-boss's: see lib/platform/worker/queue.ts.
 */
import type pg from "pg";
import type { Db } from "./client";
import type { JobStatus } from "./generated/enums";
import { AppError } from "../../kernel";

export const JOB_KINDS = ["import", "fit", "export", "gold"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Tries per job (the first run and retries after a worker died or an unexpected error). */
export const MAX_ATTEMPTS = 3;
/** A running job whose worker has not written for this long is taken to be dead. */
export const STALE_SECONDS = 30;

export interface LogLine {
  at: string;
  message: string;
}

const line = (message: string): LogLine => ({ at: new Date().toISOString(), message: message.slice(0, 2000) });

export async function insertJob(
  client: pg.PoolClient,
  job: { id: string; kind: JobKind; title: string; input: unknown; createdById: string | null },
) {
  await client.query(
    `INSERT INTO "Job" (id, kind, title, input, "createdById", log) VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb)`,
    [job.id, job.kind, job.title, JSON.stringify(job.input), job.createdById, JSON.stringify([line("queued")])],
  );
}

/** QUEUED → RUNNING for one worker; null when the job is no longer to run (cancelled, finished). */
export async function startJob(db: Db, id: string, worker: string) {
  const rows = await db.$queryRaw<
    { id: string; kind: JobKind; input: unknown; attempts: number; createdById: string | null }[]
  >`
    UPDATE "Job" SET status = 'RUNNING', attempts = attempts + 1, worker = ${worker}, "startedAt" = now(), "heartbeatAt" = now(),
      log = log || jsonb_build_array(jsonb_build_object('at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'message', 'attempt ' || (attempts + 1) || ' started on ' || ${worker}))
    WHERE id = ${id} AND status IN ('QUEUED', 'RUNNING') AND NOT "cancelRequested"
    RETURNING id, kind, input, attempts, "createdById"`;
  return rows[0] ?? null;
}

/** The heartbeat, with progress: false when this worker no longer owns the job or a cancel was asked. */
export async function beat(
  db: Db,
  id: string,
  worker: string,
  progress: unknown,
): Promise<{ owned: boolean; cancel: boolean }> {
  const rows = await db.$queryRaw<{ cancelRequested: boolean }[]>`
    UPDATE "Job" SET "heartbeatAt" = now(), progress = ${JSON.stringify(progress ?? null)}::jsonb
    WHERE id = ${id} AND worker = ${worker} AND status = 'RUNNING' RETURNING "cancelRequested"`;
  return { owned: rows.length === 1, cancel: rows[0]?.cancelRequested ?? false };
}

/** Whether an admin has asked to cancel the job (read at once, not at the next heartbeat). */
export async function cancelRequested(db: Db, id: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ c: boolean }[]>`SELECT "cancelRequested" AS c FROM "Job" WHERE id = ${id}`;
  return rows[0]?.c ?? false;
}

export async function appendLog(db: Db, id: string, message: string) {
  await db.$executeRaw`UPDATE "Job" SET log = log || ${JSON.stringify([line(message)])}::jsonb WHERE id = ${id}`;
}

export async function finishJob(
  db: Db,
  id: string,
  worker: string,
  status: Extract<JobStatus, "DONE" | "FAILED" | "CANCELLED">,
  fields: { result?: unknown; error?: string; message: string },
) {
  await db.$executeRaw`
    UPDATE "Job" SET status = ${status}::"JobStatus", result = ${fields.result === undefined ? null : JSON.stringify(fields.result)}::jsonb,
      error = ${fields.error?.slice(0, 4000) ?? null}, "finishedAt" = now(), log = log || ${JSON.stringify([line(fields.message)])}::jsonb
    WHERE id = ${id} AND worker = ${worker}`;
}

/** After an unexpected error: back to the queue while tries remain (true), else FAILED with the reason. */
export async function retryOrFail(db: Db, id: string, worker: string, reason: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ status: JobStatus }[]>`
    UPDATE "Job" SET status = CASE WHEN attempts < ${MAX_ATTEMPTS} THEN 'QUEUED'::"JobStatus" ELSE 'FAILED'::"JobStatus" END,
      error = CASE WHEN attempts < ${MAX_ATTEMPTS} THEN NULL ELSE ${reason.slice(0, 4000)} END,
      "finishedAt" = CASE WHEN attempts < ${MAX_ATTEMPTS} THEN NULL ELSE now() END,
      log = log || jsonb_build_array(jsonb_build_object('at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'message',
        'attempt ' || attempts || ' failed: ' || ${reason.slice(0, 1000)} || CASE WHEN attempts < ${MAX_ATTEMPTS} THEN '; retrying' ELSE '; no tries left' END))
    WHERE id = ${id} AND worker = ${worker} RETURNING status`;
  return rows[0]?.status === "QUEUED";
}

/**
 * Jobs whose worker stopped beating (killed, machine lost): back to QUEUED while tries remain, else FAILED. Each
 * row is reclaimed by one caller only (the UPDATE decides); the caller then tells the queue.
 */
export async function reclaimStale(
  db: Db,
  staleSeconds = STALE_SECONDS,
): Promise<{ id: string; kind: JobKind; retry: boolean }[]> {
  const rows = await db.$queryRaw<{ id: string; kind: JobKind; status: JobStatus }[]>`
    UPDATE "Job" SET status = CASE WHEN attempts < ${MAX_ATTEMPTS} THEN 'QUEUED'::"JobStatus" ELSE 'FAILED'::"JobStatus" END,
      error = CASE WHEN attempts < ${MAX_ATTEMPTS} THEN NULL ELSE 'The worker running it stopped (' || attempts || ' tries). Start it again.' END,
      "finishedAt" = CASE WHEN attempts < ${MAX_ATTEMPTS} THEN NULL ELSE now() END,
      log = log || jsonb_build_array(jsonb_build_object('at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'message',
        'the worker ' || coalesce(worker, '?') || ' stopped answering during attempt ' || attempts || CASE WHEN attempts < ${MAX_ATTEMPTS} THEN '; retrying' ELSE '; no tries left' END))
    WHERE status = 'RUNNING' AND "heartbeatAt" < now() - make_interval(secs => ${staleSeconds})
    RETURNING id, kind, status`;
  return rows.map((r) => ({ id: r.id, kind: r.kind, retry: r.status === "QUEUED" }));
}

/** Asks a job to stop: a queued one is cancelled at once, a running one at its next heartbeat. */
export async function requestCancel(db: Db, id: string, actorId: string) {
  const job = await db.job.findUnique({ where: { id } });
  if (!job) throw new AppError("not_found", "There is no such job.");
  if (job.status !== "QUEUED" && job.status !== "RUNNING")
    throw new AppError(
      "conflict",
      `The job has already ${job.status === "DONE" ? "finished" : job.status === "FAILED" ? "failed" : "been cancelled"}.`,
    );
  await db.$executeRaw`
    UPDATE "Job" SET "cancelRequested" = true,
      status = CASE WHEN status = 'QUEUED' THEN 'CANCELLED'::"JobStatus" ELSE status END,
      "finishedAt" = CASE WHEN status = 'QUEUED' THEN now() ELSE "finishedAt" END,
      log = log || ${JSON.stringify([line("cancel requested")])}::jsonb
    WHERE id = ${id} AND status IN ('QUEUED', 'RUNNING')`;
  // A queued import never runs: its upload goes now (a running one drops it as it stops).
  await db.$executeRaw`DELETE FROM "StoredFile" f USING "Job" j WHERE f."jobId" = j.id AND j.id = ${id} AND f.purpose = 'upload' AND j.status = 'CANCELLED'`;
  await db.auditEvent.create({
    data: { actorId, action: "job.cancel", targetType: "Job", targetId: id, data: { kind: job.kind } },
  });
  return job.kind as JobKind;
}

/** What a job's heartbeat reports (lib/platform/worker/handlers): a share done, an import's plans read and speed, an export's rows. */
export interface JobProgress {
  share?: number;
  plansRead?: number;
  plansPerSecond?: number;
  rows?: number;
  secondsLeft?: number | null;
}

const LIST_FIELDS = {
  id: true,
  kind: true,
  title: true,
  status: true,
  progress: true,
  error: true,
  attempts: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  result: true,
  createdBy: { select: { name: true } },
} as const;

export async function listJobs(db: Db, opts: { take?: number; before?: Date; kind?: JobKind } = {}) {
  const rows = await db.job.findMany({
    where: { ...(opts.kind ? { kind: opts.kind } : {}), ...(opts.before ? { createdAt: { lt: opts.before } } : {}) },
    orderBy: { createdAt: "desc" },
    take: opts.take ?? 20,
    select: LIST_FIELDS,
  });
  return rows.map(({ createdBy, ...j }) => ({
    ...j,
    progress: j.progress as JobProgress | null,
    createdBy: createdBy?.name ?? null,
  }));
}

export async function getJob(db: Db, id: string) {
  const job = await db.job.findUnique({
    where: { id },
    select: { ...LIST_FIELDS, input: true, log: true, worker: true },
  });
  if (!job) return null;
  const { createdBy, ...rest } = job;
  return {
    ...rest,
    progress: rest.progress as JobProgress | null,
    createdBy: createdBy?.name ?? null,
    log: job.log as unknown as LogLine[],
  };
}
