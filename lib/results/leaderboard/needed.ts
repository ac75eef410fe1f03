/**
 * Judgments still needed: how many more expert judgments, served in a dataset's serving order from the pairs waiting,
 * until the widest planner's 95 % interval half-width (the sandwich of informative.ts, Elo points) falls under a
 * target. Projected from the current fit: each judgment is assumed into the design in expectation (`assumeBattle`,
 * no outcome drawn), so the projection says what the order is expected to buy, not what the judgments will say.
 * Orders (docs/serving-order.md):
 * - imported: the waiting pairs in the claim's order, each taking the judgments it still needs before the next;
 * - balanced: round-robin over the pairs of planners with pairs waiting, the one with the fewest battles first;
 * - informative: greedily the pair of planners with the highest `pairScore` (no exploration: the projection is
 *   the order's intent, not one random draw of it).
 * A judgment that rates a planner without battles, or joins two groups of planners never compared, cannot be assumed
 * at the fit (its score is Infinity): it is added as an expected tie (nothing is known of the gap) and the fit redone.
 *
 * The half-widths it reports are the leaderboard table's, not the sandwich's (`tableScale`): the table's bootstrap
 * resamples requests, so where a request's judgments agree with one another its intervals are wider than the
 * sandwich's, which counts every battle as independent, and the planner widest by one need not be widest by the
 * other. The bootstrap cannot be run on judgments not yet made, so each planner's sandwich half-width is carried
 * forward times its ratio today (the design effect of grouping judgments in requests), which makes the widest now
 * exactly the table's and assumes the judgments to come group as today's do.
 */
import { Z95 } from "../../kernel";
import { A_WINS, B_WINS, type BattleSet } from "./battles";
import { unboundedModels } from "./bradley-terry";
import { assumeBattle, designAt, fitTally, pairScore, pairTally, ratingVariances, type PairTally } from "./informative";
import { leaderboard, type ModelRow } from "./leaderboard";

export const SERVING_ORDERS = ["imported", "balanced", "informative"] as const;
export type ServingOrder = (typeof SERVING_ORDERS)[number];

/** A pair waiting for experts: its two plans' planners and the judgments it still needs. */
export interface WaitingPair {
  modelA: string;
  modelB: string;
  judgments: number;
}

/** The current battles as a tally over every planner in scope (battles' and waiting pairs'), and the waiting pairs. */
export interface NeededInput {
  models: string[];
  tally: PairTally;
  /** In the claim's order (the "imported" order); indices into `models`. */
  waiting: { a: number; b: number; judgments: number }[];
  /** Waiting pairs of two plans by one planner: no battle, left out. */
  selfPairs: number;
}

/** The projection's input from the experts' battles and the waiting pairs (listed in the claim's order). */
export function neededInput(set: BattleSet, waiting: readonly WaitingPair[]): NeededInput {
  const models = [...set.models];
  const index = new Map(models.map((m, i) => [m, i]));
  const id = (m: string) => {
    let i = index.get(m);
    if (i === undefined) index.set(m, (i = models.push(m) - 1));
    return i;
  };
  let selfPairs = 0;
  const pending: NeededInput["waiting"] = [];
  for (const w of waiting) {
    if (!(w.judgments > 0)) continue;
    if (w.modelA === w.modelB) selfPairs++;
    else pending.push({ a: id(w.modelA), b: id(w.modelB), judgments: w.judgments });
  }
  const tally = pairTally(models.length);
  for (let r = 0; r < set.size; r++) {
    const o = set.outcome[r];
    const c = o === A_WINS ? 2 : o === B_WINS ? 0 : 1;
    addBattles(tally, set.a[r], set.b[r], set.weight[r], c, c * c);
  }
  return { models, tally, waiting: pending, selfPairs };
}

/** Adds `n` battles of a and b whose credits to a sum to n·credit and whose squares sum to n·creditSq. */
function addBattles(t: PairTally, a: number, b: number, n: number, credit: number, creditSq: number) {
  const at = Math.min(a, b) * t.p + Math.max(a, b);
  t.n[at] += n;
  // Seen from the pair's first planner: b's credit is 2 − c, its square 4 − 4c + c².
  t.credit[at] += n * (a < b ? credit : 2 - credit);
  t.creditSq[at] += n * (a < b ? creditSq : 4 - 4 * credit + creditSq);
}

