/**
 * One pick of a serving order, shared by the replay of a battle log (replay.ts) and the app's priorities
 * (lib/judging/assignment/serving-order.ts), so that "balanced" and "most informative first" mean the same in both.
 * The candidates are pairs of planners (lo[i], hi[i]), in a fixed order; `open(i)` says whether one may be picked now.
 * - balanced: a pair drawn uniformly among the open ones;
 * - informative: with probability `exploration` the same uniform draw, otherwise the open pair with the largest
 *   A-optimal score at the design (informative.ts), the first in candidate order on ties.
 * The caller keeps the design: it assumes a pick into it (`assumeBattle`), or refits when the pick scored Infinity.
 */
import { pairScore, type Design } from "./informative";

export interface ServingCandidates {
  count: number;
  lo: ArrayLike<number>;
  hi: ArrayLike<number>;
  open(i: number): boolean;
  /**
   * Candidates to score Infinity whatever the design says (the app's priorities: a pair with a planner whose rating
   * has no finite maximum yet, which the replay leaves to the design's scores).
   */
  unknown?(i: number): boolean;
}

export interface ServingPick {
  /** The candidate picked; −1 when none is open. */
  pair: number;
  /**
   * Its score at the design (Infinity: a new planner or two groups joined, or a design gone numerically singular);
   * NaN for a uniform draw.
   */
  score: number;
  /** Drawn uniformly (balanced, or the exploration share) rather than by score. */
  explored: boolean;
}

/** The k-th open candidate, k drawn uniformly with `random`; −1 when none is open (and nothing is drawn). */
export function uniformCandidate(c: ServingCandidates, random: () => number): number {
  let n = 0;
  for (let i = 0; i < c.count; i++) if (c.open(i)) n++;
  if (n === 0) return -1;
  let k = Math.floor(random() * n);
  for (let i = 0; i < c.count; i++) if (c.open(i) && k-- === 0) return i;
  return -1;
}

/**
 * The open candidate with the largest score at the design, the first on ties. A score that is not a number (a design
 * gone numerically singular) counts as Infinity: it asks for a new fit, as a pair that rates a new planner does.
 */
export function mostInformative(d: Design, c: ServingCandidates): { pair: number; score: number } {
  let best = -Infinity,
    pair = -1;
  for (let i = 0; i < c.count; i++) {
    if (!c.open(i)) continue;
    const raw = c.unknown?.(i) ? Infinity : pairScore(d, c.lo[i], c.hi[i]);
    const s = Number.isNaN(raw) ? Infinity : raw;
    if (s > best) {
      best = s;
      pair = i;
    }
  }
  return { pair, score: best };
}

/** The next pick. `design` is asked for only when a pick goes by score (it may refit first). */
export function servingPick(
  policy: "balanced" | "informative",
  c: ServingCandidates,
  random: () => number,
  exploration: number,
  design: () => Design,
): ServingPick {
  if (policy === "balanced" || random() < exploration)
    return { pair: uniformCandidate(c, random), score: NaN, explored: true };
  return { ...mostInformative(design(), c), explored: false };
}
