/**
 * MACE (Hovy et al. 2013): on each rating a rater either knows (gives the true label) or spams (draws from
 * their own label distribution ξ_w). Variational Bayes as crowd-kit's MACE (method "vb": Beta(0.5, 0.5) on
 * knowing, Dirichlet(10) on ξ, uniform prior on the true label), with one deterministic start (even odds,
 * uniform ξ) instead of random restarts, iterated until no parameter moves by more than `tol` (MACE_TOL).
 * The E-step works in log space per item so that items with many raters do not underflow.
 */
import { digamma } from "../../kernel";
import type { RatingMatrix } from "./ratings";

export interface MaceResult {
  /** Posterior of each item's true label, items × labels, row-major. */
  posterior: Float64Array;
  /** Per rater, the probability of spamming on a rating: s_spam / (s_spam + s_know) of the variational estimates. */
  spam: Float64Array;
  iterations: number;
  converged: boolean;
}

const ALPHA = 0.5,
  BETA = 0.5,
  STRATEGY_PRIOR = 10;
/** Converged when no parameter moves by more than this in an iteration. */
export const MACE_TOL = 1e-7;

export function mace(m: RatingMatrix, opts: { maxIterations?: number; tol?: number } = {}): MaceResult {
  const K = m.labels.length,
    I = m.items.length,
    W = m.raters.length,
    N = m.item.length;
  const maxIterations = opts.maxIterations ?? 1000,
    tol = opts.tol ?? MACE_TOL;
  let spam0 = new Float64Array(W).fill(0.5),
    spam1 = new Float64Array(W).fill(0.5);
  let theta = new Float64Array(W * K).fill(1 / K);
  const gold = new Float64Array(I * K);
  const instance = new Float64Array(I);

  // E-step: gold[i][c] ∝ Π_k (s_spam θ[w, l_k] + s_know [c = l_k]) (scaled per item; only ratios are used).
  const eStep = () => {
    gold.fill(0);
    // log(s_spam θ[w, l] + s_know [c = l]) for every rater, label and true label: one logarithm per cell, not per rating.
    const logF = new Float64Array(W * K * K);
    for (let w = 0; w < W; w++)
      for (let l = 0; l < K; l++)
        for (let c = 0; c < K; c++)
          logF[(w * K + l) * K + c] = Math.log(spam0[w] * theta[w * K + l] + (c === l ? spam1[w] : 0));
    for (let k = 0; k < N; k++) {
      const row = (m.rater[k] * K + m.label[k]) * K,
        i = m.item[k];
      for (let c = 0; c < K; c++) gold[i * K + c] += logF[row + c];
    }
    for (let i = 0; i < I; i++) {
      let max = -Infinity;
      for (let c = 0; c < K; c++) max = Math.max(max, gold[i * K + c]);
      let sum = 0;
      for (let c = 0; c < K; c++) sum += gold[i * K + c] = Math.exp(gold[i * K + c] - max);
      instance[i] = sum;
    }
    const strategy = new Float64Array(W * K),
      knowing0 = new Float64Array(W),
      knowing1 = new Float64Array(W);
    for (let k = 0; k < N; k++) {
      const w = m.rater[k],
        l = m.label[k],
        i = m.item[k];
      const base = spam0[w] * theta[w * K + l];
      let s = 0;
      for (let c = 0; c < K; c++) s += gold[i * K + c] / (base + (c === l ? spam1[w] : 0));
      const spamming = (s * base) / instance[i];
      strategy[w * K + l] += spamming;
      knowing0[w] += spamming;
      knowing1[w] += (gold[i * K + l] * spam1[w]) / (base + spam1[w]) / instance[i];
    }
    return { strategy, knowing0, knowing1 };
  };

  let iterations = 0,
    converged = false;
  let counts = eStep();
  while (iterations < maxIterations) {
    iterations++;
    const next0 = new Float64Array(W),
      next1 = new Float64Array(W),
      nextTheta = new Float64Array(W * K);
    for (let w = 0; w < W; w++) {
      const norm = Math.exp(digamma(counts.knowing0[w] + ALPHA + counts.knowing1[w] + BETA));
      next0[w] = Math.exp(digamma(counts.knowing0[w] + ALPHA)) / norm;
      next1[w] = Math.exp(digamma(counts.knowing1[w] + BETA)) / norm;
      let total = 0;
      for (let l = 0; l < K; l++) total += counts.strategy[w * K + l] + STRATEGY_PRIOR;
      const tnorm = Math.exp(digamma(total));
      for (let l = 0; l < K; l++)
        nextTheta[w * K + l] = Math.exp(digamma(counts.strategy[w * K + l] + STRATEGY_PRIOR)) / tnorm;
    }
    let moved = 0;
    for (let w = 0; w < W; w++) moved = Math.max(moved, Math.abs(next0[w] - spam0[w]), Math.abs(next1[w] - spam1[w]));
    for (let j = 0; j < theta.length; j++) moved = Math.max(moved, Math.abs(nextTheta[j] - theta[j]));
    spam0 = next0;
    spam1 = next1;
    theta = nextTheta;
    counts = eStep();
    if (moved < tol) {
      converged = true;
      break;
    }
  }
  const posterior = new Float64Array(I * K);
  for (let i = 0; i < I; i++) for (let c = 0; c < K; c++) posterior[i * K + c] = gold[i * K + c] / instance[i];
  const spam = new Float64Array(W);
  for (let w = 0; w < W; w++) spam[w] = spam0[w] / (spam0[w] + spam1[w]);
  return { posterior, spam, iterations, converged };
}
