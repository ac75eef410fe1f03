/**
 * The prediction-powered leaderboard's battles from the database (docs/prediction-powered.md): the experts' judgments
 * as the leaderboard reads them, and one uploaded judge's verdicts (JudgeVerdict), both in the pair's A/B terms. As
 * `tripjudge leaderboard --judge-battles` maps its files: the judge's verdict on a pair the experts judged is its
 * verdict on each of their battles there (rectifying); its verdicts on the other pairs add. Read a range of pairs at
 * a time (decision 017).
 */
import {
  A_WINS,
  B_WINS,
  PredictionPoweredBuilder,
  PredictionPoweredInputError,
  predictionPoweredLeaderboard,
  TIE,
  type PlanStyle,
  type PredictionPoweredBattles,
  type PredictionPoweredLeaderboard,
} from "../leaderboard";
import { poolOf, type Db, pairRanges } from "../../platform/db";
import { beforeLongStep, NO_PROGRESS, type ReportProgress } from "../../platform";
import type { BattleFilters } from "./leaderboard";
import { readPlanStyles } from "./plan-styles";
import { SCOPE, scopeValues } from "./scope";

const OUTCOME = { A: A_WINS, B: B_WINS, NEITHER: TIE } as const;
type Row = {
  pairId: string;
  queryId: string;
  planAId: string;
  planBId: string;
  modelA: string;
  modelB: string;
  verdict: keyof typeof OUTCOME;
  n: number;
};
const JOINS = `JOIN "Pair" p ON p.id = v."pairId" JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       JOIN "Query" q ON q.id = p."queryId"`;

/** The uploaded judges with verdicts on pairs in scope, by name. */
export async function judgesInScope(db: Db, f: BattleFilters): Promise<string[]> {
  const { rows } = await poolOf(db).query<{ judge: string }>(
    `SELECT DISTINCT v.judge FROM "JudgeVerdict" v ${JOINS} WHERE ${SCOPE} ORDER BY 1`,
    scopeValues(f),
  );
  return rows.map((r) => r.judge);
}

