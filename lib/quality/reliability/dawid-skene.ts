/**
 * Dawid–Skene (1979): each rater has a confusion matrix e_w[observed | true], items a latent true label with
 * prior π. EM initialised from the soft majority vote (share of each label among an item's ratings), run until
 * the evidence lower bound per rating improves by less than `tol` (DS_TOL) — crowd-kit's DawidSkene, step for step
 * (its log₂ E-step with max-shift, here in natural logarithms: the same probabilities; counts clipped at 1e-10
 * before normalising over the labels the rater used).
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

/**
 * Where each rating reads and writes, worked out once for all iterations: its confusion row's offset
 * ((rater·K + label)·K), its item's offset in the posteriors (item·K), and which (rater, label) rows are used.
 */
interface Layout {
  row: Int32Array;
  at: Int32Array;
  used: Uint8Array;
}

function layoutOf(m: RatingMatrix, K: number): Layout {
  const n = m.item.length;
  const l: Layout = { row: new Int32Array(n), at: new Int32Array(n), used: new Uint8Array(m.raters.length * K) };
  for (let k = 0; k < n; k++) {
    l.row[k] = (m.rater[k] * K + m.label[k]) * K;
    l.at[k] = m.item[k] * K;
    l.used[m.rater[k] * K + m.label[k]] = 1;
  }
  return l;
}

/**
 * The M-step into `errors` (reused across iterations): each rater's confusion counts, kept unnormalised in `sums`
 * (the evidence lower bound reads them: Σ over a rater's ratings of an item's posterior is exactly these counts),
 * then clipped at EPS where the rater used the label and normalised over the labels.
 */
function mStep(l: Layout, probas: Float64Array, K: number, errors: Float64Array, sums: Float64Array) {
  const W = l.used.length / K;
  sums.fill(0);
  for (let k = 0; k < l.row.length; k++) {
    const row = l.row[k],
      at = l.at[k];
    for (let c = 0; c < K; c++) sums[row + c] += probas[at + c];
  }
  for (let w = 0; w < W; w++) {
    for (let o = 0; o < K; o++)
      for (let c = 0; c < K; c++) {
        const x = (w * K + o) * K + c;
        errors[x] = l.used[w * K + o] ? Math.max(EPS, sums[x]) : 0;
      }
    for (let c = 0; c < K; c++) {
      let sum = 0;
      for (let o = 0; o < K; o++) sum += errors[(w * K + o) * K + c];
      for (let o = 0; o < K; o++) if (l.used[w * K + o]) errors[(w * K + o) * K + c] /= sum;
    }
  }
}

/**
 * Turns row i of natural-log scores into probabilities in place (shifted by the row's maximum, as crowd-kit does in
 * base 2: the same probabilities) and answers the row's Σ p·ln p from the scores, one logarithm per row.
 * Math.exp, not 2 ** x: V8's pow costs four times as much, and this runs for every item in every iteration.
 */
function normalizeLogRow(ll: Float64Array, i: number, K: number): number {
  const at = i * K;
  let max = -Infinity;
  for (let c = 0; c < K; c++) max = Math.max(max, ll[at + c]);
  if (shifted.length < K) shifted = new Float64Array(K);
  let sum = 0;
  for (let c = 0; c < K; c++) {
    shifted[c] = ll[at + c] - max;
    sum += ll[at + c] = Math.exp(shifted[c]);
  }
  // ln p_c = (score_c − max) − ln(sum); a label of probability 0 adds nothing (0·ln 0 = 0).
  const logSum = Math.log(sum);
  let plogp = 0;
  for (let c = 0; c < K; c++) {
    const p = (ll[at + c] /= sum);
    if (p !== 0) plogp += p * (shifted[c] - logSum);
  }
  return plogp;
}
/** normalizeLogRow's scratch: one row's shifted scores. */
let shifted = new Float64Array(3);

