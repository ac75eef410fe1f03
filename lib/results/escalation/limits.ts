/**
 * The numbers escalation's method fixes, in a module of their own (no imports) so that the page, the API, the command
 * line and the calibration read the same ones.
 */

/** The authors' minimum number of calibration items at a threshold before it is tested. */
export const MIN_ITEMS_AT_THRESHOLD = 30;

/**
 * α is the share of a judge's decisions allowed to disagree with the experts' majority (the promise: agreement at
 * least 1 − α). It must be above 0 (no finite sample shows a judge never wrong) and below ½: the experts' majority is
 * A or B on most pairs, and a judge that tosses a coin between them disagrees on about half of those, so a promise of
 * disagreement ≤ ½ or more is kept by a coin and says nothing about the judge. Exclusive bound.
 */
export const ALPHA_MAX = 0.5;

/**
 * δ is the chance that the promise fails over the draw of the calibration sample (it holds with probability at least
 * 1 − δ). Above 0 (a certain promise would need every pair labelled) and below ½: at ½ or more it would fail as often
 * as it held, and no longer be a promise. Exclusive bound.
 */
export const DELTA_MAX = 0.5;

/** Why α or δ is out of its range (both open intervals), or null: the command line's and the checks' one wording. */
export function riskProblem(name: "alpha" | "delta", x: number): string | null {
  const max = name === "alpha" ? ALPHA_MAX : DELTA_MAX;
  if (Number.isFinite(x) && x > 0 && x < max) return null;
  return `${name} must be above 0 and below ${max}${name === "alpha" ? " (at α ≥ 0.5 a coin tossed between A and B keeps the promise)" : " (at δ ≥ 0.5 the promise fails as often as it holds)"}`;
}
