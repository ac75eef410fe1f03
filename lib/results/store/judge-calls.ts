/** What each judge says on a dataset's pairs and how sure it is: guaranteed escalation's input (docs/escalation.md). */
import { majority } from "../agreement";
import { BUILT_IN_JUDGES } from "../alignment";
import { countsCall, crossFittedRewardProbabilities, judgeCall, type JudgeCall, type RewardPair } from "../escalation";
import { DEFAULT_WEIGHTS, reward, type PlanFeatures, type Weights } from "../features";
import { currentWeights } from "./fits";
import { poolOf, type Db } from "../../platform/db";
import { VERDICTS, type Verdict } from "../../judging/verdict";

/** Pairs, and verdicts, read per query. */
const BATCH = 10_000;

/** One uploaded judge's rows on one pair, summed as they pass. */
interface Rows {
  /** Sums of p_a, p_b, p_neither over the rows with probabilities, and how many; whether any gave p_neither. */
  p: [number, number, number];
  withP: number;
  neither: boolean;
  /** Samples, and a verdict-only row's verdict as one sample, counted A, B, NEITHER. */
  counts: [number, number, number];
}

/**
 * Combines one uploaded judge's rows on one pair. Rows with probabilities (several runs, both orders) are averaged,
 * as Simulated Annotators averages its prompts' (a row without p_neither counts it 0); when a pair has any, rows
 * without are left out. Otherwise every row's samples are pooled, a row with only a verdict counting as one sample,
 * and the call is the majority's share.
 */
function combined(r: Rows): JudgeCall {
  if (!r.withP) return countsCall(r.counts);
  const [a, b, n] = r.p.map((x) => x / r.withP);
  return probabilityCall(r.neither ? { p_a: a, p_b: b, p_neither: n } : { p_a: a, p_b: b });
}

/** Probabilities as a call. Stored rows each summed to 1 within the tolerance (the import checks), so a mean does too. */
function probabilityCall(p: { p_a: number; p_b: number; p_neither?: number }): JudgeCall {
  const call = judgeCall(p);
  if (typeof call === "string") throw new Error(`probabilities that are not a judge's call: ${call}`);
  return call;
}

/**
 * Judge name → pair id → the judge's call (verdict and confidence) on the dataset's pairs; a pair the judge has no
 * call on is absent (it abstains there), and so is a judge TripJudge does not know. An uploaded judge's rows on a
 * pair are combined by `combined`; the built-in reward judges (BUILT_IN_JUDGES) get P(A) from the cross-fitted
 * logistic fit of the experts' majority (a complete pair's strict majority, as the alignment board reads it) on the
 * reward difference (lib/results/escalation/reward-probability.ts). The adopted-weights judge exists once weights
 * are adopted. Pairs and verdicts are read in batches by pair id; what is kept is one entry per pair and judge.
 */
