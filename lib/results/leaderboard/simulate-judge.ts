/**
 * A simulated population of battles decided by experts and by an LLM judge, for checking the prediction-powered
 * leaderboard's coverage and measuring what the judge is worth. Each battle draws a pair of planners uniformly; the
 * experts tie with probability `tie`, else side A wins with the Bradley–Terry probability of the planted ratings.
 * The judge copies the experts' verdict on that battle with probability `copy` (what it shares with them), else
 * decides on its own: a tie with probability `judgeTie`, else A by Bradley–Terry on the planted ratings plus its own
 * `judgeBias` (a judge that favours some planners). Battles are independent (each its own unit) unless
 * `battlesPerQuery` groups them into queries that share a draw (then each query's battles are dependent).
 */
import { seededRandom } from "../../kernel";
import { A_WINS, B_WINS, TIE } from "./battles";
import { elo, fitBradleyTerry } from "./bradley-terry";
import { PredictionPoweredBuilder, type PredictionPoweredBattles } from "./prediction-powered";

export interface JudgedSimulationOptions {
  /** Planted ratings (Elo) behind the experts' verdicts. */
  ratings: readonly number[];
  /** The judge's own lean (Elo) per planner, added to the planted ratings when it decides on its own. */
  judgeBias?: readonly number[];
  labelled: number;
  /** The judge's other battles. */
  judged: number;
  tie: number;
  judgeTie: number;
  copy: number;
  /** Battles per query (resampling unit); within a query, the experts' outcomes start from one shared draw. */
  battlesPerQuery?: number;
  seed: number;
}

export const plannerName = (i: number) => `planner-${String(i + 1).padStart(2, "0")}`;

export function simulateJudgedBattles(o: JudgedSimulationOptions): PredictionPoweredBattles {
  const rng = seededRandom(o.seed);
  const p = o.ratings.length;
  const bias = o.judgeBias ?? o.ratings.map(() => 0);
  const per = o.battlesPerQuery ?? 1;
  const builder = new PredictionPoweredBuilder();
  const pA = (i: number, j: number, extra = 0) =>
    1 / (1 + 10 ** ((o.ratings[j] + (extra ? bias[j] : 0) - o.ratings[i] - (extra ? bias[i] : 0)) / 400));
  let shared = 0;
  for (let k = 0; k < o.labelled + o.judged; k++) {
    if (k % per === 0) shared = rng();
    const i = Math.floor(rng() * p);
    let j = Math.floor(rng() * (p - 1));
    if (j >= i) j++;
    // With queries, half the battles of a query reuse its draw: marginally the same verdicts, jointly dependent.
    const u = per > 1 && rng() < 0.5 ? shared : rng();
    const expert = u < o.tie ? TIE : (u - o.tie) / (1 - o.tie) < pA(i, j) ? A_WINS : B_WINS;
    const judge = rng() < o.copy ? expert : rng() < o.judgeTie ? TIE : rng() < pA(i, j, 1) ? A_WINS : B_WINS;
    const query = per > 1 ? `q${Math.floor(k / per)}` : null;
    if (k < o.labelled) builder.addLabelled(plannerName(i), plannerName(j), expert, judge, query);
    else builder.addJudge(plannerName(i), plannerName(j), judge, query);
  }
  return builder.build();
}

/**
 * The ratings (Elo, mean 1000) the experts' battles estimate: FastChat's Bradley–Terry (a tie half a win) fitted to
 * the population's expected outcomes, every pair equally likely. Not the planted ratings themselves: ties pull the
 * fitted gaps in.
 */
export function populationRatings(ratings: readonly number[], tie: number): Map<string, number> {
  const p = ratings.length;
  const a: number[] = [],
    b: number[] = [],
    wA: number[] = [],
    wB: number[] = [];
  for (let i = 0; i < p; i++)
    for (let j = i + 1; j < p; j++) {
      const s = (1 - tie) / (1 + 10 ** ((ratings[j] - ratings[i]) / 400)) + tie / 2;
      a.push(i);
      b.push(j);
      wA.push(2 * s);
      wB.push(2 - 2 * s);
    }
  const fit = fitBradleyTerry(
    { a: Int32Array.from(a), b: Int32Array.from(b), wA: Float64Array.from(wA), wB: Float64Array.from(wB) },
    p,
  );
  return new Map(ratings.map((_, i) => [plannerName(i), elo(fit.beta[i])]));
}
