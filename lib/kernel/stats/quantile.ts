/** The q-quantile of `sorted` (ascending) by linear interpolation between order statistics (numpy's and pandas' default). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The percentile 95 % interval (2.5th and 97.5th percentiles) of `values`, which it sorts in place. */
export function percentileInterval(values: Float64Array): [number, number] {
  values.sort();
  return [quantileSorted(values, 0.025), quantileSorted(values, 0.975)];
}
