/**
 * Guaranteed escalation (Jung, Brahman & Choi, "Trust or Escalate", ICLR 2025): a judge decides an item only when
 * its confidence is at least a threshold λ̂ chosen on expert-labelled calibration items so that, with probability at
 * least 1 − δ over the calibration draw, the judge agrees with the experts' majority on at least 1 − α of the items
 * it decides: P(verdict = human | confidence ≥ λ̂) ≥ 1 − α.
 *
 * λ̂ comes from fixed-sequence testing (Bauer 1991; the paper's guarantee rests on it). Thresholds are tested from
 * high to low on the authors' grid (1, 4,999/5,000, …, 0); at λ, with n(λ) calibration items at or above it of which
 * k(λ) disagree with the experts, the null hypothesis "the disagreement rate at λ exceeds α" is rejected when the
 * exact binomial p-value P(Binomial(n, α) ≤ k) is at most δ — the same as the one-sided Clopper–Pearson upper bound
 * at level δ being at most α, the authors' test. The scan stops at the first threshold not rejected; λ̂ is the last
 * one rejected. As in the authors' code, it starts at the highest threshold with at least MIN_ITEMS_AT_THRESHOLD
 * items (fewer could never reject at usual α and δ, so every judge would abstain on everything).
 *
 * Where this differs from the authors' code (cascaded-selective-evaluation, util.py), and why:
 * - When that first threshold fails, the code still returns it (and decides the items above it); we abstain on
 *   everything: no threshold was shown to keep the promise.
 * - The code's grid is torch.linspace(0, 1, 5000) in float32 and it steps down by 1/(number of thresholds with 30
 *   items), which need not be the grid's step; ours is s/5,000 in double precision, stepped one point at a time.
 *
 * A cascade (cheapest judge first) is calibrated sequentially, as the paper and the code do: each judge only on
 * the calibration items every earlier judge abstained on, so its threshold holds on the items that reach it.
 * Calibrating every judge on all items breaks the guarantee (simulation.test.ts shows it).
 */
import { binomLowerTail, lowerTailBoundary } from "../../kernel";
import type { EscalationItem } from "./items";
import { type Verdict } from "../../judging/verdict";
import { MIN_ITEMS_AT_THRESHOLD, riskProblem } from "./limits";

/** The thresholds tested are s / THRESHOLD_STEPS for s = THRESHOLD_STEPS … 0 (the authors' grid of 5,000). */
export const THRESHOLD_STEPS = 5000;

export interface EscalationOptions {
  /** The tolerated disagreement with the experts' majority: the target agreement is 1 − α. */
  alpha: number;
  /** The chance the guarantee may fail over the calibration draw. */
  delta: number;
}

/** A judge's confidence on one calibration item and whether its verdict differs from the experts'. */
export interface CalibrationCall {
  confidence: number;
  wrong: boolean;
}

export interface ThresholdResult {
  /** λ̂: the judge decides items where its confidence is at least this; null: it abstains on everything. */
  threshold: number | null;
  /** Calibration items at or above the threshold (0 without one), and how many of them it got wrong. */
  decided: number;
  disagreements: number;
  /** P(Binomial(decided, α) ≤ disagreements) at the threshold; null without one. */
  pValue: number | null;
}

export interface StageCalibration extends ThresholdResult {
  judge: string;
  /** The calibration items that reached this judge (all items for the first; those earlier judges left). */
  calibrationItems: number;
  /** The one-sided Clopper–Pearson (1 − δ) upper bound on its disagreement rate at the threshold; null without one. */
  upperBound: number | null;
}

export interface Decision {
  id: string;
  /** The judge that decides the item; null: escalated to the experts. */
  judge: string | null;
  verdict: Verdict | null;
}

/** α and δ within their ranges (limits.ts), the same as the app's setting and the command line take. */
export function checkOptions({ alpha, delta }: EscalationOptions) {
  for (const [name, x] of [
    ["alpha", alpha],
    ["delta", delta],
  ] as const) {
    const problem = riskProblem(name, x);
    if (problem) throw new RangeError(`${problem}, not ${x}`);
  }
}

