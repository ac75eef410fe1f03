/**
 * The job queue: pg-boss 10 on the app's own PostgreSQL (schema "pgboss"). Chosen over graphile-worker because
 * it can cancel a job, lets a job be inserted in the caller's transaction (a job and its uploaded files appear
 * together or not at all), retries with a limit, and runs on Node 20 (pg-boss 11+ and graphile-worker 0.17+
 * need Node 22). Which worker runs a job, once, is pg-boss's decision (SELECT … FOR UPDATE SKIP LOCKED).
 */
import { processCache } from "../../kernel";
import { randomUUID } from "node:crypto";
import type pg from "pg";
import PgBoss from "pg-boss";
import { insertJob, JOB_KINDS, MAX_ATTEMPTS, type JobKind } from "../db/jobs";

const queues = processCache("job-queues", () => new Map<string, Promise<PgBoss>>());

/** pg-boss for a database, started once per process. `supervise`: run its maintenance (workers do; the web app need not). */
export function queueFor(url: string, opts: { supervise?: boolean } = {}): Promise<PgBoss> {
  const key = `${url}|${opts.supervise ? 1 : 0}`;
  let boss = queues.get(key);
  if (!boss) {
    boss = (async () => {
      const b = new PgBoss({
        connectionString: url,
        schema: "pgboss",
        supervise: !!opts.supervise,
        schedule: false,
        max: 4,
      });
      b.on("error", (e: Error) => console.error(`job queue: ${e.message}`));
      await b.start();
      for (const kind of JOB_KINDS) if (!(await b.getQueue(kind))) await b.createQueue(kind).catch(() => {});
      if (!(await b.getQueue(PRIORITIES_QUEUE)))
        await b.createQueue(PRIORITIES_QUEUE, { name: PRIORITIES_QUEUE, policy: "stately" }).catch(() => {});
      return b;
    })();
    boss.catch(() => queues.delete(key));
    queues.set(key, boss);
  }
  return boss;
}

export async function stopQueues() {
  for (const [key, boss] of queues) {
    queues.delete(key);
    await (await boss.catch(() => null))?.stop({ graceful: true, timeout: 5000 }).catch(() => {});
  }
}

/**
 * Creates a job in one transaction with whatever it needs (`prepare`: e.g. the uploaded files): the Job row,
 * the prepared rows and the queue's entry commit together, so a worker never sees a job without its input.
 */
export async function enqueue(
  pool: pg.Pool,
  boss: PgBoss,
  job: { kind: JobKind; title: string; input: unknown; createdById: string | null },
  prepare?: (client: pg.PoolClient, jobId: string) => Promise<void>,
): Promise<string> {
  const id = randomUUID();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await insertJob(client, { id, ...job });
    if (prepare) await prepare(client, id);
    await boss.send(job.kind, { jobId: id }, {
      id,
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: 1,
      expireInHours: 12,
      db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
    } as PgBoss.SendOptions);
    await client.query("COMMIT");
    return id;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/**
 * The queue of serving-priority recomputes (decision 020): worker-internal work with no Job row. "stately" with the
 * dataset as key: one recompute waits and one runs per dataset, so asking again while one waits adds nothing.
 */
export const PRIORITIES_QUEUE = "serving-priorities";

/** Asks a worker to recompute a dataset's serving priorities (lib/judging/store/priorities.ts). */
export async function requestPriorities(boss: PgBoss, datasetId: string): Promise<void> {
  await boss.send(
    PRIORITIES_QUEUE,
    { datasetId },
    { singletonKey: datasetId, retryLimit: 2, retryDelay: 5, expireInMinutes: 15 },
  );
}