export interface NeededOptions {
  order: ServingOrder;
  /** The widest planner's 95 % half-width to get under, Elo points. */
  target: number;
  /**
   * Redo the design from the tally (same fit) every this many judgments (256): the updates' rounding stays small, and
   * imported and balanced, whose picks need no design, check the target only then.
   */
  resyncEvery?: number;
  /** Each judgment projected, in order (tests). */
  onPick?: (a: number, b: number) => void;
  /**
   * Per planner (the input's order), the factor from its sandwich half-width to the half-width reported
   * (`tableScale`: the table's); 1 each when absent (the sandwich's own).
   */
  scale?: ArrayLike<number>;
}

/** What `tableScale` makes of the table: the factors, and the pooled one planners without a table interval take. */
export interface TableScale {
  scale: Float64Array;
  /** √(Σ table² / Σ sandwich²) over the planners with both: how much wider the table's intervals are, overall. */
  pooled: number;
  /** Planners that took the pooled factor (no table interval yet: no battles, or all of their group's in one request). */
  pooledModels: string[];
}

/**
 * Per planner, its table half-width (half its bootstrap interval's width, as the Ratings table shows it) over its
 * sandwich half-width at the current fit, so that the projection reports what the table will show. A planner the
 * table gives no interval (no battles yet, a group whose battles are all one request, no finite replicate) takes
 * the pooled factor; with no planner to pool over, 1.
 */
export function tableScale(
  input: NeededInput,
  table: readonly Pick<ModelRow, "model" | "ci95" | "groupUnits">[],
): TableScale {
  const p = input.models.length;
  const scale = new Float64Array(p).fill(NaN);
  const byModel = new Map(table.map((r) => [r.model, r]));
  const v = p ? ratingVariances(designAt(input.tally, fitTally(input.tally))) : new Float64Array(0);
  let table2 = 0,
    sandwich2 = 0;
  for (let m = 0; m < p; m++) {
    const row = byModel.get(input.models[m]);
    const tableHalf = row && row.groupUnits >= 2 ? (row.ci95[1] - row.ci95[0]) / 2 : NaN;
    const sandwichHalf = Z95 * Math.sqrt(v[m]);
    if (!(tableHalf > 0 && Number.isFinite(tableHalf) && sandwichHalf > 0 && Number.isFinite(sandwichHalf))) continue;
    scale[m] = tableHalf / sandwichHalf;
    table2 += tableHalf * tableHalf;
    sandwich2 += sandwichHalf * sandwichHalf;
  }
  const pooled = sandwich2 > 0 ? Math.sqrt(table2 / sandwich2) : 1;
  const pooledModels: string[] = [];
  for (let m = 0; m < p; m++)
    if (Number.isNaN(scale[m])) {
      scale[m] = pooled;
      pooledModels.push(input.models[m]);
    }
  return { scale, pooled, pooledModels };
}

export interface Widest {
  model: string | null;
  /** Half-width in Elo points; Infinity while some planner has no battle (or no comparison with the rest). */
  halfWidth: number;
}

export interface NeededProjection {
  order: ServingOrder;
  target: number;
  now: Widest;
  /** Judgments the waiting pairs still need, in all. */
  waiting: number;
  /** Judgments until the widest half-width is under the target (0: already); null when the waiting pairs run out first. */
  needed: number | null;
  /** Where the projection stopped: after `needed` judgments, or after every waiting one. */
  end: Widest & { judgments: number };
  /** Planners whose rating has no finite maximum yet (never lost, or never won): no projection until they have one. */
  unbounded: string[];
}

const LN10 = Math.log(10);

const copyTally = (t: PairTally): PairTally => ({
  p: t.p,
  n: t.n.slice(),
  credit: t.credit.slice(),
  creditSq: t.creditSq.slice(),
});