/** Fixed-sequence testing over the grid of thresholds, from high to low (the header says how). */
export function fixedSequenceThreshold(
  calls: readonly CalibrationCall[],
  { alpha, delta }: EscalationOptions,
  minItems = MIN_ITEMS_AT_THRESHOLD,
): ThresholdResult {
  // The right and the wrong calls' confidences, each sorted (natively, as numbers), taken in from the top together.
  const right = Float64Array.from(
    calls.filter((c) => !c.wrong),
    (c) => c.confidence,
  ).sort();
  const wrong = Float64Array.from(
    calls.filter((c) => c.wrong),
    (c) => c.confidence,
  ).sort();
  // At n items the test rejects up to rejects[n] disagreements.
  const rejects = lowerTailBoundary(calls.length, alpha, delta);
  let threshold: number | null = null,
    decided = 0,
    disagreements = 0;
  let i = right.length - 1,
    j = wrong.length - 1,
    n = 0,
    k = 0;
  for (let s = THRESHOLD_STEPS; s >= 0; s--) {
    const lambda = s / THRESHOLD_STEPS;
    for (; i >= 0 && right[i] >= lambda; i--) n++;
    for (; j >= 0 && wrong[j] >= lambda; j--) {
      n++;
      k++;
    }
    if (n < minItems) continue;
    if (k > rejects[n]) break;
    [threshold, decided, disagreements] = [lambda, n, k];
  }
  if (threshold === null) return { threshold, decided: 0, disagreements: 0, pValue: null };
  return { threshold, decided, disagreements, pValue: binomLowerTail(disagreements, decided, alpha) };
}

/**
 * The one-sided Clopper–Pearson upper bound: the rate r at which P(Binomial(n, r) ≤ k) = δ (1 when k = n), by
 * bisection to double precision (the authors' brentq on binom.cdf).
 */
export function clopperPearsonUpper(k: number, n: number, delta: number): number {
  if (k >= n) return 1;
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (binomLowerTail(k, n, mid) > delta) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Whether `judge` decides `item` at `threshold` (a judge with no verdict on the item abstains there). */
function decides(item: EscalationItem, judge: string, threshold: number | null): boolean {
  if (threshold === null) return false;
  const call = item.judges.get(judge);
  return call !== undefined && call.confidence >= threshold;
}

/**
 * Thresholds for a cascade of judges, cheapest first, each calibrated on the calibration items the earlier ones
 * left. Every item needs the experts' verdict; a judge with no verdict on an item abstains there.
 */
export function cascadeThresholds(
  calibration: readonly EscalationItem[],
  judges: readonly string[],
  options: EscalationOptions,
): Omit<StageCalibration, "upperBound">[] {
  checkOptions(options);
  const stages: Omit<StageCalibration, "upperBound">[] = [];
  let left = calibration;
  for (const judge of judges) {
    const calls: CalibrationCall[] = [];
    for (const item of left) {
      if (item.human === null) throw new RangeError(`calibration item ${item.id} has no experts' verdict`);
      const call = item.judges.get(judge);
      if (call) calls.push({ confidence: call.confidence, wrong: call.verdict !== item.human });
    }
    const t = fixedSequenceThreshold(calls, options);
    stages.push({ judge, calibrationItems: left.length, ...t });
    left = left.filter((item) => !decides(item, judge, t.threshold));
  }
  return stages;
}

/** cascadeThresholds with each judge's Clopper–Pearson bound at its threshold (what the report shows). */
export function calibrateCascade(
  calibration: readonly EscalationItem[],
  judges: readonly string[],
  options: EscalationOptions,
): StageCalibration[] {
  return cascadeThresholds(calibration, judges, options).map((s) => ({
    ...s,
    upperBound: s.threshold === null ? null : clopperPearsonUpper(s.disagreements, s.decided, options.delta),
  }));
}

/** Each item to the first judge of the cascade that decides it, or escalated to the experts. */
export function decideItems(
  items: readonly EscalationItem[],
  stages: readonly Pick<StageCalibration, "judge" | "threshold">[],
): Decision[] {
  return items.map((item) => {
    for (const { judge, threshold } of stages)
      if (decides(item, judge, threshold)) return { id: item.id, judge, verdict: item.judges.get(judge)!.verdict };
    return { id: item.id, judge: null, verdict: null };
  });
}