export async function judgeCalls(
  db: Db,
  datasetId: string,
  judges: readonly string[],
): Promise<Map<string, Map<string, JudgeCall>>> {
  const out = new Map(judges.map((j) => [j, new Map<string, JudgeCall>()]));
  const builtIn: readonly string[] = Object.values(BUILT_IN_JUDGES);
  const uploaded = [...out.keys()].filter((j) => !builtIn.includes(j));
  const rewardWeights = new Map<string, Weights>();
  if (out.has(BUILT_IN_JUDGES.defaults)) rewardWeights.set(BUILT_IN_JUDGES.defaults, DEFAULT_WEIGHTS);
  if (out.has(BUILT_IN_JUDGES.adopted)) {
    const { weights, adoption } = await currentWeights(db);
    if (adoption) rewardWeights.set(BUILT_IN_JUDGES.adopted, weights);
  }
  const rewardPairs = new Map([...rewardWeights.keys()].map((j) => [j, [] as RewardPair[]]));
  const pool = poolOf(db);
  for (let after = ""; ;) {
    const { rows } = await pool.query<{
      id: string;
      featuresA: PlanFeatures | null;
      featuresB: PlanFeatures | null;
      verdicts: Verdict[] | null;
    }>(
      `SELECT p.id, CASE WHEN $4 THEN pa.features END AS "featuresA", CASE WHEN $4 THEN pb.features END AS "featuresB",
              CASE WHEN $4 AND p.status = 'COMPLETE'
                THEN (SELECT array_agg(j.verdict::text) FROM "Judgment" j WHERE j."pairId" = p.id) END AS verdicts
       FROM "Pair" p JOIN "Query" q ON q.id = p."queryId"
         JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       WHERE q."datasetId" = $1 AND p.id > $2
       ORDER BY p.id
       LIMIT $3`,
      [datasetId, after, BATCH, rewardPairs.size > 0],
    );
    if (!rows.length) break;
    const last = rows[rows.length - 1].id;
    for (const r of rows) {
      if (!r.featuresA || !r.featuresB) continue;
      const human = r.verdicts ? majority(r.verdicts).label : null;
      for (const [judge, w] of rewardWeights)
        rewardPairs.get(judge)!.push({ id: r.id, d: reward(r.featuresA, w) - reward(r.featuresB, w), human });
    }
    if (uploaded.length) await uploadedCalls(db, new Set(rows.map((r) => r.id)), after, last, uploaded, out);
    if (rows.length < BATCH) break;
    after = last;
  }
  for (const [judge, pairs] of rewardPairs) {
    const calls = out.get(judge)!;
    for (const [id, p] of crossFittedRewardProbabilities(pairs).probabilities) calls.set(id, probabilityCall(p));
  }
  return out;
}

/** The uploaded judges' calls on one batch of pairs (ids in (after, last]), read in batches by (pair, row) key. */
async function uploadedCalls(
  db: Db,
  batch: ReadonlySet<string>,
  after: string,
  last: string,
  judges: readonly string[],
  out: Map<string, Map<string, JudgeCall>>,
) {
  const rows = new Map(judges.map((j) => [j, new Map<string, Rows>()]));
  for (let from = { pairId: after, id: "" }; ;) {
    const { rows: verdicts } = await poolOf(db).query<{
      id: string;
      pairId: string;
      judge: string;
      verdict: Verdict;
      pA: number | null;
      pB: number | null;
      pNeither: number | null;
      samples: Verdict[] | null;
    }>(
      `SELECT v.id, v."pairId", v.judge, v.verdict::text AS verdict, v."pA", v."pB", v."pNeither",
              v.samples::text[] AS samples
       FROM "JudgeVerdict" v
       WHERE v."pairId" > $1 AND v."pairId" <= $2 AND v.judge = ANY($3::text[]) AND (v."pairId", v.id) > ($4, $5)
       ORDER BY v."pairId", v.id
       LIMIT $6`,
      [after, last, judges, from.pairId, from.id, BATCH],
    );
    for (const v of verdicts) {
      if (!batch.has(v.pairId)) continue; // a pair of another dataset in the range of ids
      const own = rows.get(v.judge)!;
      let r = own.get(v.pairId);
      if (!r) own.set(v.pairId, (r = { p: [0, 0, 0], withP: 0, neither: false, counts: [0, 0, 0] }));
      if (v.pA !== null && v.pB !== null) {
        r.p[0] += v.pA;
        r.p[1] += v.pB;
        r.p[2] += v.pNeither ?? 0;
        r.neither ||= v.pNeither !== null;
        r.withP++;
      } else if (v.samples?.length) for (const s of v.samples) r.counts[VERDICTS.indexOf(s)]++;
      else r.counts[VERDICTS.indexOf(v.verdict)]++;
    }
    if (verdicts.length < BATCH) break;
    from = verdicts[verdicts.length - 1];
  }
  for (const [judge, own] of rows) for (const [pairId, r] of own) out.get(judge)!.set(pairId, combined(r));
}
