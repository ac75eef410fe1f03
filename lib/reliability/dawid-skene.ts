/**
 * Dawid–Skene (1979): each rater has a confusion matrix e_w[observed | true], items a latent true label with
 * prior π. EM initialised from the soft majority vote (share of each label among an item's ratings), run until
 * the evidence lower bound per rating improves by less than `tol` (DS_TOL) — crowd-kit's DawidSkene, step for step
 * (log₂ E-step with max-shift, counts clipped at 1e-10 before normalising over the labels the rater used).
 */
import { voteShares, type RatingMatrix } from "./ratings";

const EPS = 1e-10;
/** Converged when the evidence lower bound per rating improves by less than this (crowd-kit's default is 1e-5). */
export const DS_TOL = 1e-8;

export interface DawidSkeneResult {
  /** Posterior of each item's true label, items × labels, row-major. */
  posterior: Float64Array;
  priors: Float64Array;
  /** errors[(w·K + observed)·K + true]; 0 where the rater never used `observed`. */
  errors: Float64Array;
  /** Per rater Σ_c π_c · e_w[c | c]: the chance they give the true label. */
  accuracy: Float64Array;
  iterations: number;
  converged: boolean;
}

function mStep(m: RatingMatrix, probas: Float64Array, K: number): Float64Array {
  const W = m.raters.length;
  const errors = new Float64Array(W * K * K);
  const used = new Uint8Array(W * K);
  for (let k = 0; k < m.item.length; k++) {
    const row = (m.rater[k] * K + m.label[k]) * K;
    used[m.rater[k] * K + m.label[k]] = 1;
    for (let c = 0; c < K; c++) errors[row + c] += probas[m.item[k] * K + c];
  }
  for (let w = 0; w < W; w++) {
    for (let o = 0; o < K; o++)
      if (used[w * K + o])
        for (let c = 0; c < K; c++) errors[(w * K + o) * K + c] = Math.max(EPS, errors[(w * K + o) * K + c]);
    for (let c = 0; c < K; c++) {
      let sum = 0;
      for (let o = 0; o < K; o++) sum += errors[(w * K + o) * K + c];
      for (let o = 0; o < K; o++) if (used[w * K + o]) errors[(w * K + o) * K + c] /= sum;
    }
  }
  return errors;
}

function eStep(m: RatingMatrix, priors: Float64Array, errors: Float64Array, K: number): Float64Array {
  const I = m.items.length;
  const ll = new Float64Array(I * K);
  // One logarithm per (rater, observed, true) cell, not one per rating.
  const logErrors = errors.map(Math.log2);
  for (let i = 0; i < I; i++) for (let c = 0; c < K; c++) ll[i * K + c] = Math.log2(priors[c]);
  for (let k = 0; k < m.item.length; k++) {
    const row = (m.rater[k] * K + m.label[k]) * K;
    for (let c = 0; c < K; c++) ll[m.item[k] * K + c] += logErrors[row + c];
  }
  for (let i = 0; i < I; i++) {
    let max = -Infinity;
    for (let c = 0; c < K; c++) max = Math.max(max, ll[i * K + c]);
    let sum = 0;
    for (let c = 0; c < K; c++) sum += ll[i * K + c] = Math.pow(2, ll[i * K + c] - max);
    for (let c = 0; c < K; c++) ll[i * K + c] /= sum;
  }
  return ll;
}

function meanRows(probas: Float64Array, I: number, K: number): Float64Array {
  const p = new Float64Array(K);
  for (let i = 0; i < I; i++) for (let c = 0; c < K; c++) p[c] += probas[i * K + c];
  for (let c = 0; c < K; c++) p[c] /= I;
  return p;
}

/** x·log y with 0·log 0 = 0 (pandas skips the NaN numpy makes of it). */
const xlog = (x: number, y: number) => (x === 0 ? 0 : x * Math.log(y));

function elbo(m: RatingMatrix, probas: Float64Array, priors: Float64Array, errors: Float64Array, K: number): number {
  let total = 0;
  const logErrors = errors.map(Math.log),
    logPriors = priors.map(Math.log);
  for (let k = 0; k < m.item.length; k++) {
    const row = (m.rater[k] * K + m.label[k]) * K;
    for (let c = 0; c < K; c++) {
      const p = probas[m.item[k] * K + c];
      if (p !== 0) total += p * (logErrors[row + c] + logPriors[c]);
    }
  }
  for (let j = 0; j < probas.length; j++) total -= xlog(probas[j], probas[j]);
  return total;
}

export function dawidSkene(m: RatingMatrix, opts: { maxIterations?: number; tol?: number } = {}): DawidSkeneResult {
  const K = m.labels.length,
    I = m.items.length,
    W = m.raters.length;
  const maxIterations = opts.maxIterations ?? 1000,
    tol = opts.tol ?? DS_TOL;
  let probas = voteShares(m);
  let priors = meanRows(probas, I, K);
  let errors = mStep(m, probas, K);
  let loss = -Infinity,
    iterations = 0,
    converged = false;
  while (iterations < maxIterations) {
    iterations++;
    probas = eStep(m, priors, errors, K);
    priors = meanRows(probas, I, K);
    errors = mStep(m, probas, K);
    const next = elbo(m, probas, priors, errors, K) / m.item.length;
    if (next - loss < tol) {
      converged = true;
      break;
    }
    loss = next;
  }
  const accuracy = new Float64Array(W);
  for (let w = 0; w < W; w++) for (let c = 0; c < K; c++) accuracy[w] += priors[c] * errors[(w * K + c) * K + c];
  return { posterior: probas, priors, errors, accuracy, iterations, converged };
}
