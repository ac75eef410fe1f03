/**
 * The judgments as battles for the leaderboard, read from one snapshot through a cursor and grouped by
 * the database (one row per pair, verdict and side), so memory does not grow with the judgments.
 */
import { BattleSetBuilder, LEFT_A, LEFT_B, type BattleSet, type PlanStyle } from "../leaderboard/battles";
import { planStyle } from "../leaderboard/style";
import { leaderboard } from "../leaderboard/leaderboard";
import { itinerarySchema } from "../itinerary/model";
import { poolOf, type Db } from "./client";
import { cursorRows, fromSnapshot } from "./cursor";

export interface BattleFilters {
  datasetId?: string | null;
  destinationId?: string | null;
  /** Trip length in days. */
  days?: number | null;
  /** Only pairs whose two plans pass both gates (format and commonsense). */
  bothGates?: boolean;
}

const OUTCOME = { A: 0, B: 1, NEITHER: 2 } as const;
/** One row of the grouped battles: a pair's judgments with one verdict, seen with one side on the left. */
type BattleRow = {
  queryId: string;
  planAId: string;
  planBId: string;
  modelA: string;
  modelB: string;
  verdict: keyof typeof OUTCOME;
  leftIsA: boolean;
  n: number;
};
const PASSES = (alias: string) =>
  `coalesce((${alias}.features->>'format')::int = 1 AND (${alias}.features->>'commonsense')::int = 1, false)`;

export async function leaderboardBattles(
  db: Db,
  f: BattleFilters,
  opts: { style?: boolean } = {},
): Promise<{ set: BattleSet; selfBattles: number }> {
  const builder = new BattleSetBuilder(Boolean(opts.style));
  const styles = new Map<string, PlanStyle>();
  const rows = fromSnapshot(db, (client) =>
    cursorRows<BattleRow>(
      client,
      `SELECT p."queryId", p."planAId", p."planBId", pa.model AS "modelA", pb.model AS "modelB", j.verdict, a."leftPlanId" = p."planAId" AS "leftIsA", count(*)::int AS n
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId" JOIN "Query" q ON q.id = p."queryId"
       WHERE ($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2) AND ($3::int IS NULL OR q.days = $3)
         AND (NOT $4::boolean OR (${PASSES("pa")} AND ${PASSES("pb")}))
       GROUP BY p.id, pa.model, pb.model, j.verdict, "leftIsA"`,
      [f.datasetId ?? null, f.destinationId ?? null, f.days ?? null, f.bothGates ?? false],
    ),
  );
  const pending: BattleRow[] = [];
  for await (const r of rows) {
    // Style needs both plans' covariates: rows wait until their plans are read, a batch at a time.
    if (opts.style) {
      pending.push(r);
      if (pending.length >= 2000) await flush();
    } else builder.add(r.modelA, r.modelB, OUTCOME[r.verdict], r.queryId, r.leftIsA ? LEFT_A : LEFT_B, r.n);
  }
  if (opts.style) await flush();
  return { set: builder.build(), selfBattles: builder.selfBattles };

  async function flush() {
    const missing = [...new Set(pending.flatMap((r) => [r.planAId, r.planBId]))].filter((id) => !styles.has(id));
    if (missing.length) {
      const { rows: plans } = await poolOf(db).query<{ id: string; itinerary: unknown }>(
        `SELECT id, itinerary FROM "Plan" WHERE id = ANY($1::text[])`,
        [missing],
      );
      for (const p of plans) styles.set(p.id, planStyle(itinerarySchema.parse(p.itinerary)));
    }
    for (const r of pending)
      builder.add(
        r.modelA,
        r.modelB,
        OUTCOME[r.verdict],
        r.queryId,
        r.leftIsA ? LEFT_A : LEFT_B,
        r.n,
        styles.get(r.planAId),
        styles.get(r.planBId),
      );
    pending.length = 0;
  }
}

/** The trip lengths (days) of requests that have judgments, for the leaderboard's filter. */
export async function judgedTripLengths(db: Db): Promise<number[]> {
  const { rows } = await poolOf(db).query<{ days: number }>(
    `SELECT DISTINCT q.days FROM "Query" q WHERE EXISTS (SELECT 1 FROM "Pair" p WHERE p."queryId" = q.id AND p."submittedCount" > 0) ORDER BY q.days`,
  );
  return rows.map((r) => r.days);
}

/** The leaderboard the admin page shows: ratings, win table, left-side wins, style control when asked. */
export async function leaderboardReport(
  db: Db,
  f: BattleFilters,
  opts: { style: boolean; bootstrap: number; seed: number },
) {
  const [{ set, selfBattles }, tripLengths] = await Promise.all([
    leaderboardBattles(db, f, { style: opts.style }),
    judgedTripLengths(db),
  ]);
  const report = set.size ? leaderboard(set, { bootstrap: opts.bootstrap, seed: opts.seed, style: opts.style }) : null;
  return { report, selfBattles, tripLengths, filters: f };
}
