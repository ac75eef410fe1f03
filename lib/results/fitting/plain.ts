/** The reference search: every weight vector, every plan's reward() — slow, obviously right; tests and the benchmark compare against it. */
import { reward, type Weights } from "../features";
import { gridSize, weightsAt, type Grid } from "./grid";
import type { FitPair } from "./pairs";
import { TIE } from "./prepare";
import { emptyBest, type Best } from "./search";

export const predict = (d: number): 1 | -1 | 0 => (d > TIE ? 1 : d < -TIE ? -1 : 0);

export const scoreDifference = (p: FitPair, w: Weights) => reward(p.a, w) - reward(p.b, w);

/** Same targets as searchRange: 0 = all pairs, 1 + g = all pairs outside group g. `limit` stops early (for timing). */
export function plainSearch(
  pairs: readonly FitPair[],
  grid: Grid,
  fold: ArrayLike<number> | null = null,
  groups = 1,
  limit = Infinity,
): Best {
  const targets = groups > 1 ? 1 + groups : 1;
  const best = emptyBest(targets);
  const perGroup = new Float64Array(groups);
  const size = Math.min(gridSize(grid), limit);
  for (let index = 0; index < size; index++) {
    const w = weightsAt(grid, index);
    perGroup.fill(0);
    pairs.forEach((p, i) => {
      if (predict(scoreDifference(p, w)) === p.label) perGroup[fold ? fold[i] : 0]++;
    });
    const total = perGroup.reduce((a, b) => a + b, 0);
    const values = targets > 1 ? [total, ...Array.from(perGroup, (c) => total - c)] : [total];
    values.forEach((v, t) => {
      if (v > best.correct[t]) {
        best.correct[t] = v;
        best.index[t] = index;
      }
    });
  }
  return best;
}
