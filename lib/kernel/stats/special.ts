/** Special functions the reliability models need. */

/** ψ(x), the digamma function, for x > 0: recurrence up to x ≥ 6, then the asymptotic series (error < 1e-13). */
export function digamma(x: number): number {
  if (!(x > 0)) return Number.NaN;
  let acc = 0;
  while (x < 6) {
    acc -= 1 / x;
    x += 1;
  }
  const f = 1 / (x * x);
  // Bernoulli terms: 1/12, −1/120, 1/252, −1/240, 1/132, −691/32760
  const series = f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f * (1 / 132 - (f * 691) / 32760)))));
  return acc + Math.log(x) - 0.5 / x - series;
}
