/**
 * Simulated judged items and guarantee studies: calibrate on many random draws from a population of
 * expert-labelled items and count how often the decisions keep the promise on the whole population (the share of
 * draws that should be at least 1 − δ), and how much they decide.
 */
import { seededRandom, quantileSorted } from "../../kernel";
import { cascadeThresholds, checkOptions, fixedSequenceThreshold, type EscalationOptions } from "./calibrate";
import type { EscalationItem } from "./items";
import { type Verdict } from "../../judging/verdict";

/** How a simulated judge behaves on a kind of item. */
export interface JudgeBehaviour {
  /** Confidence is 1 − (1 − lowest)·u^shape, u uniform: between `lowest` and 1, piled up near 1 as shape grows. */
  lowest: number;
  shape: number;
  /** The chance its verdict differs from the experts' at confidence c: floor + slope·(1 − c), at most 1. */
  floor: number;
  slope: number;
}

export interface SimulatedJudge {
  name: string;
  easy: JudgeBehaviour;
  /** On the hard items (a `hardShare` of them); the easy behaviour when absent. */
  hard?: JudgeBehaviour;
}

/**
 * `items` items, each hard with probability `hardShare`; the experts' verdict is A or B evenly, and each judge's
 * verdict the experts' one or, with its chance of differing, the other, with its confidence as the probability.
 */
export function simulateItems(opts: {
  seed: number;
  items: number;
  judges: readonly SimulatedJudge[];
  hardShare?: number;
}): EscalationItem[] {
  const rng = seededRandom(opts.seed);
  const out: EscalationItem[] = [];
  for (let i = 0; i < opts.items; i++) {
    const hard = rng() < (opts.hardShare ?? 0);
    const human: Verdict = rng() < 0.5 ? "A" : "B";
    const judges = new Map<string, { verdict: Verdict; confidence: number }>();
    for (const j of opts.judges) {
      const b = hard && j.hard ? j.hard : j.easy;
      const confidence = 1 - (1 - b.lowest) * Math.pow(rng(), b.shape);
      const wrong = rng() < Math.min(1, b.floor + b.slope * (1 - confidence));
      judges.set(j.name, { verdict: wrong ? (human === "A" ? "B" : "A") : human, confidence });
    }
    out.push({ id: `item-${i + 1}`, human, judges });
  }
  return out;
}

/** An item as a line of `tripjudge escalate`'s files (each judge's confidence as the probability of its verdict). */
export function itemLine(item: EscalationItem, withHuman = true): string {
  const judges: Record<string, Record<string, number>> = {};
  for (const [name, { verdict, confidence }] of item.judges) {
    const rest = 1 - confidence;
    judges[name] =
      verdict === "A"
        ? { p_a: confidence, p_b: rest }
        : verdict === "B"
          ? { p_a: rest, p_b: confidence }
          : { p_a: rest / 2, p_b: rest / 2, p_neither: confidence };
  }
  return JSON.stringify({ id: item.id, ...(withHuman && item.human ? { human: item.human } : {}), judges });
}

export interface GuaranteeStudyOptions extends EscalationOptions {
  judges: readonly string[];
  /** Calibration items drawn at random (without replacement) from the population in each run. */
  calibrationSize: number;
  runs: number;
  seed: number;
  /**
   * "sequential" (the method): each judge calibrated on the items the earlier ones left. "all": each judge on every
   * calibration item — the shortcut the paper warns against, kept here to show that it breaks the guarantee.
   */
  calibration?: "sequential" | "all";
}

export interface GuaranteeStudy {
  runs: number;
  /** Share of runs whose decisions agree with the experts on at least 1 − α of the population items they decide. */
  held: number;
  /** Median share of the population decided by a judge, and of the items outside the run's calibration draw. */
  medianCoverage: number;
  medianHeldOutCoverage: number;
  /** Share of runs that decided nothing (every judge abstained on everything). */
  decidedNothing: number;
  /** Median agreement with the experts on the decided population items, over runs that decided some. */
  medianAgreement: number | null;
}

/**
 * Calibrates on `runs` random draws of `calibrationSize` items from `population` (every item with the experts'
 * verdict) and measures each run's decisions on the whole population: a run deciding nothing keeps the promise.
 */
export function guaranteeStudy(population: readonly EscalationItem[], opts: GuaranteeStudyOptions): GuaranteeStudy {
  checkOptions(opts);
  const N = population.length;
  if (!(opts.calibrationSize >= 1 && opts.calibrationSize <= N))
    throw new RangeError(`calibrationSize must be between 1 and the population's ${N} items`);
  // Per judge, the confidence on each population item (−∞ without a verdict) and whether it differs from the experts.
  const confidence = opts.judges.map((j) =>
    Float64Array.from(population, (it) => it.judges.get(j)?.confidence ?? -Infinity),
  );
  const wrong = opts.judges.map((j) =>
    Uint8Array.from(population, (it) => {
      if (it.human === null) throw new RangeError(`population item ${it.id} has no experts' verdict`);
      const call = it.judges.get(j);
      return call !== undefined && call.verdict !== it.human ? 1 : 0;
    }),
  );
  const rng = seededRandom(opts.seed);
  const index = Int32Array.from(population.keys());
  const inDraw = new Uint8Array(N);
  let held = 0,
    nothing = 0;
  const coverage = new Float64Array(opts.runs),
    heldOut = new Float64Array(opts.runs);
  const agreement: number[] = [];
  for (let r = 0; r < opts.runs; r++) {
    // A partial Fisher–Yates shuffle: the first calibrationSize indices are the draw.
    for (let i = 0; i < opts.calibrationSize; i++) {
      const j = i + Math.floor(rng() * (N - i));
      [index[i], index[j]] = [index[j], index[i]];
    }
    const draw = Array.from(index.subarray(0, opts.calibrationSize), (i) => population[i]);
    inDraw.fill(0);
    for (let i = 0; i < opts.calibrationSize; i++) inDraw[index[i]] = 1;
    const thresholds =
      opts.calibration === "all"
        ? opts.judges.map((j) => {
            const calls = draw.flatMap((it) => {
              const c = it.judges.get(j);
              return c ? [{ confidence: c.confidence, wrong: c.verdict !== it.human }] : [];
            });
            return fixedSequenceThreshold(calls, opts).threshold;
          })
        : cascadeThresholds(draw, opts.judges, opts).map((s) => s.threshold);
    let decided = 0,
      disagreed = 0,
      decidedOut = 0;
    for (let i = 0; i < N; i++)
      for (let s = 0; s < thresholds.length; s++) {
        const t = thresholds[s];
        if (t === null || !(confidence[s][i] >= t)) continue;
        decided++;
        disagreed += wrong[s][i];
        if (!inDraw[i]) decidedOut++;
        break;
      }
    if (decided === 0) nothing++;
    else agreement.push(1 - disagreed / decided);
    if (disagreed <= opts.alpha * decided) held++;
    coverage[r] = decided / N;
    heldOut[r] = N > opts.calibrationSize ? decidedOut / (N - opts.calibrationSize) : NaN;
  }
  return {
    runs: opts.runs,
    held: held / opts.runs,
    medianCoverage: quantileSorted(coverage.sort(), 0.5),
    medianHeldOutCoverage: quantileSorted(heldOut.sort(), 0.5),
    decidedNothing: nothing / opts.runs,
    medianAgreement: agreement.length ? quantileSorted(Float64Array.from(agreement).sort(), 0.5) : null,
  };
}
