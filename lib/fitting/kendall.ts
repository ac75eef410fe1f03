/** Kendall's tau-b in O(n log n) (Knight's algorithm): ties in either variable are corrected for, as scipy's default does. */

function tiedPairs(sorted: ArrayLike<number>, same: (i: number, j: number) => boolean): number {
  let total = 0;
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && same(i - 1, i)) run++;
    else {
      total += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return total;
}

/** Sorts `a` (values) in place by merge sort and returns the number of swaps a bubble sort would make. */
function countSwaps(a: Float64Array): number {
  const n = a.length;
  let src: Float64Array = a;
  let dst: Float64Array = new Float64Array(n);
  let swaps = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n),
        hi = Math.min(lo + 2 * width, n);
      let i = lo,
        j = mid,
        k = lo;
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

/** tau-b of x and y; null when it is undefined (fewer than two items, or one variable is constant). */
export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  const n = x.length;
  if (n !== y.length) throw new Error("kendallTauB: x and y differ in length");
  if (n < 2) return null;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i] - x[j] || y[i] - y[j]);
  const n0 = (n * (n - 1)) / 2;
  const n1 = tiedPairs(order, (i, j) => x[order[i]] === x[order[j]]);
  const n3 = tiedPairs(order, (i, j) => x[order[i]] === x[order[j]] && y[order[i]] === y[order[j]]);
  const ys = Float64Array.from(order, (i) => y[i]);
  const swaps = countSwaps(ys); // leaves ys sorted
  const n2 = tiedPairs(ys, (i, j) => ys[i] === ys[j]);
  const den = Math.sqrt((n0 - n1) * (n0 - n2));
  return den === 0 ? null : (n0 - n1 - n2 + n3 - 2 * swaps) / den;
}
