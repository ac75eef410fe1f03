/**
 * The priorities of a dataset's waiting pairs under its serving order (docs/serving-order.md), which tj_claim serves
 * highest first. The contract, which escalation relies on: priority = 2 for a pair of the escalation's calibration
 * sample (served before any other) + the order's score in [0, 1].
 * - imported: score 0 for every pair, so the claim serves as it always has (createdAt, or closest to completion);
 * - balanced: the planner pair with the fewest battles first, each pick counted as the battles it will bring, so the
 *   planner pairs take turns (the replay draws a planner pair uniformly instead; a queue needs one order);
 * - informative: a greedy A-optimal ranking at the current fit, the replay's pick (lib/results/leaderboard/serving.ts),
 *   each pick's battles assumed into the design so a batch is not N copies of one pair, and each rank drawn uniformly
 *   among the planner pairs with probability `explorationShare` (seeded); past GREEDY_RANKS ranks, the rest take
 *   turns as balanced orders them.
 * A ranked pair scores 1 − rank/N (N waiting pairs): the calibration pairs are ranked first, then the others; pairs
 * of a planner against itself tell nothing of the ratings and come last. Within a planner pair, pairs keep their
 * order.
 */
import { seededRandom } from "../../kernel";
import {
  assumeBattle,
  designAt,
  fitTally,
  pairScore,
  pairTally,
  servingPick,
  tallyBattle,
  unboundedModels,
  type Design,
  type PairTally,
  type ServingCandidates,
} from "../../results/leaderboard";
import { EXPLORATION_DEFAULT, type ServingOrder } from "./serving-setting";

/** Added to the priority of a pair of the escalation's calibration sample (Pair.escalationCalibration). */
export const CALIBRATION_BOOST = 2;

/** A pair waiting for judgments, in the order it was imported (the claim's order among equal priorities). */
export interface WaitingPair {
  id: string;
  plannerA: string;
  plannerB: string;
  /** Judgments it still needs (at least one is assumed): the battles serving it brings. */
  remaining: number;
  /** In the escalation's calibration sample. */
  calibration: boolean;
}

/** The dataset's battles so far between two planners (its judgments: Neither a tie, as the leaderboard counts them). */
export interface PlannerBattles {
  plannerA: string;
  plannerB: string;
  winsA: number;
  winsB: number;
  ties: number;
}

export interface ServingOptions {
  order: ServingOrder;
  /** "informative": the share of ranks drawn uniformly among the planner pairs (0–0.5). */
  explorationShare?: number;
  seed?: number;
  /** "informative": ranks given by the greedy design, at most; the rest take turns as balanced orders them. */
  greedyRanks?: number;
}

/**
 * The greedy design's ranks, at most. Each costs O(planner pairs + q²) (about 0.4 ms at 60 planners); a dataset's
 * priorities are recomputed every few dozen judgments, so ranks past these are re-ranked long before the claim gets
 * to them, except in a destination whose pairs are a small share of a large dataset.
 */
export const GREEDY_RANKS = 5000;

export interface Priorities {
  /** Per waiting pair, in the order given. */
  priority: Float64Array;
  /** 1 for a pair whose rank was drawn uniformly (the exploration share). */
  explored: Uint8Array;
}

export function servingPriorities(
  pairs: readonly WaitingPair[],
  battles: readonly PlannerBattles[],
  o: ServingOptions,
): Priorities {
  const n = pairs.length;
  const priority = Float64Array.from(pairs, (x) => (x.calibration ? CALIBRATION_BOOST : 0));
  if (o.order === "imported" || n === 0) return { priority, explored: new Uint8Array(n) };

  const names = [...new Set([...pairs, ...battles].flatMap((x) => [x.plannerA, x.plannerB]))].sort();
  const index = new Map(names.map((m, i) => [m, i]));
  const p = names.length;
  const tally = pairTally(p);
  for (const b of battles) {
    const a = index.get(b.plannerA)!,
      c = index.get(b.plannerB)!;
    if (a === c) continue;
    for (let k = 0; k < b.winsA; k++) tallyBattle(tally, a, c, 2);
    for (let k = 0; k < b.winsB; k++) tallyBattle(tally, a, c, 0);
    for (let k = 0; k < b.ties; k++) tallyBattle(tally, a, c, 1);
  }
  const q = queues(pairs, index, p);
  const ranking = new Ranking(n);
  const count = Float64Array.from(q.lo, (lo, c) => tally.n[lo * p + q.hi[c]]);
  const st = informativeState(tally, q);
  const random = seededRandom(o.seed ?? 1);
  const greedy = { left: o.order === "informative" ? (o.greedyRanks ?? GREEDY_RANKS) : 0 };
  for (const phase of [1, 0]) {
    const ctx = { q, phase, count, pairs, ranking };
    informative(ctx, st, random, o.explorationShare ?? EXPLORATION_DEFAULT, greedy);
    balanced(ctx);
    // Pairs of a planner against itself: last in their phase, as imported.
    for (const i of q.self[phase]) ranking.take(i, false);
  }
  for (let i = 0; i < n; i++) priority[i] += 1 - ranking.rank[i] / n;
  return { priority, explored: ranking.explored };
}