/** The E-step into `ll` (reused): each item's posterior under the priors and errors; answers Σ p·ln p over items. */
function eStep(l: Layout, priors: Float64Array, errors: Float64Array, K: number, ll: Float64Array): number {
  const I = ll.length / K;
  // One logarithm per (rater, observed, true) cell and per label, not one per rating or item.
  const logErrors = errors.map(Math.log),
    logPriors = priors.map(Math.log);
  for (let i = 0; i < I; i++) for (let c = 0; c < K; c++) ll[i * K + c] = logPriors[c];
  for (let k = 0; k < l.row.length; k++) {
    const row = l.row[k],
      at = l.at[k];
    for (let c = 0; c < K; c++) ll[at + c] += logErrors[row + c];
  }
  let plogp = 0;
  for (let i = 0; i < I; i++) plogp += normalizeLogRow(ll, i, K);
  return plogp;
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
    this.logPriors = from.priors.map(Math.log);
    this.logErrors = from.errors.map(Math.log);
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
    normalizeLogRow(ll, 0, K);
    return ll;
  }
}

function meanRows(probas: Float64Array, I: number, K: number): Float64Array {
  const p = new Float64Array(K);
  for (let i = 0; i < I; i++) for (let c = 0; c < K; c++) p[c] += probas[i * K + c];
  for (let c = 0; c < K; c++) p[c] /= I;
  return p;
}

/**
 * The evidence lower bound: Σ over ratings and labels of p·(ln e + ln π), less Σ p·ln p (`plogp`, from the E-step).
 * The first sum is gathered by confusion cell: a cell's share of it is its M-step count times its logarithm, and the
 * priors' share is each label's total count, so no pass over the ratings is needed.
 */
function elbo(sums: Float64Array, priors: Float64Array, errors: Float64Array, K: number, plogp: number): number {
  let total = 0;
  const perLabel = new Float64Array(K);
  for (let x = 0; x < sums.length; x++) {
    if (sums[x] === 0) continue; // no posterior mass in the cell (pandas skips the NaN numpy makes of 0·ln 0)
    total += sums[x] * Math.log(errors[x]);
    perLabel[x % K] += sums[x];
  }
  for (let c = 0; c < K; c++) if (perLabel[c] !== 0) total += perLabel[c] * Math.log(priors[c]);
  return total - plogp;
}

export function dawidSkene(m: RatingMatrix, opts: { maxIterations?: number; tol?: number } = {}): DawidSkeneResult {
  const K = m.labels.length,
    I = m.items.length,
    W = m.raters.length;
  const maxIterations = opts.maxIterations ?? 1000,
    tol = opts.tol ?? DS_TOL;
  const probas = voteShares(m);
  let priors = meanRows(probas, I, K);
  const layout = layoutOf(m, K);
  const sums = new Float64Array(W * K * K);
  let errors = new Float64Array(W * K * K);
  mStep(layout, probas, K, errors, sums);
  let loss = -Infinity,
    iterations = 0,
    converged = false;
  let posteriorFrom = { priors, errors };
  // The E-step reads only the priors and errors, so it overwrites the posteriors in place; the errors alternate
  // between two buffers, so the last E-step's inputs are kept beside the M-step after it.
  let spareErrors = new Float64Array(W * K * K);
  while (iterations < maxIterations) {
    iterations++;
    posteriorFrom = { priors, errors };
    const plogp = eStep(layout, priors, errors, K, probas);
    priors = meanRows(probas, I, K);
    [errors, spareErrors] = [spareErrors, errors];
    mStep(layout, probas, K, errors, sums);
    const bound = elbo(sums, priors, errors, K, plogp) / m.item.length;
    if (bound - loss < tol) {
      converged = true;
      break;
    }
    loss = bound;
  }
  const accuracy = new Float64Array(W);
  for (let w = 0; w < W; w++) for (let c = 0; c < K; c++) accuracy[w] += priors[c] * errors[(w * K + c) * K + c];
  return { posterior: probas, priors, errors, accuracy, iterations, converged, posteriorFrom };
}
