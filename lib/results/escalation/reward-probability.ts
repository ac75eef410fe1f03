/**
 * How sure TripScore's reward judges are: P(A | d) = σ(a + b·d), d = R(A) − R(B), a logistic fit of the experts'
 * majority (A 1, B 0; a Neither majority and unlabelled pairs left out) on the reward difference. Cross-fitted so
 * that no pair calibrates its own probability: the pairs fall in 5 folds by a hash of their id (tj_pair_draw's), a
 * labelled pair's probability comes from the fit on the other four folds, an unlabelled pair's from the fit on every
 * labelled one. The reward never says Neither, so p_neither is absent (a Neither majority is a disagreement in
 * escalation's calibration). Checked against reward_probability_reference.py (scipy); docs/escalation.md.
 */
import { pairDraw } from "../../judging";
import type { Verdict } from "../../judging/verdict";

export const REWARD_FOLDS = 5;
/** Fewer labelled A/B pairs than this behind a fit: no probability (the judge abstains on the pairs it would serve). */
export const MIN_REWARD_CALIBRATION = 10;
/**
 * A ridge (λ/2)(a² + b²) on the negative log-likelihood: tiny, so it moves no real fit, yet data a threshold on d
 * separates (every A above every B), or with one class only, still have a finite optimum for Newton to reach.
 */
export const REWARD_RIDGE = 1e-6;
const MAX_ITERATIONS = 200;

export interface RewardPair {
  id: string;
  /** R(plan A) − R(plan B). */
  d: number;
  /** The experts' majority; null: not labelled (not complete, or no strict majority). */
  human: Verdict | null;
}

export interface LogisticFit {
  a: number;
  b: number;
  /** Labelled A/B pairs fitted. */
  n: number;
}

export interface RewardProbabilities {
  /** By pair id; a pair absent has no probability (its fit had too few pairs): the judge abstains there. */
  probabilities: Map<string, { p_a: number; p_b: number }>;
  /** Labelled pairs with an A or B majority: what the fits learn from. */
  labelled: number;
  /** The fit on every labelled pair (the unlabelled pairs'), and each fold's on the other folds; null below the minimum. */
  all: LogisticFit | null;
  folds: (LogisticFit | null)[];
}

/** A pair's fold, 0–4: tj_pair_draw's point in [0, 1) times 5. */
export const rewardFold = (pairId: string) => Math.floor(pairDraw(pairId) * REWARD_FOLDS);

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
/** log(1 + eᶻ) without overflow. */
const softplus = (z: number) => Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z)));

/**
 * The ridge-penalized maximum-likelihood fit of P(y = 1 | d) = σ(a + b·d), by Newton–Raphson from (0, 0), each step
 * halved until the objective does not rise (the objective is convex: this only guards the first steps).
 */
export function logisticFit(d: ArrayLike<number>, y: ArrayLike<number>, ridge = REWARD_RIDGE): LogisticFit {
  const n = d.length;
  const objective = (a: number, b: number) => {
    let f = (ridge / 2) * (a * a + b * b);
    for (let i = 0; i < n; i++) {
      const z = a + b * d[i];
      f += softplus(z) - y[i] * z;
    }
    return f;
  };
  let a = 0,
    b = 0,
    f = objective(a, b);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    let ga = ridge * a,
      gb = ridge * b,
      haa = ridge,
      hab = 0,
      hbb = ridge;
    for (let i = 0; i < n; i++) {
      const p = sigmoid(a + b * d[i]);
      const r = p - y[i],
        w = p * (1 - p);
      ga += r;
      gb += r * d[i];
      haa += w;
      hab += w * d[i];
      hbb += w * d[i] * d[i];
    }
    const det = haa * hbb - hab * hab;
    let sa = (hbb * ga - hab * gb) / det,
      sb = (haa * gb - hab * ga) / det;
    let next = objective(a - sa, b - sb);
    for (let h = 0; h < 60 && next > f; h++) {
      sa /= 2;
      sb /= 2;
      next = objective(a - sa, b - sb);
    }
    a -= sa;
    b -= sb;
    f = Math.min(f, next);
    if (Math.max(Math.abs(sa), Math.abs(sb)) <= 1e-12 * (1 + Math.max(Math.abs(a), Math.abs(b)))) break;
  }
  return { a, b, n };
}

function fitOn(pairs: readonly RewardPair[]): LogisticFit | null {
  const ab = pairs.filter((p) => p.human === "A" || p.human === "B");
  if (ab.length < MIN_REWARD_CALIBRATION) return null;
  return logisticFit(
    ab.map((p) => p.d),
    ab.map((p) => (p.human === "A" ? 1 : 0)),
  );
}

/**
 * Every pair's cross-fitted probability. A pair with an expert majority (A, B or Neither) takes the fit on the other
 * folds, so its own label never enters the probability it is calibrated with; an unlabelled pair takes the fit on all
 * labelled pairs (none of which is it).
 */
export function crossFittedRewardProbabilities(pairs: readonly RewardPair[]): RewardProbabilities {
  const fold = pairs.map((p) => rewardFold(p.id));
  const all = fitOn(pairs);
  const folds = Array.from({ length: REWARD_FOLDS }, (_, k) =>
    all ? fitOn(pairs.filter((_, i) => fold[i] !== k)) : null,
  );
  const probabilities = new Map<string, { p_a: number; p_b: number }>();
  pairs.forEach((p, i) => {
    const fit = p.human === null ? all : folds[fold[i]];
    if (!fit) return;
    const p_a = sigmoid(fit.a + fit.b * p.d);
    probabilities.set(p.id, { p_a, p_b: 1 - p_a });
  });
  return {
    probabilities,
    labelled: all?.n ?? pairs.filter((p) => p.human === "A" || p.human === "B").length,
    all,
    folds,
  };
}
