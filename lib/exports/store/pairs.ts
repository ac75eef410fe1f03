/**
 * The pairs export: every pair of the experts' queue (gold pairs live apart, in GoldPair, and are not among them) with
 * its state, its query and both plans as published, read in pages by key like the other pair-level exports (no
 * snapshot held while experts judge; memory: one page). What an admin runs their own judge on; its verdicts come back
 * keyed by `pair_id` (docs/escalation.md, "Run your own judge"). The card's counts come from the same conditions.
 */
import { keysetRows, poolOf, type Db } from "../../platform/db";
import type { ExportFilters, PairRecord, PairRecordStatus } from "../records";
import { pairFilterOf } from "./pair-filter";
import { publishedPlanText } from "./plan-text";

/** A pair's state: OPEN split by whether an expert has claimed or judged it (the counters tj_claim and tj_submit keep). */
const STATUS = `CASE WHEN p.status = 'COMPLETE' THEN 'complete' WHEN p.status = 'DECIDED' THEN 'decided'
                     WHEN p."claimedCount" > 0 OR p."submittedCount" > 0 THEN 'in_progress' ELSE 'open' END`;

/**
 * The pairs the filters select ($1 dataset, $2 destination, $3 status, $4 planner), on `p` with its query `q` and
 * plans `pa`, `pb`. `waiting` is every OPEN pair: open or in progress, still the experts' to judge.
 */
const SCOPE = `($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
  AND ($3::text IS NULL OR CASE $3 WHEN 'waiting' THEN p.status = 'OPEN' ELSE ${STATUS} = $3 END)
  AND ($4::text IS NULL OR pa.model = $4 OR pb.model = $4)`;
const FROM = `FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" ds ON ds.id = q."datasetId"
  JOIN "Destination" d ON d.id = q."destinationId" JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"`;
/** The filters' values, and the pair browser's filter (`pair_filter`) as a condition on `p` whose values follow them. */
async function scoped(db: Db, f: ExportFilters): Promise<{ where: string; values: unknown[] }> {
  const values: unknown[] = [f.datasetId ?? null, f.destinationId ?? null, f.pairStatus ?? null, f.planner ?? null];
  const browsed = await pairFilterOf(db, f, values);
  return { where: `${SCOPE} AND ${browsed}`, values };
}

/** Every pair the filters select, in key order, a page at a time. */
export async function* pairRecords(db: Db, f: ExportFilters = {}): AsyncGenerator<PairRecord> {
  const { where, values } = await scoped(db, f);
  const rows = keysetRows<PairRecord>(
    db,
    `SELECT p.id AS pair_id, ds.id AS dataset_id, ds.name AS dataset, d.name AS destination, ${STATUS} AS status,
            p."submittedCount" AS judgments, p."requiredRaters" AS required_raters,
            CASE WHEN p."escalationCalibration" THEN 'calibration'
                 WHEN EXISTS (SELECT 1 FROM "JudgeDecision" x WHERE x."pairId" = p.id AND x.audit) THEN 'audit' END AS escalation,
            EXISTS (SELECT 1 FROM "Correction" c WHERE c."verificationPairId" = p.id) AS verification,
            q.id AS query_id, q.text AS query_text,
            pa.id AS plan_a, pa.model AS plan_a_planner, ${publishedPlanText("pa")} AS plan_a_text,
            pb.id AS plan_b, pb.model AS plan_b_planner, ${publishedPlanText("pb")} AS plan_b_text
       ${FROM}
      WHERE ${where} AND p.id > $${values.length + 1}
      ORDER BY p.id LIMIT $${values.length + 2}`,
    values,
    (r) => [r.pair_id],
    [""],
  );
  // The driver's rows are the records, their keys in the record's order.
  yield* rows;
}

/** How many pairs the export writes. */
export async function pairCount(db: Db, f: ExportFilters = {}): Promise<number> {
  const { where, values } = await scoped(db, f);
  const { rows } = await poolOf(db).query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${where}`, values);
  return rows[0].n;
}

/** The pairs card's own part: the records by state, and the gold pairs in the same dataset and destination, left out. */
export interface PairsCard {
  statuses: Record<PairRecordStatus, number>;
  left_out: { gold_pairs: number };
}

export async function pairsCard(db: Db, f: ExportFilters = {}): Promise<PairsCard> {
  const { where, values } = await scoped(db, f);
  const [states, gold] = await Promise.all([
    poolOf(db).query<{ status: PairRecordStatus; n: number }>(
      `SELECT ${STATUS} AS status, count(*)::int AS n ${FROM} WHERE ${where} GROUP BY 1`,
      values,
    ),
    poolOf(db).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "GoldPair" g
        WHERE ($1::text IS NULL OR g."datasetId" = $1) AND ($2::text IS NULL OR g."destinationId" = $2)`,
      values.slice(0, 2),
    ),
  ]);
  const statuses = { open: 0, in_progress: 0, complete: 0, decided: 0 };
  for (const r of states.rows) statuses[r.status] = r.n;
  return { statuses, left_out: { gold_pairs: gold.rows[0].n } };
}
