/**
 * The review queue's judgments (ReviewPending, decision 021): the sample's judgments nobody accepted, kept so that the
 * queue reads the oldest of them by index instead of walking every judgment past the reviewed ones (at a million
 * judgments with 50,000 accepted, that walk took seconds). Filled here, by the queue, with the judgments made since
 * it last looked; emptied by a change of the sample (lib/review/store/settings.ts); an accept takes its judgment out
 * (actions.ts); a rejected or removed judgment leaves with its row (ON DELETE CASCADE).
 */
import type pg from "pg";
import { inTransaction, type Db } from "../../platform/db";
import { getReviewSettings, PENDING_MARK } from "./settings";
/**
 * How far before the mark a fill reads again: a judgment's time is its transaction's start, so one that committed
 * after the last fill may carry an earlier time. A submit's transaction lasts milliseconds; a minute is ample.
 */
const OVERLAP = "1 minute";

/**
 * Adds the sample's judgments made since the last fill (all of them the first time), one filler at a time. Those
 * accepted meanwhile are left out; a judgment already there stays as it is.
 */
export async function fillPending(db: Db): Promise<void> {
  const s = await getReviewSettings(db);
  await inTransaction(db, async (client) => {
    // Two reviewers asking at once: the second waits and then finds little to add.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('tj_review_pending'))`);
    await insertSince(client, s.share, s.datasets, s.experts);
    await client.query(
      `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, jsonb_build_object('filledTo', now()), now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
      [PENDING_MARK],
    );
  });
}

async function insertSince(client: pg.PoolClient, share: number, datasets: Record<string, number>, experts: string[]) {
  await client.query(
    `INSERT INTO "ReviewPending" ("judgmentId", "createdAt", "destinationId", "userId")
     SELECT j.id, j."createdAt", q."destinationId", j."userId"
       FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
      WHERE j."createdAt" > coalesce(
              (SELECT (value ->> 'filledTo')::timestamptz FROM "Setting" WHERE key = $4) - interval '${OVERLAP}',
              '-infinity')
        AND (j."userId" = ANY($3::text[]) OR tj_review_draw(j.id) < coalesce(($2::jsonb ->> q."datasetId")::float8, $1))
        AND NOT EXISTS (SELECT 1 FROM "JudgmentReview" r WHERE r."judgmentId" = j.id AND r.action = 'ACCEPT')
     ON CONFLICT ("judgmentId") DO NOTHING`,
    [share, JSON.stringify(datasets), experts, PENDING_MARK],
  );
}
