/**
 * Judgments still needed (lib/results/leaderboard/needed.ts) from the database: the experts' battles in scope, the
 * pairs waiting for experts (OPEN, judgments short of requiredRaters) in the claim's order, and the dataset's
 * serving order ("imported" when no dataset is chosen); projected in the half-widths of the leaderboard's table
 * (its bootstrap with the page's replicates and seed).
 */
import {
  projectNeededForTable,
  SERVING_ORDERS,
  type ServingOrder,
  type TableProjection,
  type WaitingPair,
} from "../leaderboard";
import { poolOf, type Db, pairRanges } from "../../platform/db";
import { beforeLongStep, NO_PROGRESS, type ReportProgress } from "../../platform";
import { leaderboardBattles, type BattleFilters } from "./leaderboard";
import { SCOPE, scopeValues } from "./scope";

/** The claim's queue order (the judging settings' queueOrder): closest to completion first, or oldest first. */
export type QueueOrder = "completion" | "oldest";

type WaitingRow = WaitingPair & {
  priority: number;
  submitted: number;
  claimed: number;
  createdAt: Date;
  id: string;
};

/**
 * The pairs waiting for experts in scope, in the order tj_claim serves them (prisma/functions/tj_claim.sql): priority
 * first, then (completion first) the most judgments and claims, then the oldest. Read a range of pairs at a time
 * and sorted here (decision 017: no statement over every pair).
 */
export async function waitingPairs(db: Db, f: BattleFilters, queueOrder: QueueOrder): Promise<WaitingPair[]> {
  const rows: WaitingRow[] = [];
  for await (const { after, upTo } of pairRanges(db, "TRUE")) {
    const { rows: range } = await poolOf(db).query<WaitingRow>(
      `SELECT p.id, pa.model AS "modelA", pb.model AS "modelB", (p."requiredRaters" - p."submittedCount")::int AS judgments,
              p.priority, p."submittedCount" AS submitted, p."claimedCount" AS claimed, p."createdAt"
         FROM "Pair" p JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId" JOIN "Query" q ON q.id = p."queryId"
        WHERE p.status = 'OPEN' AND p."submittedCount" < p."requiredRaters" AND ${SCOPE} AND p.id > $5 AND p.id <= $6`,
      [...scopeValues(f), after, upTo],
    );
    rows.push(...range);
  }
  const completion = queueOrder === "completion";
  rows.sort(
    (x, y) =>
      y.priority - x.priority ||
      (completion ? y.submitted - x.submitted || y.claimed - x.claimed : 0) ||
      x.createdAt.getTime() - y.createdAt.getTime() ||
      (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  );
  return rows.map(({ modelA, modelB, judgments }) => ({ modelA, modelB, judgments }));
}

/** A dataset's serving order (Dataset.servingOrder); "imported" for every dataset at once. */
export async function servingOrderOf(db: Db, datasetId: string | null): Promise<ServingOrder> {
  if (!datasetId) return "imported";
  const { rows } = await poolOf(db).query<{ servingOrder: string }>(
    `SELECT "servingOrder" FROM "Dataset" WHERE id = $1`,
    [datasetId],
  );
  const order = rows[0]?.servingOrder;
  return (SERVING_ORDERS as readonly string[]).includes(order) ? (order as ServingOrder) : "imported";
}

export interface JudgmentsNeeded extends TableProjection {
  /** Whose serving order: the dataset's, or none (every dataset: as imported). */
  datasetId: string | null;
}

/**
 * How many more expert judgments the serving order needs until the widest 95 % half-width the leaderboard's table
 * shows (with `bootstrap` replicates and `seed`, as the page asks it) is under `target`.
 */
export async function judgmentsNeeded(
  db: Db,
  f: BattleFilters,
  opts: { target: number; queueOrder: QueueOrder; bootstrap: number; seed: number },
  progress: ReportProgress = NO_PROGRESS,
): Promise<JudgmentsNeeded> {
  progress("reading the battles and the pairs waiting");
  const [{ set }, waiting, order] = await Promise.all([
    leaderboardBattles(db, f),
    waitingPairs(db, f, opts.queueOrder),
    servingOrderOf(db, f.datasetId ?? null),
  ]);
  progress(
    `${opts.bootstrap.toLocaleString("en-US")} bootstrap replicates, then the ${order} order over ${waiting.length.toLocaleString("en-US")} pairs waiting`,
  );
  await beforeLongStep();
  return {
    ...projectNeededForTable(set, waiting, { order, target: opts.target, bootstrap: opts.bootstrap, seed: opts.seed }),
    datasetId: f.datasetId ?? null,
  };
}
