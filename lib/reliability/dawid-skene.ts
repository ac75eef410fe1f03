/**
 * Dawid–Skene (1979): each rater has a confusion matrix e_w[observed | true], items a latent true label with
 * prior π. EM initialised from the soft majority vote (share of each label among an item's ratings), run until
 * the evidence lower bound per rating improves by less than `tol` (DS_TOL) — crowd-kit's DawidSkene, step for step
 * (log₂ E-step with max-shift, counts clipped at 1e-10 before normalising over the labels the rater used).
 * `DawidSkenePosterior` is the E-step for one item at a time: the fitted posterior of an item from its ratings
 * alone, so a caller can label items in batches without holding every item's posterior.
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
  /** The parameters `posterior` was computed from: the last E-step's (`priors` and `errors` are one M-step later). */
  posteriorFrom: { priors: Float64Array; errors: Float64Array };
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

/** Turns row i of log₂ scores into probabilities in place (shifted by the row's maximum, as crowd-kit does). */
function normalizeLog2Row(ll: Float64Array, i: number, K: number) {
  let max = -Infinity;
  for (let c = 0; c < K; c++) max = Math.max(max, ll[i * K + c]);
  let sum = 0;
  for (let c = 0; c < K; c++) sum += ll[i * K + c] = Math.pow(2, ll[i * K + c] - max);
  for (let c = 0; c < K; c++) ll[i * K + c] /= sum;
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
  for (let i = 0; i < I; i++) normalizeLog2Row(ll, i, K);
  return ll;
}

/**
 * The fitted posterior of single items: the E-step's arithmetic, operation for operation, so an item whose ratings
 * come in the order the fit saw them gets exactly (bit for bit) the posterior of the fit.
 */
export class DawidSkenePosterior {
  private logPriors: Float64Array;
  private logErrors: Float64Array;
  constructor(
    readonly K: number,
    from: { priors: Float64Array; errors: Float64Array },
  ) {
    this.logPriors = from.priors.map(Math.log2);
    this.logErrors = from.errors.map(Math.log2);
  }

  /**
   * The posterior over the labels of an item rated `labels[k]` by rater `raters[k]` (indexes of the fit). A label the
   * rater never gave in the fit has no estimate (its confusion row is all zero, which would make every label
   * impossible): that rating says nothing, and the posterior rests on the others and the priors. Items of the fit
   * never meet such a rating, so theirs stay the fit's, bit for bit.
   */
  of(raters: ArrayLike<number>, labels: ArrayLike<number>): Float64Array {
    const K = this.K;
    const ll = new Float64Array(K);
    for (let c = 0; c < K; c++) ll[c] = this.logPriors[c];
    for (let k = 0; k < raters.length; k++) {
      const row = (raters[k] * K + labels[k]) * K;
      if (this.logErrors[row] === -Infinity) continue; // unused by this rater in the fit: a used cell is ≥ 1e-10
      for (let c = 0; c < K; c++) ll[c] += this.logErrors[row + c];
    }
    normalizeLog2Row(ll, 0, K);
    return ll;
  }
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
  let posteriorFrom = { priors, errors };
  while (iterations < maxIterations) {
    iterations++;
    posteriorFrom = { priors, errors };
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
  return { posterior: probas, priors, errors, accuracy, iterations, converged, posteriorFrom };
}
