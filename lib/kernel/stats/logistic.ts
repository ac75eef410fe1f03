/**
 * Logistic regression by maximum likelihood (Newton–Raphson, as statsmodels' Logit.fit(method="newton")), with an
 * intercept.
 */
import { solveSpd } from "./linear";

export interface LogitFit {
  /** Intercept first, then one coefficient per column of X. */
  coef: number[];
  /** Standard errors from the inverse of the information matrix at the estimate (statsmodels' `bse`). */
  se: number[];
  iterations: number;
}

export type LogitFailure = { coef: null; reason: string };

/**
 * Fits P(y = 1 | x) = σ(b0 + Σ b_j x_j). `x` holds one row per observation. Null with a reason when the
 * estimate does not exist: a column that is constant or a copy of others (a singular information matrix), or
 * separated outcomes (the likelihood keeps rising as a coefficient grows; detected by |b| passing 30).
 * `weight`, when given, counts each row that many times (frequency weights: the fit, standard errors included,
 * equals the fit on the rows repeated), so that data with few distinct rows can be fitted as their counts.
 */
export function logit(
  x: readonly (readonly number[])[],
  y: readonly (0 | 1)[],
  maxIter = 100,
  weight?: ArrayLike<number>,
): LogitFit | LogitFailure {
  const n = x.length;
  let count = n;
  if (weight) {
    count = 0;
    for (let i = 0; i < n; i++) count += weight[i];
  }
  if (count === 0) return { coef: null, reason: "no observations" };
  const p = x[0].length + 1;
  if (count <= p) return { coef: null, reason: `${count} observations for ${p} coefficients` };
  const wt = (i: number) => (weight ? weight[i] : 1);
  const row = (i: number, j: number) => (j === 0 ? 1 : x[i][j - 1]);
  let b = new Float64Array(p);
  const H = new Float64Array(p * p);
  const g = new Float64Array(p);
  for (let iter = 1; iter <= maxIter; iter++) {
    H.fill(0);
    g.fill(0);
    for (let i = 0; i < n; i++) {
      let eta = 0;
      for (let j = 0; j < p; j++) eta += b[j] * row(i, j);
      const mu = 1 / (1 + Math.exp(-eta));
      const f = wt(i);
      const w = f * mu * (1 - mu);
      for (let j = 0; j < p; j++) {
        const xj = row(i, j);
        g[j] += f * (y[i] - mu) * xj;
        for (let k = 0; k <= j; k++) H[j * p + k] += w * xj * row(i, k);
      }
    }
    for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) H[k * p + j] = H[j * p + k];
    const step = solveSpd(H, g, p);
    if (!step) return { coef: null, reason: "a predictor is constant or a combination of others" };
    b = b.map((v, j) => v + step[j]);
    if (b.some((v) => !Number.isFinite(v) || Math.abs(v) > 30))
      return { coef: null, reason: "the outcomes are separated by the predictors: no finite estimate" };
    if (Math.max(...step.map(Math.abs)) < 1e-10)
      return { coef: [...b], se: standardErrors(x, b, weight), iterations: iter };
  }
  return { coef: null, reason: `no convergence in ${maxIter} iterations` };
}

/** √diag of the inverse information matrix Xᵀ W X at `b` (W: μ(1 − μ) times the row's frequency weight). */
function standardErrors(x: readonly (readonly number[])[], b: Float64Array, weight?: ArrayLike<number>): number[] {
  const p = b.length;
  const H = new Float64Array(p * p);
  x.forEach((r, i) => {
    const xi = [1, ...r];
    const eta = xi.reduce((s, v, j) => s + v * b[j], 0);
    const mu = 1 / (1 + Math.exp(-eta));
    const w = (weight ? weight[i] : 1) * mu * (1 - mu);
    for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) H[j * p + k] += w * xi[j] * xi[k];
  });
  return Array.from({ length: p }, (_, j) => {
    const e = new Float64Array(p);
    e[j] = 1;
    const col = solveSpd(H, e, p);
    return col ? Math.sqrt(col[j]) : NaN;
  });
}
