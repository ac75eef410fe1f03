/**
 * Dawid–Skene's soft labels of pairs in two steps: one fit over the judgments of every complete pair (the EM needs
 * them all) of which only the model is kept — the class priors and each expert's confusion matrix, with the
 * experts' index — and then any pair's posterior from its own judgments, a batch of pairs at a time, exactly
 * (bit for bit) the fit's posterior of that pair.
 */
import { VERDICTS, verdictCode, type Verdict } from "../../judging/verdict";
import { DawidSkenePosterior, dawidSkene } from "./dawid-skene";
import type { RatingMatrix } from "./ratings";

/** Dawid–Skene's posterior over A, B and Neither, by pair id. */
export type SoftLabels = Map<string, Record<Verdict, number>>;

export interface SoftLabelModel {
  /** Expert id → the fit's rater index. */
  raters: Map<string, number>;
  posterior: DawidSkenePosterior;
  /** Judgments and pairs fitted on. */
  judgments: number;
  pairs: number;
}

/** Fits Dawid–Skene on the ratings (items are pairs, raters experts, labels VERDICTS); null when there are none. */
export function softLabelModel(m: RatingMatrix): SoftLabelModel | null {
  if (!m.item.length) return null;
  if (m.labels.join() !== VERDICTS.join()) throw new Error(`soft labels need the labels ${VERDICTS.join(", ")}`);
  const ds = dawidSkene(m);
  return {
    raters: new Map(m.raters.map((r, w) => [r, w])),
    posterior: new DawidSkenePosterior(VERDICTS.length, ds.posteriorFrom),
    judgments: m.item.length,
    pairs: m.items.length,
  };
}

/**
 * The soft labels of the pairs whose judgments are given (verdict as an index into VERDICTS), grouped by pair and
 * within a pair in the order the fit read them (by expert id, then time). A pair judged by an expert the fit did
 * not see (one who joined after it) has none.
 */
export function softLabelsOf(
  model: SoftLabelModel,
  judgments: Iterable<{ pairId: string; userId: string; verdict: number }>,
): SoftLabels {
  const out: SoftLabels = new Map();
  let pair: string | null = null;
  let raters: number[] = [],
    labels: number[] = [],
    known = true;
  const flush = () => {
    if (pair === null || !known) return;
    const p = model.posterior.of(raters, labels);
    // Never a label made of NaNs (an export would write nulls, and Parquet's columns refuse them).
    if (p.every(Number.isFinite)) out.set(pair, { A: p[0], B: p[1], NEITHER: p[2] });
  };
  for (const j of judgments) {
    if (j.pairId !== pair) {
      flush();
      pair = j.pairId;
      raters = [];
      labels = [];
      known = true;
    }
    const w = model.raters.get(j.userId);
    if (w === undefined) known = false;
    else {
      raters.push(w);
      labels.push(j.verdict);
    }
  }
  flush();
  return out;
}

/** A pair with its judgments as [expert id, verdict], in the order the fit read them (by expert id, then time). */
export interface RatedPair {
  pairId: string;
  ratings: readonly (readonly [string, Verdict])[] | null;
}

/** The soft labels of pairs given with their judgments (softLabelsOf, a pair at a time). */
export function softLabelsOfPairs(model: SoftLabelModel, pairs: Iterable<RatedPair>): SoftLabels {
  return softLabelsOf(
    model,
    (function* () {
      for (const p of pairs)
        for (const [userId, v] of p.ratings ?? []) yield { pairId: p.pairId, userId, verdict: verdictCode(v) };
    })(),
  );
}

/** The most probable label of a soft label (A, then B, then Neither on ties). */
export function softArgmax(p: Record<Verdict, number>): Verdict {
  return VERDICTS.reduce((best, v) => (p[v] > p[best] ? v : best), VERDICTS[0]);
}
