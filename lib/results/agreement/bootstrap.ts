/** Bootstrap confidence intervals by resampling items (seeded, reproducible). */
import { seededRandom } from "../../kernel";

export interface Interval {
  lo: number;
  hi: number;
  replicates: number;
}

/** Percentile 95 % interval (the 2.5th and 97.5th percentiles; Efron & Tibshirani 1993, ch. 13) of `stat` over `replicates` resamples of the item indices; null when undefined. */
export function bootstrapCI(
  n: number,
  stat: (indices: Int32Array) => number | null,
  replicates = 1000,
  seed = 1,
): Interval | null {
  if (n === 0 || replicates <= 0) return null;
  const rng = seededRandom(seed);
  const values: number[] = [];
  const idx = new Int32Array(n);
  for (let b = 0; b < replicates; b++) {
    for (let i = 0; i < n; i++) idx[i] = Math.floor(rng() * n);
    const v = stat(idx);
    if (v !== null && Number.isFinite(v)) values.push(v);
  }
  if (values.length < replicates / 2) return null;
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * (values.length - 1) + 0.5)))];
  return { lo: at(0.025), hi: at(0.975), replicates: values.length };
}
