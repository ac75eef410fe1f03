import assert from "node:assert/strict";
import { test } from "node:test";
import { binomial, multinomial, seededRandom } from "./random";

/** Pearson's chi-square of `draws` samples against the exact Binomial(n, p) probabilities (cells with expectation < 5 pooled). */
function chiSquare(n: number, p: number, draws: number, seed: number): { stat: number; df: number } {
  const rng = seededRandom(seed);
  const seen = new Float64Array(n + 1);
  for (let i = 0; i < draws; i++) seen[binomial(rng, n, p)]++;
  const pmf = new Float64Array(n + 1);
  pmf[0] = Math.pow(1 - p, n);
  for (let k = 0; k < n; k++) pmf[k + 1] = (pmf[k] * (n - k) * p) / ((k + 1) * (1 - p));
  let stat = 0;
  let df = -1;
  let e = 0;
  let o = 0;
  for (let k = 0; k <= n; k++) {
    e += pmf[k] * draws;
    o += seen[k];
    if (e >= 5 || k === n) {
      stat += ((o - e) * (o - e)) / Math.max(e, 1e-12);
      df++;
      e = 0;
      o = 0;
    }
  }
  return { stat, df };
}

test("binomial variates follow the exact distribution (inversion and BTRD regimes, both tails of p)", () => {
  for (const [n, p] of [
    [20, 0.2],
    [40, 0.25],
    [100, 0.3],
    [400, 0.5],
    [250, 0.9],
    [1000, 0.04],
  ] as const) {
    const { stat, df } = chiSquare(n, p, 200_000, 7 + n);
    // 99.9th percentile of chi-square ≈ df + 3.1·sqrt(2·df) + 10 for these df (generous, still catches a wrong sampler).
    assert.ok(stat < df + 3.1 * Math.sqrt(2 * df) + 10, `n=${n} p=${p}: chi-square ${stat.toFixed(1)} on ${df} df`);
  }
});

test("binomial: large n has the right mean and variance; edge cases are exact", () => {
  const rng = seededRandom(3);
  const n = 1_000_000;
  const p = 0.37;
  const xs = Array.from({ length: 20_000 }, () => binomial(rng, n, p));
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  assert.ok(Math.abs(mean - n * p) < 5 * Math.sqrt((n * p * (1 - p)) / xs.length), `mean ${mean}`);
  assert.ok(Math.abs(variance / (n * p * (1 - p)) - 1) < 0.05, `variance ratio ${variance / (n * p * (1 - p))}`);
  assert.equal(binomial(rng, 0, 0.5), 0);
  assert.equal(binomial(rng, 10, 0), 0);
  assert.equal(binomial(rng, 10, 1), 10);
});

test("multinomial counts sum to n, keep empty cells empty, and are reproducible", () => {
  const w = [5, 0, 3, 2, 0, 90];
  const a = new Float64Array(w.length);
  const b = new Float64Array(w.length);
  multinomial(seededRandom(11), 1000, w, a);
  multinomial(seededRandom(11), 1000, w, b);
  assert.deepEqual(a, b);
  assert.equal(
    a.reduce((s, x) => s + x, 0),
    1000,
  );
  assert.equal(a[1], 0);
  assert.equal(a[4], 0);
  assert.ok(a[5] > 850 && a[5] < 950);
});
