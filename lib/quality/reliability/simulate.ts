/** Simulated rating studies for the reliability tests: planted truth, honest experts at a given accuracy, random raters. */
import { seededRandom } from "../../kernel";

export interface SimulatedStudy {
  rows: { item: string; rater: string; label: string }[];
  truth: Map<string, string>;
  random: Set<string>;
}

/**
 * `items` items, each rated by `perItem` distinct raters drawn at random; an honest rater gives the true label with
 * probability `accuracy` and otherwise one of the other labels evenly (TripScore E.4's symmetric noise); a random
 * rater picks any label evenly. Ratings come in item order, so each rater's sequence is in "time" order.
 */
export function simulateStudy(opts: {
  seed: number;
  items: number;
  honest: number;
  random: number;
  accuracy: number;
  perItem?: number;
  labels?: readonly string[];
  shares?: readonly number[];
}): SimulatedStudy {
  const rng = seededRandom(opts.seed);
  const labels = opts.labels ?? ["A", "B", "NEITHER"];
  const shares = opts.shares ?? [0.45, 0.45, 0.1];
  const raters = [
    ...Array.from({ length: opts.honest }, (_, i) => `honest-${i + 1}`),
    ...Array.from({ length: opts.random }, (_, i) => `random-${i + 1}`),
  ];
  const random = new Set(raters.slice(opts.honest));
  const draw = () => {
    let u = rng();
    for (let c = 0; c < shares.length; c++) if ((u -= shares[c]) < 0) return c;
    return shares.length - 1;
  };
  const rows: SimulatedStudy["rows"] = [];
  const truth = new Map<string, string>();
  for (let i = 0; i < opts.items; i++) {
    const item = `item-${i + 1}`;
    const t = draw();
    truth.set(item, labels[t]);
    const chosen = new Set<number>();
    while (chosen.size < (opts.perItem ?? 3)) chosen.add(Math.floor(rng() * raters.length));
    for (const w of chosen) {
      let label: number;
      if (random.has(raters[w])) label = Math.floor(rng() * labels.length);
      else if (rng() < opts.accuracy) label = t;
      else label = (t + 1 + Math.floor(rng() * (labels.length - 1))) % labels.length;
      rows.push({ item, rater: raters[w], label: labels[label] });
    }
  }
  return { rows, truth, random };
}
