/**
 * The automatic score of one plan on each dimension signal (lib/results/dimensions/set.ts's DIMENSION_SIGNALS), from
 * its TripScore features, gate violations and DSL results, and the difference of two plans' scores: what the
 * experts' per-dimension majority is compared with (lib/results/dimensions/reward.ts).
 */
import type { PlanFeatures, PreferenceFeature, SoftFeature, Weights } from "../features";
import type { Dimension, DimensionSignal } from "./set";

/**
 * The sub-scores each signal averages. Every one sits in one group of the reward (soft or preference), so its
 * weights are the reward's w1 or w2 and the multipliers w3, w4 (equal for all of a signal's features) drop out.
 * route_efficiency takes hotel consistency too: a change of hotel within a city is a move across it, the
 * back-and-forth the dimension asks about. user_request is request_fulfilment's when no DSL result is known.
 */
export const SIGNAL_FEATURES = {
  feasibility: [],
  request_fulfilment: ["user_request"],
  preference_fit: ["attraction_prioritization", "pacing", "budget", "physical_effort"],
  route_efficiency: ["location_clustering", "hotel_consistency"],
  pacing_timing: ["schedule_density", "daytime_utilization"],
  attractions: ["unique_attractions", "iconic_landmarks", "attraction_diversity"],
} as const satisfies Record<DimensionSignal, readonly (SoftFeature | PreferenceFeature)[]>;

/** What is known of a plan besides its features. */
export interface PlanChecks {
  /** computeFeatures' violations: the format failure, or every commonsense violation. */
  violations?: readonly string[];
  /**
   * The share (0–1) of the request's FINAL DSL constraints the plan passes; null or absent when not known. Give it
   * for both plans of a pair or for neither: a difference of a DSL share and an LLM's score would mix two measures.
   */
  dslPassShare?: number | null;
}

function weightOf(w: Weights, f: SoftFeature | PreferenceFeature): number {
  return f in w.soft ? w.soft[f as SoftFeature] : w.preference[f as PreferenceFeature];
}

/**
 * The plan's score on one signal, higher = better; null when nothing it reads is known (or the weights in use
 * give all of it zero: the reward does not look at it).
 *
 * - feasibility: TripScore's lexicographic gate, −3 when the format fails, else S_format + S_com (0 with a
 *   commonsense failure, 2 without); when the violations are given, a commonsense failure with k violations
 *   scores −k/(k+1) (in (−1, 0)): more violations less feasible, never below a format failure nor level with
 *   a pass.
 * - request_fulfilment: the DSL pass share when known (the request's own constraints, checked by rule), else
 *   the LLM-judged user-request fulfilment; both 0–1.
 * - the others: the weighted mean of the signal's sub-scores (SIGNAL_FEATURES) that are known, with the reward's
 *   weights, as the reward treats a missing sub-score; 0–1. Not gated: a plan that fails a gate still has a
 *   route, a pace and attractions an expert can compare.
 */
export function signalOf(
  signal: DimensionSignal,
  features: PlanFeatures,
  weights: Weights,
  checks: PlanChecks = {},
): number | null {
  if (signal === "feasibility") {
    if (features.format < 0) return -3;
    if (features.commonsense > 0) return features.format + features.commonsense;
    const k = checks.violations?.length ?? 0;
    return k > 0 ? -k / (k + 1) : 0;
  }
  if (signal === "request_fulfilment") {
    const share = checks.dslPassShare;
    if (share !== null && share !== undefined) {
      if (!(share >= 0 && share <= 1)) throw new RangeError(`dslPassShare is ${share}, not a share between 0 and 1`);
      return share;
    }
    return features.user_request;
  }
  let num = 0;
  let den = 0;
  for (const f of SIGNAL_FEATURES[signal]) {
    const v = features[f];
    if (v === null || v === undefined) continue;
    num += weightOf(weights, f) * v;
    den += weightOf(weights, f);
  }
  return den > 0 ? num / den : null;
}

/** Every signal of one plan. */
export function signalsOf(
  features: PlanFeatures,
  weights: Weights,
  checks: PlanChecks = {},
): Record<DimensionSignal, number | null> {
  return {
    feasibility: signalOf("feasibility", features, weights, checks),
    request_fulfilment: signalOf("request_fulfilment", features, weights, checks),
    preference_fit: signalOf("preference_fit", features, weights, checks),
    route_efficiency: signalOf("route_efficiency", features, weights, checks),
    pacing_timing: signalOf("pacing_timing", features, weights, checks),
    attractions: signalOf("attractions", features, weights, checks),
  };
}

/** A − B, positive = plan A scores better (the pair's terms); null when either is unknown. */
export function signalDifference(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a - b;
}

/**
 * A pair's signal difference per dimension of the set, from its two plans' signals (signalsOf): the row
 * lib/results/dimensions/reward.ts reads beside the majorities. A dimension without a signal (one of the admin's own) is
 * left out: nothing automatic to compare it with.
 */
export function dimensionDifferences(
  dimensions: readonly Pick<Dimension, "key" | "signal">[],
  a: Readonly<Record<DimensionSignal, number | null>>,
  b: Readonly<Record<DimensionSignal, number | null>>,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const d of dimensions) if (d.signal) out[d.key] = signalDifference(a[d.signal], b[d.signal]);
  return out;
}
