/**
 * Kendall's τ-b (Kendall 1945: ties in either variable corrected for, scipy.stats.kendalltau's default) in
 * O(n log n) by Knight's (1966) algorithm, and the same statistic for a variable with a few ordered categories
 * against a numeric one under many weightings of the same rows (a cluster bootstrap's replicates), O(n) each.
 * Both are checked against scipy in kendall.test.ts (fixtures/kendall-reference.json, kendall_reference.py).
 */

/** Dense ranks 0…u−1 of `v` (equal values share one) and u; throws on a value that is not finite. */
function denseRanks(v: ArrayLike<number>, what: string): { ranks: Float64Array; distinct: number } {
  const n = v.length;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(v[i])) throw new RangeError(`${what}[${i}] is ${v[i]}, not a finite number`);
    sorted[i] = v[i];
  }
  sorted.sort();
  let u = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[u++] = sorted[i];
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let lo = 0;
    let hi = u - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < v[i]) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = lo;
  }
  return { ranks, distinct: u };
}

/** Pairs within runs of equal values of `sorted` (by `same` on neighbours). */
function tiedPairs(n: number, same: (i: number) => boolean): number {
  let total = 0;
  let run = 1;
  for (let i = 1; i <= n; i++) {
    if (i < n && same(i)) run++;
    else {
      total += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return total;
}

/** Sorts `a` in place by a bottom-up merge sort and returns the number of swaps a bubble sort would make. */
function countSwaps(a: Float64Array): number {
  const n = a.length;
  let src: Float64Array = a;
  let dst: Float64Array = new Float64Array(n);
  let swaps = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (src[j] < src[i]) {
          swaps += mid - i;
          dst[k++] = src[j++];
        } else dst[k++] = src[i++];
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
  }
  if (src !== a) a.set(src);
  return swaps;
}

/** Two ranks or a rank and an index make one sort key below n², exact while n² < 2^53. */
const MAX_ITEMS = 90_000_000;

/** scipy's last step: (C − D)/√(n0 − n1)/√(n0 − n2), clipped to [−1, 1]; null when a variable is constant. */
function tauFrom(concordantMinusDiscordant: number, n0: number, tiesX: number, tiesY: number): number | null {
  if (n0 - tiesX <= 0 || n0 - tiesY <= 0) return null;
  const tau = concordantMinusDiscordant / Math.sqrt(n0 - tiesX) / Math.sqrt(n0 - tiesY);
  return Math.min(1, Math.max(-1, tau));
}

/**
 * τ-b of x and y; null when it is undefined (fewer than two items, or one variable constant). Knight's
 * algorithm on dense ranks: the items sorted by (x, y) as one numeric key (a typed-array sort, not a comparator:
 * a million items take a few hundred milliseconds), then the discordant pairs counted as the swaps of a merge
 * sort of y in that order. All counts are integers below 2^53, so exact.
 */
export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  const n = x.length;
  if (n !== y.length) throw new Error("kendallTauB: x and y differ in length");
  if (n < 2) return null;
  if (n > MAX_ITEMS) throw new RangeError(`kendallTauB: ${n} items; at most ${MAX_ITEMS}`);
  const rx = denseRanks(x, "kendallTauB: x").ranks;
  const { ranks: ry, distinct: ny } = denseRanks(y, "kendallTauB: y");
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = rx[i] * ny + ry[i];
  keys.sort();
  const n0 = (n * (n - 1)) / 2;
  const n1 = tiedPairs(n, (i) => Math.floor(keys[i] / ny) === Math.floor(keys[i - 1] / ny));
  const n3 = tiedPairs(n, (i) => keys[i] === keys[i - 1]);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) ys[i] = keys[i] % ny;
  const swaps = countSwaps(ys); // leaves ys sorted
  const n2 = tiedPairs(n, (i) => ys[i] === ys[i - 1]);
  return tauFrom(n0 - n1 - n2 + n3 - 2 * swaps, n0, n1, n2);
}