export function projectNeeded(input: NeededInput, o: NeededOptions): NeededProjection {
  const { models, waiting } = input;
  const p = models.length;
  let t = copyTally(input.tally);
  const total = waiting.reduce((s, w) => s + w.judgments, 0);
  const stride = Math.max(1, o.resyncEvery ?? 256);
  let fit = fitTally(t);
  let d = designAt(t, fit);
  const widest = (): Widest => {
    if (!p) return { model: null, halfWidth: NaN };
    const v = ratingVariances(d);
    const half = (m: number) => Z95 * Math.sqrt(v[m]) * (o.scale ? o.scale[m] : 1);
    let at = 0;
    for (let m = 1; m < p; m++) if (half(m) > half(at)) at = m;
    return { model: models[at], halfWidth: half(at) };
  };
  const now = widest();
  const base = { order: o.order, target: o.target, now, waiting: total };
  const credit = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let j = i + 1; j < p; j++) {
      credit[i * p + j] = t.credit[i * p + j];
      credit[j * p + i] = 2 * t.n[i * p + j] - t.credit[i * p + j];
    }
  const unbounded = unboundedModels(credit, p).map((m) => models[m]);
  // Expected battles at the fit cannot move a planner whose rating runs off to infinity: nothing to project.
  if (unbounded.length) return { ...base, needed: null, end: { ...now, judgments: 0 }, unbounded };
  if (now.halfWidth < o.target) return { ...base, needed: 0, end: { ...now, judgments: 0 }, unbounded };

  let done = 0,
    sinceSync = 0,
    last = now;
  const joins = (a: number, b: number) =>
    d.slot[a] < 0 || d.slot[b] < 0 || d.group[a] !== d.group[b] || d.singular[d.group[a]] === 1;
  /** The battle in expectation at the fit: E[credit] = 2s, E[credit²] = 4s² + ρ·4s(1 − s) (ρ is kept so). */
  const expect = (a: number, b: number) => {
    const s = 1 / (1 + Math.exp(-LN10 * (d.beta[a] - d.beta[b])));
    addBattles(t, a, b, 1, 2 * s, 4 * s * s + d.rho * 4 * s * (1 - s));
  };
  /** A judgment the fit cannot take (a new planner, two groups joined): an expected tie (E[credit²] = 1 + ρ at s = ½), refitted. */
  const tie = (a: number, b: number) => {
    addBattles(t, a, b, 1, 1, 1 + d.rho);
    fit = fitTally(t);
    d = designAt(t, fit);
    sinceSync = 0;
  };
  /** One judgment, the design updated at once; true once the widest half-width is under the target. */
  const judge = (a: number, b: number): boolean => {
    if (joins(a, b)) tie(a, b);
    else {
      // designAt on the tally so grown (same fit) is exactly the design assumeBattle updates to.
      expect(a, b);
      if (++sinceSync >= stride) {
        d = designAt(t, fit);
        sinceSync = 0;
      } else assumeBattle(d, a, b);
    }
    done++;
    last = widest();
    return last.halfWidth < o.target;
  };
  const result = (reached: boolean): NeededProjection => ({
    ...base,
    needed: reached ? done : null,
    end: { ...last, judgments: done },
    unbounded,
  });

  if (o.order === "informative") {
    const pool = plannerPairs(waiting, p);
    for (;;) {
      let pick = -1,
        best = 0;
      for (let k = 0; k < pool.keys.length; k++) {
        if (!pool.remaining[k]) continue;
        const raw = pairScore(d, Math.floor(pool.keys[k] / p), pool.keys[k] % p);
        const s = Number.isNaN(raw) ? Infinity : raw;
        if (pick < 0 || s > best) [pick, best] = [k, s];
      }
      if (pick < 0) return result(false);
      pool.remaining[pick]--;
      const [a, b] = [Math.floor(pool.keys[pick] / p), pool.keys[pick] % p];
      o.onPick?.(a, b);
      if (judge(a, b)) return result(true);
    }
  }

  // Imported and balanced pick without the design: the design is redone from the tally once a stretch of `stride`
  // judgments (or before a judgment it cannot take), and only the stretch that crosses the target is gone through
  // judgment by judgment. O(q³) a stretch instead of O(q²) a judgment.
  const next = o.order === "imported" ? importedPicks(waiting) : balancedPicks(waiting, p, () => t.n);
  let start = { t: copyTally(t), done };
  const stretch: [number, number][] = [];
  /** The design at the stretch's end; true when the target fell within it (then `done` is where, exactly). */
  const close = (): boolean => {
    if (!stretch.length) return false;
    d = designAt(t, fit);
    if (widest().halfWidth >= o.target) {
      done = start.done + stretch.length;
      last = widest();
      stretch.length = 0;
      start = { t: copyTally(t), done };
      return false;
    }
    // Back to the stretch's start, then judgment by judgment: the same design, assumed one battle at a time.
    t = start.t;
    d = designAt(t, fit);
    done = start.done;
    sinceSync = 0;
    for (const [a, b] of stretch) if (judge(a, b)) return true;
    return true;
  };
  for (;;) {
    const pick = next();
    if (!pick) return result(close());
    const [a, b] = pick;
    o.onPick?.(a, b);
    if (joins(a, b)) {
      if (close()) return result(true);
      if (judge(a, b)) return result(true);
      start = { t: copyTally(t), done };
      continue;
    }
    expect(a, b);
    stretch.push(pick);
    if (stretch.length >= stride && close()) return result(true);
  }
}