/** Whether this judge has a verdict on a pair in scope. */
export async function judgeInScope(db: Db, f: BattleFilters, judge: string): Promise<boolean> {
  const { rows } = await poolOf(db).query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "JudgeVerdict" v ${JOINS} WHERE v.judge = $5 AND ${SCOPE}) AS found`,
    [...scopeValues(f), judge],
  );
  return rows[0].found;
}

export interface PredictionPoweredRead {
  /** The module's input; null when the data cannot support the fit, and `problem` says why (the module's words). */
  pp: PredictionPoweredBattles | null;
  problem: string | null;
  /** Pairs the experts judged that have the judge's verdict (labelled) and pairs only the judge decided. */
  labelledPairs: number;
  judgePairs: number;
  /** Expert judgments on pairs the judge has no verdict on: PPI++ needs the judge's verdict on each labelled battle. */
  expertsWithoutJudge: number;
}

/**
 * The battles in scope (the overall verdict: a judge gives no dimensions). A pair's expert judgments are labelled
 * battles, each carrying the judge's verdict on the pair — its several verdicts (runs, both orders) as rows of
 * weight 1/m, their average; a pair only the judge decided is one judge battle, its verdicts likewise weighted
 * 1/m. The request is the unit, as the leaderboard's bootstrap resamples.
 */
export async function predictionPoweredBattles(
  db: Db,
  f: BattleFilters,
  judge: string,
  opts: { style?: boolean; rangeSize?: number } = {},
): Promise<PredictionPoweredRead> {
  const builder = new PredictionPoweredBuilder(Boolean(opts.style));
  let labelledPairs = 0,
    judgePairs = 0,
    expertsWithoutJudge = 0;
  for await (const { after, upTo } of pairRanges(db, "TRUE", opts.rangeSize)) {
    const [{ rows: experts }, { rows: verdicts }] = await Promise.all([
      poolOf(db).query<Row>(
        `SELECT p.id AS "pairId", p."queryId", p."planAId", p."planBId", pa.model AS "modelA", pb.model AS "modelB",
                j.verdict::text AS verdict, count(*)::int AS n
         FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Plan" pa ON pa.id = p."planAId"
         JOIN "Plan" pb ON pb.id = p."planBId" JOIN "Query" q ON q.id = p."queryId"
         WHERE ${SCOPE} AND p.id > $5 AND p.id <= $6 AND j."pairId" > $5 AND j."pairId" <= $6
         GROUP BY p.id, pa.model, pb.model, j.verdict`,
        [...scopeValues(f), after, upTo],
      ),
      poolOf(db).query<Row>(
        `SELECT p.id AS "pairId", p."queryId", p."planAId", p."planBId", pa.model AS "modelA", pb.model AS "modelB",
                v.verdict::text AS verdict, count(*)::int AS n
         FROM "JudgeVerdict" v ${JOINS}
         WHERE ${SCOPE} AND v.judge = $5 AND p.id > $6 AND p.id <= $7 AND v."pairId" > $6 AND v."pairId" <= $7
         GROUP BY p.id, pa.model, pb.model, v.verdict`,
        [...scopeValues(f), judge, after, upTo],
      ),
    ]);
    const styles = new Map<string, PlanStyle>();
    if (opts.style)
      await readPlanStyles(
        db,
        [...experts, ...verdicts].flatMap((r) => [r.planAId, r.planBId]),
        styles,
      );
    const byPair = new Map<string, { experts: Row[]; judge: Row[] }>();
    const of = (id: string) => {
      let e = byPair.get(id);
      if (!e) byPair.set(id, (e = { experts: [], judge: [] }));
      return e;
    };
    for (const r of experts) of(r.pairId).experts.push(r);
    for (const r of verdicts) of(r.pairId).judge.push(r);
    for (const { experts: es, judge: js } of byPair.values()) {
      const { modelA, modelB, queryId, planAId, planBId } = (es[0] ?? js[0])!;
      const sa = styles.get(planAId),
        sb = styles.get(planBId);
      const m = js.reduce((s, r) => s + r.n, 0);
      if (!js.length) {
        expertsWithoutJudge += es.reduce((s, r) => s + r.n, 0);
        continue;
      }
      if (es.length) {
        labelledPairs++;
        for (const e of es)
          for (const v of js)
            builder.addLabelled(
              modelA,
              modelB,
              OUTCOME[e.verdict],
              OUTCOME[v.verdict],
              queryId,
              (e.n * v.n) / m,
              sa,
              sb,
            );
      } else {
        judgePairs++;
        for (const v of js) builder.addJudge(modelA, modelB, OUTCOME[v.verdict], queryId, v.n / m, sa, sb);
      }
    }
  }
  const counts = { labelledPairs, judgePairs, expertsWithoutJudge };
  try {
    return { pp: builder.build(), problem: null, ...counts };
  } catch (e) {
    if (!(e instanceof PredictionPoweredInputError)) throw e;
    return { pp: null, problem: e.message, ...counts };
  }
}

export interface PredictionPoweredReport {
  judge: string;
  /** The comparison (lib/results/leaderboard/prediction-powered.ts): each planner's experts-only and prediction-powered rating. */
  board: PredictionPoweredLeaderboard | null;
  /** Why there is no board: what the data lacks, in the module's words. */
  problem: string | null;
  labelledPairs: number;
  judgePairs: number;
  expertsWithoutJudge: number;
  /** Judge battles left out (a planner no expert battle has, planners the experts' battles do not connect), and battles of a planner against itself. */
  leftOut: { unknownPlanner: number; acrossGroups: number; selfBattles: number };
}

/**
 * Experts only beside experts + this judge, both from the module on the same battles: sandwich intervals, or with
 * `bootstrap` replicates percentile intervals resampling requests (both boards from the same draws).
 */
export async function predictionPoweredReport(
  db: Db,
  f: BattleFilters,
  judge: string,
  opts: { style: boolean; bootstrap: number; seed: number },
  progress: ReportProgress = NO_PROGRESS,
): Promise<PredictionPoweredReport> {
  progress(`reading the battles and ${judge}'s verdicts`);
  const { pp, problem, ...counts } = await predictionPoweredBattles(db, f, judge, { style: opts.style });
  if (!pp)
    return { judge, board: null, problem, ...counts, leftOut: { unknownPlanner: 0, acrossGroups: 0, selfBattles: 0 } };
  const leftOut = { ...pp.leftOut, selfBattles: pp.selfBattles };
  progress(
    `fitting experts only and experts + ${judge}${opts.bootstrap ? ` with ${opts.bootstrap.toLocaleString("en-US")} bootstrap replicates` : ""}`,
  );
  await beforeLongStep();
  try {
    const board = predictionPoweredLeaderboard(pp, {
      style: opts.style,
      bootstrap: opts.bootstrap,
      seed: opts.seed,
    });
    return { judge, board, problem: null, ...counts, leftOut };
  } catch (e) {
    if (!(e instanceof PredictionPoweredInputError)) throw e;
    return { judge, board: null, problem: e.message, ...counts, leftOut };
  }
}
