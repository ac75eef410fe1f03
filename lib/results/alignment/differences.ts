/**
 * The board's paired differences: each two judges' three-class accuracy on the pairs both judged, with a bootstrap
 * interval that resamples queries (a query's pairs share its request, so they are not independent draws).
 */
import { multinomial, seededRandom, percentileInterval } from "../../kernel";

export interface JudgeDifference {
  a: string;
  b: string;
  pairs: number;
  /** Three-class accuracy of a minus that of b on the pairs both judged, with a paired bootstrap interval (resampling queries). */
  difference: number | null;
  ci95: [number, number] | null;
}

/**
 * `shares[judge][pair]`: the share of the judge's verdicts on the pair that match its label (NaN: none);
 * `queryOf[pair]`: the pair's query, and `queryOrder` the queries in a fixed order (their ids sorted).
 * Every sum runs in an order fixed by the values, not by the order the pairs were read in: the answer is the same
 * whatever order the database returns (its collation decides it).
 */
export function pairedDifferences(
  shares: ReadonlyMap<string, Float64Array>,
  queryOf: Int32Array,
  queryOrder: Int32Array,
  replicates: number,
  seed: number,
): JudgeDifference[] {
  const names = [...shares.keys()].sort();
  const queries = queryOrder.length;
  const count = new Int32Array(queries);
  const start = new Int32Array(queries + 1);
  const out: JudgeDifference[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let k = i + 1; k < names.length; k++) {
      const a = shares.get(names[i])!,
        b = shares.get(names[k])!;
      count.fill(0);
      let shared = 0;
      for (let p = 0; p < queryOf.length; p++)
        if (!Number.isNaN(a[p]) && !Number.isNaN(b[p])) {
          count[queryOf[p]]++;
          shared++;
        }
      if (!shared) {
        out.push({ a: names[i], b: names[k], pairs: 0, difference: null, ci95: null });
        continue;
      }
      // Each query's differences side by side, then summed in sorted order (a float sum depends on its order).
      for (let q = 0; q < queries; q++) start[q + 1] = start[q] + count[q];
      const diffs = new Float64Array(shared);
      const fill = start.slice(0, queries);
      for (let p = 0; p < queryOf.length; p++)
        if (!Number.isNaN(a[p]) && !Number.isNaN(b[p])) diffs[fill[queryOf[p]]++] = a[p] - b[p];
      const units: { d: number; n: number }[] = [];
      for (const q of queryOrder) {
        if (!count[q]) continue;
        const own = diffs.subarray(start[q], start[q + 1]).sort();
        let d = 0;
        for (const x of own) d += x;
        units.push({ d, n: count[q] });
      }
      const difference = units.reduce((s, u) => s + u.d, 0) / shared;
      const ci95 = percentileInterval(resampledMeans(units, replicates, seed));
      out.push({ a: names[i], b: names[k], pairs: shared, difference, ci95 });
    }
  }
  return out;
}

/**
 * Bootstrap replicates of Σd / Σn over units drawn with replacement. Units with the same (d, n) are interchangeable
 * in a resample, so a replicate needs only how many times each distinct unit was drawn: one multinomial over the
 * distinct units (the same distribution as drawing them one by one), and its cost no longer grows with the queries
 * (a million judgments: a few dozen distinct units, not a third of a million draws per replicate and judge pair).
 */
export function resampledMeans(
  units: readonly { d: number; n: number }[],
  replicates: number,
  seed: number,
): Float64Array {
  const rng = seededRandom(seed);
  const reps = new Float64Array(replicates);
  const kinds = new Map<string, { d: number; n: number; count: number }>();
  for (const u of units) {
    const key = `${u.d}|${u.n}`;
    const k = kinds.get(key);
    if (k) k.count++;
    else kinds.set(key, { ...u, count: 1 });
  }
  const distinct = [...kinds.values()];
  if (distinct.length * 8 > units.length) {
    // Nearly every unit its own kind: drawing the units is cheaper.
    for (let r = 0; r < replicates; r++) {
      let d = 0,
        n = 0;
      for (let j = 0; j < units.length; j++) {
        const u = units[Math.floor(rng() * units.length)];
        d += u.d;
        n += u.n;
      }
      reps[r] = d / n;
    }
    return reps;
  }
  const weights = Float64Array.from(distinct, (k) => k.count);
  const drawn = new Float64Array(distinct.length);
  for (let r = 0; r < replicates; r++) {
    multinomial(rng, units.length, weights, drawn);
    let d = 0,
      n = 0;
    for (let j = 0; j < distinct.length; j++) {
      d += drawn[j] * distinct[j].d;
      n += drawn[j] * distinct[j].n;
    }
    reps[r] = d / n;
  }
  return reps;
}