/**
 * τ-b of an ordered category (codes 0…categories−1, e.g. a majority verdict B 0, about the same 1, A 2) against
 * a number, for the same rows under many weightings. The rows are sorted by the number once (O(n log n)); each
 * weighting then costs one pass (O(n · categories)): a row's weight counts it that many times, as a bootstrap
 * replicate that drew its group that often would, so the result equals kendallTauB on the rows repeated. Rows
 * may belong to groups (a cluster bootstrap's requests): `tauB(groupWeights)` weighs a row by its group's weight.
 * Memory: 6 bytes per row once sorted (group, category, end of a tie), plus 16 per row while constructing.
 */
export class CategoryKendall {
  readonly rows: number;
  private readonly groupOf: Int32Array;
  private readonly code: Uint8Array;
  private readonly lastOfTie: Uint8Array;

  constructor(
    codes: ArrayLike<number>,
    private readonly categories: number,
    y: ArrayLike<number>,
    groups?: ArrayLike<number>,
  ) {
    const n = codes.length;
    if (y.length !== n || (groups && groups.length !== n))
      throw new Error("CategoryKendall: codes, y and groups differ in length");
    if (!(categories >= 1 && categories <= 255)) throw new RangeError("CategoryKendall: 1 to 255 categories");
    if (n > MAX_ITEMS) throw new RangeError(`CategoryKendall: ${n} rows; at most ${MAX_ITEMS}`);
    for (let i = 0; i < n; i++)
      if (!(Number.isInteger(codes[i]) && codes[i] >= 0 && codes[i] < categories))
        throw new RangeError(`CategoryKendall: codes[${i}] is ${codes[i]}, not one of 0…${categories - 1}`);
    this.rows = n;
    const { ranks } = denseRanks(y, "CategoryKendall: y");
    // Rank and row index as one key: a numeric sort by y that keeps each row's index.
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = ranks[i] * n + i;
    keys.sort();
    this.groupOf = new Int32Array(n);
    this.code = new Uint8Array(n);
    this.lastOfTie = new Uint8Array(n);
    for (let j = 0; j < n; j++) {
      const i = keys[j] % n;
      this.groupOf[j] = groups ? groups[i] : i;
      this.code[j] = codes[i];
      this.lastOfTie[j] = j === n - 1 || Math.floor(keys[j + 1] / n) !== Math.floor(keys[j] / n) ? 1 : 0;
    }
  }

  /**
   * τ-b with each row counted `groupWeights[group]` times (by row index when there are no groups; all 1 when
   * omitted); null when undefined. Integer weights keep every count exact.
   */
  tauB(groupWeights?: ArrayLike<number>): number | null {
    const k = this.categories;
    const below = new Float64Array(k); // total weight per category of rows with a smaller y
    const block = new Float64Array(k); // the same within the current run of equal y
    let before = 0;
    let cd = 0;
    let tiesY = 0;
    let blockWeight = 0;
    for (let j = 0; j < this.rows; j++) {
      const w = groupWeights ? groupWeights[this.groupOf[j]] : 1;
      if (w !== 0) {
        const c = this.code[j];
        // Against every row of smaller y: concordant when its category is lower, discordant when higher.
        let lower = 0;
        for (let g = 0; g < c; g++) lower += below[g];
        cd += w * (lower - (before - lower - below[c]));
        block[c] += w;
        blockWeight += w;
      }
      if (this.lastOfTie[j]) {
        tiesY += (blockWeight * (blockWeight - 1)) / 2;
        for (let g = 0; g < k; g++) {
          below[g] += block[g];
          block[g] = 0;
        }
        before += blockWeight;
        blockWeight = 0;
      }
    }
    if (before < 2) return null;
    let tiesX = 0;
    for (let g = 0; g < k; g++) tiesX += (below[g] * (below[g] - 1)) / 2;
    return tauFrom(cd, (before * (before - 1)) / 2, tiesX, tiesY);
  }
}