class Ranking {
  readonly rank: Int32Array;
  readonly explored: Uint8Array;
  private next = 0;
  constructor(n: number) {
    this.rank = new Int32Array(n);
    this.explored = new Uint8Array(n);
  }
  take(pair: number, explored: boolean) {
    this.rank[pair] = this.next++;
    if (explored) this.explored[pair] = 1;
  }
}

/**
 * The waiting pairs by planner pair (lo < hi, in the order lo·p + hi, the replay's), each planner pair's pairs in
 * their given order, one queue per phase (1: the calibration sample, 0: the rest); pairs of a planner against itself
 * apart.
 */
interface Queues {
  lo: Int32Array;
  hi: Int32Array;
  /** Per phase, per planner pair, its pairs' indices in order, and how many were taken. */
  members: [number[][], number[][]];
  taken: [Int32Array, Int32Array];
  self: [number[], number[]];
}

function queues(pairs: readonly WaitingPair[], index: Map<string, number>, p: number): Queues {
  const keyOf = pairs.map((x) => {
    const a = index.get(x.plannerA)!,
      b = index.get(x.plannerB)!;
    return a === b ? -1 : Math.min(a, b) * p + Math.max(a, b);
  });
  const keys = [...new Set(keyOf.filter((k) => k >= 0))].sort((x, y) => x - y);
  const at = new Map(keys.map((k, i) => [k, i]));
  const members: Queues["members"] = [keys.map(() => []), keys.map(() => [])];
  const self: Queues["self"] = [[], []];
  pairs.forEach((x, i) => {
    const phase = x.calibration ? 1 : 0;
    if (keyOf[i] < 0) self[phase].push(i);
    else members[phase][at.get(keyOf[i])!].push(i);
  });
  return {
    lo: Int32Array.from(keys, (k) => Math.floor(k / p)),
    hi: Int32Array.from(keys, (k) => k % p),
    members,
    taken: [new Int32Array(keys.length), new Int32Array(keys.length)],
    self,
  };
}

const battlesOf = (x: WaitingPair) => Math.max(1, Math.round(x.remaining));

/** What one phase of a ranking works on: the queues, the battles per planner pair (counting picks), the pairs. */
interface Phase {
  q: Queues;
  phase: number;
  count: Float64Array;
  pairs: readonly WaitingPair[];
  ranking: Ranking;
}

/**
 * The phase's pairs not ranked yet: fewest battles first (those so far and those of the pairs ranked before), ties to
 * the pair imported first.
 */
function balanced({ q, phase, count, pairs, ranking }: Phase) {
  const members = q.members[phase],
    taken = q.taken[phase];
  const head = (c: number) => members[c][taken[c]];
  const before = (c: number, d: number) => count[c] < count[d] || (count[c] === count[d] && head(c) < head(d));
  const heap = new MinHeap(before);
  members.forEach((m, c) => taken[c] < m.length && heap.push(c));
  for (let c = heap.pop(); c >= 0; c = heap.pop()) {
    const i = head(c);
    ranking.take(i, false);
    count[c] += battlesOf(pairs[i]);
    if (++taken[c] < members[c].length) heap.push(c);
  }
}

