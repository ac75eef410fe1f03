/**
 * Simulated judgments with planted planner strengths and a planted per-query effect, for checking the
 * bootstrap's coverage and for the benchmark. Each battle is marginally Bradley–Terry with the planted
 * ratings, so the true gaps are known exactly; but within a query, every pair's outcome starts from one
 * shared draw, and each expert copies the query's outcome with probability `copy` (or judges afresh):
 * the judgments of one pair, and the pairs of one query, are dependent.
 */
import { seededRandom } from "../random";
import { BattleSetBuilder, type BattleSet } from "./battles";

export interface SimulationOptions {
  /** Planted ratings on the Elo scale, one per planner. */
  ratings: readonly number[];
  queries: number;
  pairsPerQuery: number;
  ratersPerPair: number;
  copy: number;
  seed: number;
}

export function simulateBattles(o: SimulationOptions): BattleSet {
  const rng = seededRandom(o.seed);
  const p = o.ratings.length;
  const names = o.ratings.map((_, i) => `planner-${String(i + 1).padStart(2, "0")}`);
  const builder = new BattleSetBuilder();
  for (let q = 0; q < o.queries; q++) {
    const shared = rng();
    const query = `q${q}`;
    for (let k = 0; k < o.pairsPerQuery; k++) {
      const i = Math.floor(rng() * p);
      let j = Math.floor(rng() * (p - 1));
      if (j >= i) j++;
      const pA = 1 / (1 + 10 ** ((o.ratings[j] - o.ratings[i]) / 400));
      const queryOutcome = shared < pA ? 0 : 1;
      for (let r = 0; r < o.ratersPerPair; r++) {
        const outcome = rng() < o.copy ? queryOutcome : rng() < pA ? 0 : 1;
        builder.add(names[i], names[j], outcome, query, rng() < 0.5 ? 1 : 0);
      }
    }
  }
  return builder.build();
}