/** The projection as the page reports it: in the half-widths of the table of `leaderboard(set, bootstrap)`. */
export interface TableProjection extends NeededProjection {
  /** Waiting pairs of two plans by one planner (no battle, left out). */
  selfPairs: number;
  /** The table the half-widths are those of: its bootstrap replicates and seed, and `tableScale`'s pooled factor. */
  intervals: { bootstrap: number; seed: number; pooled: number; pooledModels: string[] };
}

/**
 * Judgments still needed in the table's terms: the leaderboard on the same battles with the page's replicates and
 * seed (plain Bradley–Terry: style control leaves the table's raw intervals as they are), its half-widths over the
 * sandwich's as `tableScale` says, then `projectNeeded` with those factors.
 */
export function projectNeededForTable(
  set: BattleSet,
  waiting: readonly WaitingPair[],
  o: Omit<NeededOptions, "scale"> & { bootstrap: number; seed: number },
): TableProjection {
  const input = neededInput(set, waiting);
  const table = set.size ? leaderboard(set, { bootstrap: o.bootstrap, seed: o.seed }).models : [];
  const { scale, pooled, pooledModels } = tableScale(input, table);
  return {
    ...projectNeeded(input, { ...o, scale }),
    selfPairs: input.selfPairs,
    intervals: { bootstrap: o.bootstrap, seed: o.seed, pooled, pooledModels },
  };
}

/** The judgments waiting per pair of planners (i·p + j, i < j, ascending). */
function plannerPairs(waiting: NeededInput["waiting"], p: number) {
  const left = new Map<number, number>();
  for (const w of waiting) {
    const key = Math.min(w.a, w.b) * p + Math.max(w.a, w.b);
    left.set(key, (left.get(key) ?? 0) + w.judgments);
  }
  const keys = [...left.keys()].sort((x, y) => x - y);
  return { keys, remaining: Float64Array.from(keys, (k) => left.get(k)!) };
}

/** The waiting pairs in the claim's order, each for the judgments it still needs. */
function importedPicks(waiting: NeededInput["waiting"]): () => [number, number] | null {
  let i = 0,
    k = 0;
  return () => {
    while (i < waiting.length && k >= waiting[i].judgments) [i, k] = [i + 1, 0];
    if (i >= waiting.length) return null;
    k++;
    return [waiting[i].a, waiting[i].b];
  };
}

/** Round-robin over the pairs of planners with judgments waiting: the fewest battles so far first (ties: pair order). */
function balancedPicks(waiting: NeededInput["waiting"], p: number, n: () => Float64Array) {
  const pool = plannerPairs(waiting, p);
  return (): [number, number] | null => {
    const battles = n();
    let pick = -1;
    for (let k = 0; k < pool.keys.length; k++)
      if (pool.remaining[k] && (pick < 0 || battles[pool.keys[k]] < battles[pool.keys[pick]])) pick = k;
    if (pick < 0) return null;
    pool.remaining[pick]--;
    return [Math.floor(pool.keys[pick] / p), pool.keys[pick] % p];
  };
}
