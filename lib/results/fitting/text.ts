/** A fit report as text, for the command line. */
import { DEFAULT_WEIGHTS, PREFERENCE_FEATURES, SOFT_FEATURES } from "../features/types";
import type { FitReport } from "./protocol";

const pct = (x: number | null) => (x === null ? "—" : `${(100 * x).toFixed(2)} %`);
const num = (x: number | null, d = 4) => (x === null ? "undefined" : x.toFixed(d));

export function formatFitReport(r: FitReport): string {
  const defaults: Record<string, number> = { ...DEFAULT_WEIGHTS.soft, ...DEFAULT_WEIGHTS.preference };
  const rows = [...SOFT_FEATURES, ...PREFERENCE_FEATURES].map(
    (f) => `  ${f.padEnd(26)} ${String(r.weights[f]).padStart(5)}   (TripScore ${defaults[f]})`,
  );
  return [
    `${r.pairs} pairs (A better ${r.labels.better_a}, B better ${r.labels.better_b}, neither ${r.labels.neither}); ${r.evaluated.toLocaleString("en")} weight vectors in ${r.seconds.toFixed(1)} s`,
    "weights:",
    ...rows,
    `  ${"w3".padEnd(26)} ${String(r.w3).padStart(5)}   (TripScore ${DEFAULT_WEIGHTS.w3})`,
    `  ${"w4".padEnd(26)} ${String(r.w4).padStart(5)}   (TripScore ${DEFAULT_WEIGHTS.w4})`,
    `train accuracy: ${pct(r.train_accuracy)}`,
    r.cv
      ? `cross-validation (${r.cv.fold_accuracy.length} folds): ${r.cv.fold_accuracy.map((a) => a.toFixed(4)).join(", ")}; mean ${num(r.cv.mean)} ± ${num(r.cv.std)}`
      : "cross-validation: skipped",
    r.bootstrap
      ? `bootstrap (${r.bootstrap.replicates}×): ${num(r.bootstrap.accuracy)}, 95 % CI [${num(r.bootstrap.ci95[0])}, ${num(r.bootstrap.ci95[1])}]`
      : "bootstrap: skipped",
    `Kendall's tau-b: train ${num(r.kendall_tau.train)}, validation ${num(r.kendall_tau.validation)}`,
    `sensitivity ((w3, w4) × ${r.sensitivity.map((s) => s.scale).join(", ")}): train ${pct(r.sensitivity_range.train[0])}–${pct(r.sensitivity_range.train[1])}` +
      (r.sensitivity_range.validation
        ? `, validation ${pct(r.sensitivity_range.validation[0])}–${pct(r.sensitivity_range.validation[1])}`
        : ""),
  ].join("\n");
}
