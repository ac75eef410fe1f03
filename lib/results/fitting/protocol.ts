/**
 * TripScore's fitting protocol (E.2, E.3): grid search on all pairs; stratified k-fold cross-validation whose
 * inner grid search on each outer training split comes out of the same single pass; bootstrap accuracy of the
 * chosen weights; Kendall's tau-b between score differences and labels; (w3, w4) scaled jointly.
 */
import { bootstrapCI } from "../agreement";
import { PREFERENCE_FEATURES, SOFT_FEATURES, type Weights } from "../features/types";
import { seededRandom, kendallTauB } from "../../kernel";
import { gridSize, TRIPSCORE_GRID, weightsAt, type Grid } from "./grid";
import { FitInputError, type FitPair } from "./pairs";
import { parallelSearch, type SearchOptions } from "./parallel";
import { predict, scoreDifference } from "./plain";
import { prepare } from "./prepare";

export interface FitOptions extends SearchOptions {
  grid?: Grid;
  /** Outer folds; 0 skips cross-validation. */
  folds?: number;
  /** Bootstrap replicates; 0 skips the bootstrap. */
  bootstrap?: number;
  seed?: number;
  /** Factors applied jointly to the chosen (w3, w4) in the sensitivity analysis. */
  scales?: number[];
  /**
   * Weights to score on the same pairs beside the fitted ones (the weights in use, TripScore's defaults), so an admin
   * sees what adopting would change before adopting.
   */
  compare?: { name: string; weights: Weights }[];
}

export interface FitReport {
  weights: Record<string, number>;
  w3: number;
  w4: number;
  train_accuracy: number;
  cv: { fold_accuracy: number[]; mean: number; std: number; fold_weights: Weights[]; fold_sizes: number[] } | null;
  bootstrap: { accuracy: number; ci95: [number, number]; replicates: number } | null;
  kendall_tau: { train: number | null; validation: number | null };
  sensitivity: { scale: number; w3: number; w4: number; train_accuracy: number; validation_accuracy: number | null }[];
  sensitivity_range: { train: [number, number]; validation: [number, number] | null };
  /**
   * Other weights on the same pairs (FitOptions.compare): their accuracy and Kendall's tau, to set beside the fitted
   * weights' train accuracy (on pairs they were fitted to) and cross-validated accuracy (on pairs they were not).
   * Absent in reports written before it was added.
   */
  compared?: { name: string; accuracy: number; kendall_tau: number | null }[];
  pairs: number;
  labels: { better_a: number; better_b: number; neither: number };
  evaluated: number;
  seconds: number;
  seed: number;
}

/** Stratified folds: each label's pairs, shuffled with the seed, dealt round-robin (continuing across labels so sizes stay even). */
export function stratifiedFolds(labels: readonly number[], k: number, seed: number): Int32Array {
  const fold = new Int32Array(labels.length);
  const rng = seededRandom(seed);
  let deal = 0;
  for (const label of [1, -1, 0]) {
    const idx = labels.flatMap((l, i) => (l === label ? [i] : []));
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
    for (const i of idx) fold[i] = deal++ % k;
  }
  return fold;
}

const flat = (w: Weights): Record<string, number> => ({ ...w.soft, ...w.preference });
const accuracy = (pairs: readonly FitPair[], w: Weights) =>
  pairs.filter((p) => predict(scoreDifference(p, w)) === p.label).length / pairs.length;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Sample standard deviation (n − 1), as TripScore reports the fold spread. */
const std = (xs: number[]) =>
  xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
const scaled = (w: Weights, f: number): Weights => ({ ...w, w3: w.w3 * f, w4: w.w4 * f });

