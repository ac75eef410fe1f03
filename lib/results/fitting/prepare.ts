/**
 * Training pairs laid out for the grid search. Each pair becomes "oriented comparisons" (x, y) that are
 * right exactly when R(x) − R(y) > TIE: a pair labelled +1 gives (a, b), one labelled −1 gives (b, a), and
 * one labelled 0 gives both, right when neither is (so one counts as wrong for the pair). Comparisons are
 * grouped by cross-validation fold so that one pass over the grid scores every fold at once.
 */
import { PREFERENCE_FEATURES, SOFT_FEATURES, type PlanFeatures } from "../features/types";
import { FitInputError, type FitPair } from "./pairs";

/** |R(a) − R(b)| at or below this is a tie: the reward predicts "neither". */
export const TIE = 1e-9;

export interface Prepared {
  pairs: number;
  /** Groups (folds; 1 when there is no cross-validation). */
  groups: number;
  /** Per plan (2 per pair): whether both gates pass, the reward when they do not, sub-scores (NaN = null). */
  pass: Uint8Array;
  gate: Float64Array;
  soft: Float64Array;
  pref: Float64Array;
  /** Oriented comparisons: plan indices, and per group g the ranges [seg[3g], seg[3g+1]) of ±1 pairs and [seg[3g+1], seg[3g+2]) of 0 pairs. */
  ex: Int32Array;
  ey: Int32Array;
  seg: Int32Array;
  /** Pairs labelled 0 in each group. */
  zeros: Int32Array;
}

function checkPlan(f: PlanFeatures, where: string) {
  for (const k of [...SOFT_FEATURES, ...PREFERENCE_FEATURES]) {
    const v = f[k];
    if (v !== null && !(Number.isFinite(v) && v >= 0 && v <= 1))
      throw new FitInputError([`${where}.${k}: ${v} is not a sub-score in [0, 1] (use null when it is not available)`]);
  }
  if (f.format !== 1 && f.format !== -3) throw new FitInputError([`${where}.format: ${f.format} is not +1 or −3`]);
  if (f.commonsense !== 1 && f.commonsense !== -1)
    throw new FitInputError([`${where}.commonsense: ${f.commonsense} is not +1 or −1`]);
}

/** `fold[i]` is pair i's group (0 when there is no cross-validation). */
export function prepare(pairs: readonly FitPair[], fold: ArrayLike<number> | null = null, groups = 1): Prepared {
  if (pairs.length === 0) throw new FitInputError(["no training pairs"]);
  const np = pairs.length * 2;
  const pass = new Uint8Array(np);
  const gate = new Float64Array(np);
  const soft = new Float64Array(np * SOFT_FEATURES.length);
  const pref = new Float64Array(np * PREFERENCE_FEATURES.length);
  pairs.forEach((p, i) => {
    [p.a, p.b].forEach((f, side) => {
      checkPlan(f, `pair ${p.id} plan_${side ? "b" : "a"}.features`);
      const j = 2 * i + side;
      pass[j] = f.format > 0 && f.commonsense > 0 ? 1 : 0;
      gate[j] = f.format < 0 ? -3 : 0;
      SOFT_FEATURES.forEach((k, m) => (soft[j * SOFT_FEATURES.length + m] = f[k] ?? NaN));
      PREFERENCE_FEATURES.forEach((k, m) => (pref[j * PREFERENCE_FEATURES.length + m] = f[k] ?? NaN));
    });
  });
  const ex: number[] = [];
  const ey: number[] = [];
  const seg = new Int32Array(3 * groups);
  const zeros = new Int32Array(groups);
  for (let g = 0; g < groups; g++) {
    const mine = pairs.map((_, i) => i).filter((i) => (fold ? fold[i] : 0) === g);
    seg[3 * g] = ex.length;
    for (const i of mine) {
      if (pairs[i].label === 1) {
        ex.push(2 * i);
        ey.push(2 * i + 1);
      }
      if (pairs[i].label === -1) {
        ex.push(2 * i + 1);
        ey.push(2 * i);
      }
    }
    seg[3 * g + 1] = ex.length;
    for (const i of mine) {
      if (pairs[i].label !== 0) continue;
      ex.push(2 * i, 2 * i + 1);
      ey.push(2 * i + 1, 2 * i);
      zeros[g]++;
    }
    seg[3 * g + 2] = ex.length;
  }
  return {
    pairs: pairs.length,
    groups,
    pass,
    gate,
    soft,
    pref,
    ex: Int32Array.from(ex),
    ey: Int32Array.from(ey),
    seg,
    zeros,
  };
}

/** Weighted mean of one plan's sub-scores, computed exactly as reward() does (same order, same operations). */
export function weightedMeanAt(values: Float64Array, at: number, weights: Float64Array): number {
  let num = 0;
  let den = 0;
  for (let k = 0; k < weights.length; k++) {
    const v = values[at + k];
    if (v !== v) continue; // NaN = not available
    num += weights[k] * v;
    den += weights[k];
  }
  return den === 0 ? 0 : num / den;
}
