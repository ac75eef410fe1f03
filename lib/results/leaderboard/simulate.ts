/**
 * Simulated judgments with planted planner strengths and a planted per-query effect, for checking the
 * bootstrap's coverage and for the benchmark. Each battle is marginally Bradley–Terry with the planted
 * ratings, so the true gaps are known exactly; but within a query, every pair's outcome starts from one
 * shared draw, and each expert copies the query's outcome with probability `copy` (or judges afresh):
 * the judgments of one pair, and the pairs of one query, are dependent.
 */
import { seededRandom } from "../../kernel";
import { BattleSetBuilder, type BattleSet, type PlanStyle } from "./battles";

export interface SimulationOptions {
  /** Planted ratings on the Elo scale, one per planner. */
  ratings: readonly number[];
  queries: number;
  pairsPerQuery: number;
  ratersPerPair: number;
  copy: number;
  seed: number;
  /**
   * Style covariates per plan (whole numbers, as FastChat's style features are counts), shared by a pair's
   * judgments; longer plans win a little more often (a planted style effect on top of the ratings).
   */
  style?: boolean;
}

export function simulateBattles(o: SimulationOptions): BattleSet {
  const rng = seededRandom(o.seed);
  const p = o.ratings.length;
  const names = o.ratings.map((_, i) => `planner-${String(i + 1).padStart(2, "0")}`);
  const builder = new BattleSetBuilder(Boolean(o.style));
  const plan = (): PlanStyle => {
    const days = 2 + Math.floor(rng() * 4),
      items = days * (3 + Math.floor(rng() * 4));
    return {
      items,
      items_per_day: items / days,
      km: Math.floor(20 + rng() * 300),
      cost: Math.floor(200 + rng() * 6000),
    };
  };
  for (let q = 0; q < o.queries; q++) {
    const shared = rng();
    const query = `q${q}`;
    for (let k = 0; k < o.pairsPerQuery; k++) {
      const i = Math.floor(rng() * p);
      let j = Math.floor(rng() * (p - 1));
      if (j >= i) j++;
      const [sa, sb] = o.style ? [plan(), plan()] : [undefined, undefined];
      const lean = sa && sb ? (sa.items - sb.items) / (sa.items + sb.items + 1) : 0;
      const pA = 1 / (1 + 10 ** ((o.ratings[j] - o.ratings[i]) / 400 - lean));
      const queryOutcome = shared < pA ? 0 : 1;
      for (let r = 0; r < o.ratersPerPair; r++) {
        const outcome = rng() < o.copy ? queryOutcome : rng() < pA ? 0 : 1;
        builder.add(names[i], names[j], outcome, query, rng() < 0.5 ? 1 : 0, 1, sa, sb);
      }
    }
  }
  return builder.build();
}