export async function fitWeights(pairs: readonly FitPair[], o: FitOptions = {}): Promise<FitReport> {
  const started = performance.now();
  const grid = o.grid ?? TRIPSCORE_GRID;
  const folds = o.folds ?? 5;
  const replicates = o.bootstrap ?? 1000;
  const seed = o.seed ?? 1;
  if (!Number.isInteger(folds) || folds < 0 || folds === 1)
    throw new FitInputError([`folds must be 0 (no cross-validation) or at least 2, not ${folds}`]);
  if (folds > 0 && pairs.length < folds)
    throw new FitInputError([
      `${folds}-fold cross-validation needs at least ${folds} pairs; there are ${pairs.length} (use folds 0)`,
    ]);
  if (!Number.isInteger(replicates) || replicates < 0)
    throw new FitInputError([`bootstrap replicates must be a whole number ≥ 0, not ${replicates}`]);
  const labels = pairs.map((p) => p.label);
  const fold = folds > 0 ? stratifiedFolds(labels, folds, seed) : null;
  const prepared = prepare(pairs, fold, Math.max(folds, 1));
  const best = await parallelSearch(prepared, grid, o);
  const chosen = weightsAt(grid, best.index[0]);

  let cv: FitReport["cv"] = null;
  const oof = new Float64Array(pairs.length); // out-of-fold score differences
  const foldWeights: Weights[] = [];
  if (fold) {
    const acc: number[] = [];
    const sizes: number[] = [];
    for (let g = 0; g < folds; g++) {
      const w = weightsAt(grid, best.index[1 + g]);
      foldWeights.push(w);
      const mine = pairs.filter((_, i) => fold[i] === g);
      pairs.forEach((p, i) => {
        if (fold[i] === g) oof[i] = scoreDifference(p, w);
      });
      acc.push(accuracy(mine, w));
      sizes.push(mine.length);
    }
    cv = { fold_accuracy: acc, mean: mean(acc), std: std(acc), fold_weights: foldWeights, fold_sizes: sizes };
  }

  const right = pairs.map((p) => (predict(scoreDifference(p, chosen)) === p.label ? 1 : 0));
  let boot: FitReport["bootstrap"] = null;
  if (replicates > 0) {
    const seen: number[] = [];
    const ci = bootstrapCI(
      pairs.length,
      (idx) => {
        let c = 0;
        for (let i = 0; i < idx.length; i++) c += right[idx[i]];
        seen.push(c / idx.length);
        return c / idx.length;
      },
      replicates,
      seed,
    );
    boot = ci && { accuracy: mean(seen), ci95: [ci.lo, ci.hi], replicates };
  }

  const validationOf = (f: number) =>
    fold
      ? pairs.filter((p, i) => predict(scoreDifference(p, scaled(foldWeights[fold[i]], f))) === p.label).length /
        pairs.length
      : null;
  const sensitivity = (o.scales ?? [0.5, 1, 1.5, 2]).map((f) => ({
    scale: f,
    w3: chosen.w3 * f,
    w4: chosen.w4 * f,
    train_accuracy: accuracy(pairs, scaled(chosen, f)),
    validation_accuracy: validationOf(f),
  }));
  const range = (xs: number[]): [number, number] =>
    xs.reduce<[number, number]>(([lo, hi], x) => [Math.min(lo, x), Math.max(hi, x)], [Infinity, -Infinity]);
  return {
    weights: flat(chosen),
    w3: chosen.w3,
    w4: chosen.w4,
    train_accuracy: best.correct[0] / pairs.length,
    cv,
    bootstrap: boot,
    kendall_tau: {
      train: kendallTauB(
        pairs.map((p) => scoreDifference(p, chosen)),
        labels,
      ),
      validation: fold ? kendallTauB(oof, labels) : null,
    },
    sensitivity,
    sensitivity_range: {
      train: range(sensitivity.map((s) => s.train_accuracy)),
      validation: fold ? range(sensitivity.map((s) => s.validation_accuracy!)) : null,
    },
    compared: (o.compare ?? []).map((c) => ({
      name: c.name,
      accuracy: accuracy(pairs, c.weights),
      kendall_tau: kendallTauB(
        pairs.map((p) => scoreDifference(p, c.weights)),
        labels,
      ),
    })),
    pairs: pairs.length,
    labels: {
      better_a: labels.filter((l) => l === 1).length,
      better_b: labels.filter((l) => l === -1).length,
      neither: labels.filter((l) => l === 0).length,
    },
    evaluated: gridSize(grid),
    seconds: (performance.now() - started) / 1000,
    seed,
  };
}

/** Fitted weights as the app stores them (all features, including ones the grid held fixed). */
export function weightsOf(r: Pick<FitReport, "weights" | "w3" | "w4">): Weights {
  return {
    soft: Object.fromEntries(SOFT_FEATURES.map((f) => [f, r.weights[f]])) as Weights["soft"],
    preference: Object.fromEntries(PREFERENCE_FEATURES.map((f) => [f, r.weights[f]])) as Weights["preference"],
    w3: r.w3,
    w4: r.w4,
  };
}
