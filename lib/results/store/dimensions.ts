/**
 * Humans against the reward, dimension by dimension, for one dataset that asks dimensions: one pass over its
 * complete pairs through a cursor (each pair's plans' features and its judgments' answers), feeding the streaming
 * accumulators of lib/results/dimensions/ — the experts' majority against the signal difference per dimension, and the
 * overall verdict on the dimension answers (which dimensions drive it). Runs in an admin process (decision 017).
 */
import { dimensionSummary } from "../dimensions/summary";
import {
  DriversAccumulator,
  HumansVsRewardAccumulator,
  dimensionDifferences,
  signalsOf,
  type Dimension,
  type DimensionAnswers,
  type DimensionDrivers,
  type DimensionVsReward,
  type DriversFailure,
} from "../dimensions";
import type { PlanFeatures } from "../features";
import { AppError } from "../../kernel";
import { keysetRows, poolOf, type Db } from "../../platform/db";
import { currentWeights } from "./fits";
import { type Verdict } from "../../judging/verdict";

/** Bootstrap replicates of the page's intervals: each costs a pass over the compared pairs of every dimension. */
export const DIMENSION_REPORT_REPLICATES = 200;

export interface DimensionReport {
  dataset: { id: string; name: string };
  dimensions: Pick<Dimension, "key" | "name" | "signal">[];
  pairs: number;
  humansVsReward: DimensionVsReward[];
  drivers: DimensionDrivers | DriversFailure;
}

/** Datasets that ask dimensions, for the page's choice. */
export async function datasetsWithDimensions(db: Db): Promise<{ id: string; name: string }[]> {
  const { rows } = await poolOf(db).query<{ id: string; name: string }>(
    `SELECT id, name FROM "Dataset" WHERE jsonb_typeof(dimensions) = 'array' AND jsonb_array_length(dimensions) > 0 ORDER BY "createdAt" DESC`,
  );
  return rows;
}

export async function dimensionReport(db: Db, datasetId: string, seed = 1): Promise<DimensionReport> {
  const ds = await db.dataset.findUnique({
    where: { id: datasetId },
    select: { id: true, name: true, dimensions: true },
  });
  if (!ds) throw new AppError("not_found", "No such dataset.");
  const dims = (ds.dimensions as Dimension[] | null) ?? [];
  if (!dims.length) throw new AppError("not_found", "This dataset asks no per-dimension verdicts.");
  const { weights } = await currentWeights(db);
  const compared = dims.filter((d) => d.signal);
  const vsReward = new HumansVsRewardAccumulator({
    keys: compared.map((d) => d.key),
    replicates: DIMENSION_REPORT_REPLICATES,
    seed,
  });
  const drivers = new DriversAccumulator(dims.map((d) => d.key));
  let pairs = 0;
  type Row = {
    pairId: string;
    queryId: string;
    featuresA: (PlanFeatures & { violations?: string[] }) | null;
    featuresB: (PlanFeatures & { violations?: string[] }) | null;
    judgments: { v: Verdict; d: DimensionAnswers | null }[] | null;
  };
  const rows = keysetRows<Row>(
    db,
    `SELECT p.id AS "pairId", p."queryId", pa.features AS "featuresA", pb.features AS "featuresB",
              (SELECT json_agg(json_build_object('v', j.verdict, 'd', j.dimensions) ORDER BY a.slot, j.id)
                 FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" WHERE j."pairId" = p.id) AS judgments
         FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
        WHERE q."datasetId" = $1 AND p.status = 'COMPLETE' AND p.id > $2
        ORDER BY p.id LIMIT $3`,
    [datasetId],
    (r) => [r.pairId],
    [""],
  );
  const signals = (f: Row["featuresA"]) => f && signalsOf(f, weights, { violations: f.violations });
  for await (const r of rows) {
    pairs++;
    const js = r.judgments ?? [];
    for (const j of js) if (j.d) drivers.add({ queryId: r.queryId, verdict: j.v, dimensions: j.d });
    if (!compared.length) continue;
    const summary = dimensionSummary(js.map((j) => j.d));
    const a = signals(r.featuresA);
    const b = signals(r.featuresB);
    const diff = a && b ? dimensionDifferences(compared, a, b) : {};
    vsReward.add({
      pairId: r.pairId,
      queryId: r.queryId,
      dimensions: Object.fromEntries(
        compared.map((d) => [
          d.key,
          { majority: summary?.dimension_majority[d.key] ?? null, difference: diff[d.key] ?? null },
        ]),
      ),
    });
  }
  return {
    dataset: { id: ds.id, name: ds.name },
    dimensions: dims.map((d) => ({ key: d.key, name: d.name, signal: d.signal })),
    pairs,
    humansVsReward: compared.length ? vsReward.result() : [],
    drivers: drivers.result({ replicates: DIMENSION_REPORT_REPLICATES, seed }),
  };
}
