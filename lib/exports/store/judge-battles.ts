/**
 * An uploaded judge's battles (`tripjudge export battles --judge NAME`, `judge=NAME`): its verdicts (JudgeVerdict) as
 * FastChat battles, one a pair, under the pair's id, which is what `tripjudge leaderboard --judge-battles` matches
 * to the experts' battles of the same pair (docs/prediction-powered.md). Pages by pair, as the other exports read.
 */
import { keysetRows, type Db } from "../../platform/db";
import type { BattleRecord, ExportFilters } from "../records";
import { splitFor, type SplitRule } from "./split-rule";

/**
 * One battle per pair the judge judged in scope (a planner against itself left out, as for the experts). Several
 * verdicts on a pair (runs, both orders) are one battle, since the command line takes one verdict a battle: the side
 * more of them chose, a tie when as many chose each (Neither counts for neither side) — the rounding of their average
 * outcome, which the Leaderboard page weighs 1/m each instead; with one verdict a pair the two agree exactly.
 * `submitted_at` is the upload's time (the newest, for a pair judged in several uploads); `left` null (no screen);
 * `label_confidence` how sure the judge said it was of the winner (winnerConfidence).
 */
export async function* judgeVerdictBattles(
  db: Db,
  f: ExportFilters,
  judge: string,
  splits: SplitRule,
): AsyncGenerator<BattleRecord> {
  const rows = keysetRows<{
    pairId: string;
    modelA: string;
    modelB: string;
    queryId: string;
    destination: string;
    split: string | null;
    a: number;
    b: number;
    uploadedAt: Date;
    pA: number | null;
    pB: number | null;
    samplesA: number;
    samplesB: number;
    samples: number;
  }>(
    db,
    `SELECT p.id AS "pairId", pa.model AS "modelA", pb.model AS "modelB", p."queryId", d.name AS destination, q.split,
            count(*) FILTER (WHERE v.verdict = 'A')::int AS a, count(*) FILTER (WHERE v.verdict = 'B')::int AS b,
            max(i."createdAt") AS "uploadedAt", avg(v."pA") AS "pA", avg(v."pB") AS "pB",
            coalesce(sum((SELECT count(*) FROM unnest(v.samples) s WHERE s = 'A')), 0)::int AS "samplesA",
            coalesce(sum((SELECT count(*) FROM unnest(v.samples) s WHERE s = 'B')), 0)::int AS "samplesB",
            coalesce(sum(cardinality(v.samples)), 0)::int AS samples
       FROM "JudgeVerdict" v JOIN "JudgeImport" i ON i.id = v."importId" JOIN "Pair" p ON p.id = v."pairId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
      WHERE v.judge = $1 AND pa.model <> pb.model
        AND ($2::text IS NULL OR q."datasetId" = $2) AND ($3::text IS NULL OR q."destinationId" = $3)
        AND p.id > $4
      GROUP BY p.id, pa.model, pb.model, d.name, q.split
      ORDER BY p.id LIMIT $5`,
    [judge, f.datasetId ?? null, f.destinationId ?? null],
    (r) => [r.pairId],
    [""],
  );
  for await (const r of rows) {
    const winner = r.a > r.b ? "model_a" : r.b > r.a ? "model_b" : "tie";
    yield {
      id: r.pairId,
      model_a: r.modelA,
      model_b: r.modelB,
      winner,
      query_id: r.queryId,
      pair_id: r.pairId,
      destination: r.destination,
      judge,
      left: null,
      submitted_at: r.uploadedAt.toISOString(),
      split: splitFor(r.queryId, r.split, splits),
      // A judge's battle; no escalation decided it, so no threshold.
      label_source: "judge",
      label_judge: judge,
      label_threshold: null,
      label_confidence: winnerConfidence(winner, r),
    };
  }
}

/**
 * How sure the judge said it was of the battle's winner: its mean probability of that side over the pair's verdicts
 * that gave probabilities, else the share of its repeated runs' samples on that side; null for a tie (the verdicts
 * split or said Neither) or when the verdicts say nothing of how sure they are.
 */
export function winnerConfidence(
  winner: "model_a" | "model_b" | "tie",
  r: { pA: number | null; pB: number | null; samplesA: number; samplesB: number; samples: number },
): number | null {
  if (winner === "tie") return null;
  const p = winner === "model_a" ? r.pA : r.pB;
  if (p !== null) return Number(p);
  if (r.samples > 0) return (winner === "model_a" ? r.samplesA : r.samplesB) / r.samples;
  return null;
}
