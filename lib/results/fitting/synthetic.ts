/** Synthetic training pairs labelled by known weights, with optional label noise: for tests and the benchmark. */
import { FEATURE_NAMES, type PlanFeatures, type Weights } from "../features/types";
import { seededRandom } from "../../kernel";
import type { FitPair } from "./pairs";
import { predict, scoreDifference } from "./plain";

export interface SyntheticOptions {
  pairs: number;
  weights: Weights;
  /** Share of labels replaced by a different, random label. */
  noise?: number;
  /** Share of sub-scores left null. */
  missing?: number;
  /** Share of plans failing a gate. */
  failing?: number;
  seed?: number;
}

export function syntheticPairs(o: SyntheticOptions): FitPair[] {
  const rng = seededRandom(o.seed ?? 7);
  const plan = (): PlanFeatures => {
    const f = Object.fromEntries(
      FEATURE_NAMES.map((k) => [k, rng() < (o.missing ?? 0) ? null : Math.round(rng() * 1000) / 1000]),
    ) as Record<string, number | null>;
    const fail = rng() < (o.failing ?? 0);
    f.format = fail && rng() < 0.3 ? -3 : 1;
    f.commonsense = fail ? -1 : 1;
    return f as PlanFeatures;
  };
  return Array.from({ length: o.pairs }, (_, i) => {
    const a = plan();
    const b = rng() < 0.03 ? { ...a } : plan(); // a few identical plans: ties, labelled "neither"
    let label = predict(scoreDifference({ id: "", label: 0, a, b }, o.weights));
    if (rng() < (o.noise ?? 0)) label = ([1, -1, 0] as const).filter((l) => l !== label)[Math.floor(rng() * 2)];
    return { id: `p${i}`, label, a, b };
  });
}