/**
 * The replay's pick over the planner pairs that still have pairs waiting, at the current fit. A pick the design can
 * score is assumed into it (its remaining judgments, in expectation); one it cannot (a planner without battles, two
 * groups never compared, a planner whose rating has no finite maximum) is taken as that many ties and the next pick
 * refits — no outcome is known, and a tie asserts the least.
 */
function informative(
  { q, phase, count, pairs, ranking }: Phase,
  st: InformativeState,
  random: () => number,
  exploration: number,
  greedy: { left: number },
) {
  const members = q.members[phase],
    taken = q.taken[phase];
  const candidates: ServingCandidates = {
    count: q.lo.length,
    lo: q.lo,
    hi: q.hi,
    open: (c) => taken[c] < members[c].length,
    unknown: (c) => st.unbounded[q.lo[c]] === 1 || st.unbounded[q.hi[c]] === 1,
  };
  for (; greedy.left > 0; greedy.left--) {
    const pick = servingPick("informative", candidates, random, exploration, st.design);
    const c = pick.pair;
    if (c < 0) return;
    const i = members[c][taken[c]++];
    ranking.take(i, pick.explored);
    const d = st.design();
    const score = !pick.explored ? pick.score : candidates.unknown!(c) ? Infinity : pairScore(d, q.lo[c], q.hi[c]);
    const k = battlesOf(pairs[i]);
    st.serve(c, k, Number.isFinite(score));
    count[c] += k;
  }
}

type InformativeState = ReturnType<typeof informativeState>;

/**
 * The design at the fit of the battles and of the ties taken so far, with every pick since assumed into it (kept per
 * planner pair, so a refit assumes them again in O(planner pairs · q²)).
 */
function informativeState(tally: PairTally, q: Queues) {
  const p = tally.p;
  const assumed = new Float64Array(q.lo.length);
  const maxRefits = 4 * p + 8;
  let d: Design | null = null;
  let stale = true,
    refits = 0;
  const st = {
    /** Planners whose rating has no finite maximum at the fit (never lost, or never won, against the rest). */
    unbounded: new Uint8Array(p),
    design(): Design {
      if (stale || !d) {
        d = designAt(tally, fitTally(tally));
        refits++;
        stale = false;
        const credit = new Float64Array(p * p);
        for (let a = 0; a < p; a++)
          for (let b = a + 1; b < p; b++) {
            credit[a * p + b] = tally.credit[a * p + b];
            credit[b * p + a] = 2 * tally.n[a * p + b] - tally.credit[a * p + b];
          }
        st.unbounded.fill(0);
        for (const m of unboundedModels(credit, p)) st.unbounded[m] = 1;
        for (let c = 0; c < assumed.length; c++)
          if (assumed[c] && Number.isFinite(pairScore(d, q.lo[c], q.hi[c])))
            assumeBattle(d, q.lo[c], q.hi[c], assumed[c]);
      }
      return d;
    },
    /**
     * Serving planner pair c brings k battles: assumed into the design when it can score them, else taken as k ties
     * and refitted at the next pick (a few refits a planner at most: past that, such picks change nothing).
     */
    serve(c: number, k: number, scored: boolean) {
      if (scored) {
        assumeBattle(st.design(), q.lo[c], q.hi[c], k);
        assumed[c] += k;
      } else if (refits < maxRefits) {
        for (let t = 0; t < k; t++) tallyBattle(tally, q.lo[c], q.hi[c], 1);
        stale = true;
      }
    },
  };
  return st;
}

/** A binary heap of small integers under `before`. */
class MinHeap {
  private items: number[] = [];
  constructor(private readonly before: (a: number, b: number) => boolean) {}
  push(x: number) {
    const h = this.items;
    h.push(x);
    for (let i = h.length - 1; i > 0;) {
      const up = (i - 1) >> 1;
      if (!this.before(h[i], h[up])) break;
      [h[i], h[up]] = [h[up], h[i]];
      i = up;
    }
  }
  /** The first item, or −1 when empty. */
  pop(): number {
    const h = this.items;
    if (!h.length) return -1;
    const top = h[0],
      last = h.pop()!;
    if (h.length) {
      h[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1,
          r = l + 1;
        let m = i;
        if (l < h.length && this.before(h[l], h[m])) m = l;
        if (r < h.length && this.before(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}
