import { PREFERENCE_FEATURES, SOFT_FEATURES, type PlanFeatures, type Weights } from "./types";

/** Weighted mean over the available (non-null) sub-scores; 0 when none is available. */
function weightedMean<K extends string>(
  keys: readonly K[],
  values: Record<K, number | null>,
  weights: Record<K, number>,
): number {
  let num = 0;
  let den = 0;
  for (const k of keys) {
    const v = values[k];
    if (v === null || v === undefined) continue;
    num += weights[k] * v;
    den += weights[k];
  }
  return den === 0 ? 0 : num / den;
}

/**
 * R = S_format + S_com + w3·Σw1·S_soft/Σw1 + w4·Σw2·S_pref/Σw2 (TripScore); a format failure
 * scores −3 and a commonsense failure 0, whatever the weights.
 */
export function reward(f: PlanFeatures, w: Weights): number {
  if (f.format < 0) return -3;
  if (f.commonsense < 0) return 0;
  return (
    f.format +
    f.commonsense +
    w.w3 * weightedMean(SOFT_FEATURES, f, w.soft) +
    w.w4 * weightedMean(PREFERENCE_FEATURES, f, w.preference)
  );
}
