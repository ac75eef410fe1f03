/**
 * The judgments as battles for the leaderboard, grouped by the database (one row per pair, verdict and side), read a
 * range of pairs at a time in short statements, so memory does not grow with the judgments and no snapshot stays
 * open while the admin process reads (decision 017).
 */
import {
  BattleSetBuilder,
  leaderboard,
  LEFT_A,
  LEFT_B,
  signedPreferenceTable,
  type BattleSet,
  type PlanStyle,
  type SignedPreferenceRow,
} from "../leaderboard";
import { poolOf, type Db, pairRanges } from "../../platform/db";
import { beforeLongStep, NO_PROGRESS, type ReportProgress } from "../../platform";
import { readPlanStyles } from "./plan-styles";
import { judgesInScope, predictionPoweredReport } from "./prediction-powered";
import { SCOPE, scopeValues } from "./scope";

export interface BattleFilters {
  datasetId?: string | null;
  destinationId?: string | null;
  /** Trip length in days. */
  days?: number | null;
  /** Only pairs whose two plans pass both gates (format and commonsense). */
  bothGates?: boolean;
  /**
   * Battles from this dimension's verdicts instead of the overall one ("about the same" a tie; judgments that found
   * it not applicable, or that carry no such dimension, left out).
   */
  dimension?: string | null;
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
/** The overall verdict, or with a dimension ($5) that dimension's answer ("about the same" as Neither: a tie). */
const VERDICT = `CASE WHEN $5::text IS NULL THEN j.verdict::text
              ELSE CASE j.dimensions -> $5 ->> 'v' WHEN 'SAME' THEN 'NEITHER' ELSE j.dimensions -> $5 ->> 'v' END END`;
/** The scope's values, then the dimension ($5). */
const battleValues = (f: BattleFilters) => [...scopeValues(f), f.dimension ?? null];

export async function leaderboardBattles(
  db: Db,
  f: BattleFilters,
  opts: { style?: boolean; rangeSize?: number } = {},
): Promise<{ set: BattleSet; selfBattles: number }> {
  const builder = new BattleSetBuilder(Boolean(opts.style));
  const pending: BattleRow[] = [];
  const styles = new Map<string, PlanStyle>();
  // A range of pairs at a time, each one short statement (no snapshot held across the read: decision 017). The range
  // is given on the judgments too: PostgreSQL does not carry it across the join, and without it each range's
  // statement read every judgment (a scan of the table per range).
  for await (const { after, upTo } of pairRanges(db, "TRUE", opts.rangeSize)) {
    const { rows } = await poolOf(db).query<BattleRow>(
      `SELECT p."queryId", p."planAId", p."planBId", pa.model AS "modelA", pb.model AS "modelB", ${VERDICT} AS verdict, a."leftPlanId" = p."planAId" AS "leftIsA", count(*)::int AS n
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId" JOIN "Query" q ON q.id = p."queryId"
       WHERE ${SCOPE} AND ($5::text IS NULL OR j.dimensions -> $5 ->> 'v' IN ('A', 'B', 'SAME')) AND p.id > $6 AND p.id <= $7
         AND j."pairId" > $6 AND j."pairId" <= $7
       GROUP BY p.id, pa.model, pb.model, 6, "leftIsA"
       ORDER BY p.id, 6, "leftIsA"`,
      [...battleValues(f), after, upTo],
    );
    for (const r of rows) {
      // Style needs both plans' covariates: rows wait until their plans are read, a batch at a time.
      if (opts.style) {
        pending.push(r);
        if (pending.length >= 2000) await flush();
      } else builder.add(r.modelA, r.modelB, OUTCOME[r.verdict], r.queryId, r.leftIsA ? LEFT_A : LEFT_B, r.n);
    }
  }
  if (opts.style) await flush();
  return { set: builder.build(), selfBattles: builder.selfBattles };

  async function flush() {
    await readPlanStyles(
      db,
      pending.flatMap((r) => [r.planAId, r.planBId]),
      styles,
    );
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
    // The covariates kept are bounded: a plan met again after this is read again (its stored column, cheap), where
    // keeping every plan's grew with the data (~100 MiB of the heap at a million judgments).
    if (styles.size > STYLES_KEPT) styles.clear();
  }
}

/** Plans' covariates kept between batches of battles, at most. */
const STYLES_KEPT = 20_000;

/** The trip lengths (days) of requests that have judgments, for the leaderboard's filter. */
export async function judgedTripLengths(db: Db): Promise<number[]> {
  const { rows } = await poolOf(db).query<{ days: number }>(
    `SELECT DISTINCT q.days FROM "Query" q WHERE EXISTS (SELECT 1 FROM "Pair" p WHERE p."queryId" = q.id AND p."submittedCount" > 0) ORDER BY q.days`,
  );
  return rows.map((r) => r.days);
}

/**
 * Per two planners and request: the sum and count of the signed preferences (−3…+3, negative = plan A better) of
 * the judgments in scope that carry one (datasets with preference strength; for a dimension, its answers with
 * their strengths), for the win table's mean signed preference.
 */
export async function signedPreferenceRows(db: Db, f: BattleFilters): Promise<SignedPreferenceRow[]> {
  // lib/judging/verdict/'s signedPreference and dimensionSignedPreference, through their SQL mirrors. (Every A or B dimension
  // answer on a dataset with strength carries one: tj_dimensions_check refuses it without.)
  const value = `CASE WHEN $5::text IS NULL THEN tj_signed_preference(j.verdict, j.strength)
      ELSE tj_dimension_signed_preference(j.dimensions -> $5) END`;
  const { rows } = await poolOf(db).query<SignedPreferenceRow>(
    `SELECT pa.model AS "modelA", pb.model AS "modelB", p."queryId", sum(v)::float AS sum, count(*)::int AS n
       FROM (SELECT j."pairId", ${value} AS v FROM "Judgment" j) s
       JOIN "Pair" p ON p.id = s."pairId" JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" d ON d.id = q."datasetId"
      WHERE d."preferenceStrength" AND s.v IS NOT NULL AND pa.model <> pb.model AND ${SCOPE}
      GROUP BY 1, 2, 3`,
    battleValues(f),
  );
  return rows;
}

/** The dimensions of the datasets in scope (all, or the one chosen), for the leaderboard's choice. */
export async function leaderboardDimensions(
  db: Db,
  datasetId: string | null,
): Promise<{ key: string; name: string }[]> {
  const { rows } = await poolOf(db).query<{ key: string; name: string }>(
    `SELECT DISTINCT ON (e->>'key') e->>'key' AS key, e->>'name' AS name
       FROM "Dataset" d, jsonb_array_elements(CASE WHEN jsonb_typeof(d.dimensions) = 'array' THEN d.dimensions ELSE '[]'::jsonb END) e
      WHERE $1::text IS NULL OR d.id = $1 ORDER BY e->>'key', d."createdAt" DESC`,
    [datasetId],
  );
  return rows;
}

/**
 * The leaderboard the admin page shows: ratings, win table (with the mean signed preference of each two planners
 * where strength is asked), left-side wins, style control when asked; the overall verdicts or one dimension's. With
 * a judge, also experts only beside experts + that judge (the prediction-powered leaderboard), from the same job.
 */
export async function leaderboardReport(
  db: Db,
  f: BattleFilters,
  opts: {
    style: boolean;
    bootstrap: number;
    seed: number;
    /** An uploaded judge (its verdicts in scope; the overall verdict) and the comparison's intervals. */
    judge?: string | null;
    intervals?: "sandwich" | "bootstrap";
  },
  progress: ReportProgress = NO_PROGRESS,
) {
  progress("reading the battles");
  const [{ set, selfBattles }, tripLengths, signed, dimensions, judges] = await Promise.all([
    leaderboardBattles(db, f, { style: opts.style }),
    judgedTripLengths(db),
    signedPreferenceRows(db, f),
    leaderboardDimensions(db, f.datasetId ?? null),
    judgesInScope(db, f),
  ]);
  progress(
    `fitting ${set.size.toLocaleString("en-US")} battles${opts.style ? " with style control" : ""} and ${opts.bootstrap.toLocaleString("en-US")} bootstrap replicates`,
  );
  await beforeLongStep();
  const report = set.size ? leaderboard(set, { bootstrap: opts.bootstrap, seed: opts.seed, style: opts.style }) : null;
  const signedPreference = signed.length ? signedPreferenceTable(signed, opts.bootstrap, opts.seed) : [];
  const predictionPowered = opts.judge
    ? await predictionPoweredReport(
        db,
        f,
        opts.judge,
        {
          style: opts.style,
          bootstrap: opts.intervals === "bootstrap" ? opts.bootstrap : 0,
          seed: opts.seed,
        },
        progress,
      )
    : null;
  return { report, selfBattles, tripLengths, dimensions, signedPreference, filters: f, judges, predictionPowered };
}
