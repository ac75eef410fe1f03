/**
 * Proportions and the exact binomial test, as statsmodels (`proportion_confint(method="wilson")`) and
 * scipy (`binomtest(...).pvalue`, two-sided) define them; used by the win table, position bias and
 * gold accuracy.
 */

/** The standard normal's 0.975 quantile (scipy.stats.norm.isf(0.025)), the 95 % critical value. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  share: number;
  ci95: [number, number];
}

/**
 * Wilson score interval for `count` successes in `n` trials (`count` may be fractional: a win table
 * counts ties as half a win). Null when n is 0.
 */
export function wilson(count: number, n: number, z = Z95): Proportion | null {
  if (!(n > 0)) return null;
  const q = count / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (q + z2 / (2 * n)) / denom;
  const dist = (z * Math.sqrt((q * (1 - q)) / n + z2 / (4 * n * n))) / denom;
  // At 0 or n successes the bound is exactly 0 or 1 (rounding would leave it a hair inside).
  return { share: q, ci95: [count <= 0 ? 0 : center - dist, count >= n ? 1 : center + dist] };
}

/**
 * The Binomial(n, p) probabilities relative to the mode's (mode = 1), so no term under- or overflows
 * before it is negligible; the caller divides by their sum. O(n), exact to rounding.
 */
function relativePmf(n: number, p: number): Float64Array {
  const t = new Float64Array(n + 1);
  const mode = Math.min(n, Math.floor((n + 1) * p));
  t[mode] = 1;
  const odds = p / (1 - p);
  for (let k = mode; k < n; k++) t[k + 1] = (t[k] * (n - k) * odds) / (k + 1);
  for (let k = mode; k > 0; k--) t[k - 1] = (t[k] * k) / ((n - k + 1) * odds);
  return t;
}

/**
 * Exact two-sided binomial test of `k` successes in `n` trials against probability `p`: the total
 * probability of the outcomes no more likely than the one observed (scipy's rule, with its relative
 * tolerance of 1e-7 for ties in probability). 1 when n is 0.
 */
export function binomTest(k: number, n: number, p = 0.5): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || k > n)
    throw new RangeError(`binomTest: need whole 0 ≤ k ≤ n, got k=${k}, n=${n}`);
  if (n === 0) return 1;
  if (p <= 0 || p >= 1) return (p <= 0 ? k === 0 : k === n) ? 1 : 0;
  if (k === p * n) return 1;
  const t = relativePmf(n, p);
  const limit = t[k] * (1 + 1e-7);
  let total = 0;
  let tail = 0;
  // Summed smallest first, so the tail is not lost in the rounding of the large middle terms.
  for (const i of ascending(t, Math.min(n, Math.floor((n + 1) * p)))) {
    total += t[i];
    if (t[i] <= limit) tail += t[i];
  }
  return Math.min(1, tail / total);
}

/**
 * The indices of `t` by increasing value, ties by index (a stable sort's order). The terms rise to the mode
 * and fall after it, so the two sides are merged in O(n): the win table's test over 100,000 battles sorted
 * with a comparator took most of a leaderboard's time. Should rounding break the rise or the fall, the sort.
 */
function ascending(t: Float64Array, mode: number): Int32Array {
  const n = t.length - 1;
  const out = new Int32Array(n + 1);
  let monotone = true;
  for (let i = 0; i < mode && monotone; i++) monotone = t[i] <= t[i + 1];
  for (let i = mode; i < n && monotone; i++) monotone = t[i] >= t[i + 1];
  if (!monotone) return Int32Array.from(Array.from(t.keys()).sort((a, b) => t[a] - t[b]));
  // Left side ascending from 0; right side ascending from n down to mode + 1. Equal values: the lower index first.
  let l = 0,
    r = n;
  for (let k = 0; k <= n; k++) {
    if (r <= mode || (l <= mode && t[l] <= t[r])) out[k] = l++;
    else out[k] = r--;
  }
  return out;
}

/** P(X ≤ k) for X ~ Binomial(n, p), exact to rounding (from the mode-relative terms). */
export function binomLowerTail(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  const t = relativePmf(n, p);
  let total = 0,
    tail = 0;
  for (let i = 0; i <= n; i++) {
    total += t[i];
    if (i <= k) tail += t[i];
  }
  return Math.min(1, tail / total);
}

/**
 * For every n from 0 to N, the largest k with P(X ≤ k) ≤ level for X ~ Binomial(n, p), or −1 when none: the counts
 * at which the one-sided exact test rejects "the rate exceeds p". One pass, O(N + the boundary's rise): the tail at
 * the first count not rejected is carried from n to n + 1 (P(X' ≤ j) = P(X ≤ j) − p·P(X = j)), never recomputed.
 * That tail stays above `level`, so the sums lose no precision to cancellation.
 */
export function lowerTailBoundary(N: number, p: number, level: number): Int32Array {
  if (!(p > 0 && p < 1 && level > 0 && level < 1)) throw new RangeError(`lowerTailBoundary: need 0 < p, level < 1`);
  const out = new Int32Array(N + 1);
  // F = P(X ≤ j) and f = P(X = j) at the current n; j is the first count not rejected.
  let j = 0,
    F = 1,
    f = 1;
  for (let n = 0; ; n++) {
    while (F <= level && j < n) {
      f = (f * (n - j) * p) / ((j + 1) * (1 - p));
      j++;
      F += f;
    }
    out[n] = j - 1;
    if (n === N) return out;
    const below = j > 0 ? (f * j * (1 - p)) / ((n - j + 1) * p) : 0; // P(X = j − 1)
    F -= p * f;
    f = (1 - p) * f + p * below;
  }
}
