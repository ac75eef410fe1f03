/**
 * Humans against the reward, dimension by dimension (issue 27 item 5): per dimension, the experts' majority
 * verdict on each pair against the pair's signal difference (lib/results/dimensions/signals.ts) — accuracy with ties
 * excluded, Kendall's τ-b, seeded cluster-bootstrap intervals (requests resampled), and the pairs where the two
 * disagree most. A streaming accumulator: rows are added one by one (from a database cursor) and read at the end.
 */
import type { Interval } from "../agreement";
import { seededRandom, CategoryKendall, percentileInterval } from "../../kernel";
import type { DimensionVerdict } from "./set";

/** One pair: per dimension key, the experts' majority and the signal difference. */
export interface PairDimensions {
  pairId: string;
  /** The pair's request (query): the unit the bootstrap resamples, so that the pairs of one request move together. */
  queryId: string;
  dimensions: Readonly<
    Record<
      string,
      {
        /**
         * The answer more than half of the applicable answers give, in the pair's terms (the exports'
         * dimension_majority): "NA" when every expert found the dimension not applicable, null without a majority.
         */
        majority: DimensionVerdict | null;
        /** Plan A's signal minus plan B's (positive: the reward's part favours A); null when unknown. */
        difference: number | null;
      }
    >
  >;
}

/** A pair on which the majority chose one side and the signal difference favours the other. */
export interface Disagreement {
  pairId: string;
  queryId: string;
  majority: "A" | "B";
  difference: number;
}

export interface DimensionVsReward {
  key: string;
  /**
   * Pairs with a row for this dimension; of them, those left out: not applicable by every expert, no majority,
   * no signal (a majority but no difference).
   */
  pairs: number;
  notApplicable: number;
  noMajority: number;
  noSignal: number;
  /** Pairs with both a majority and a signal difference: τ-b's base. */
  compared: number;
  /** Requests those pairs come from (the bootstrap's units). */
  requests: number;
  /**
   * Share of the decisive pairs on which the signal favours the majority's side; ties excluded: a majority of
   * "about the same" (`sameMajority`) or a zero difference (`zeroDifference`) leaves the pair out.
   */
  accuracy: number | null;
  accuracyPairs: number;
  sameMajority: number;
  zeroDifference: number;
  accuracyCi95: Interval | null;
  /** Kendall's τ-b of the majority coded A +1, about the same 0, B −1 against the difference, over `compared`. */
  kendallTau: number | null;
  kendallTauCi95: Interval | null;
  /** Up to k pairs where the majority chose one side and the signal favours the other, largest |difference| first. */
  disagreements: Disagreement[];
}

export interface HumansVsRewardOptions {
  /** The dimension keys, in the order wanted; rows' other keys are ignored. Default: every key seen, sorted. */
  keys?: readonly string[];
  /** How many disagreements to keep per dimension (default 20). */
  k?: number;
  replicates?: number;
  seed?: number;
}

/** A growing typed array (doubling): the per-pair values τ-b and the bootstrap need. */
class Column<T extends Float64Array | Int32Array | Uint8Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number) {
    if (this.length === this.data.length) {
      const next = this.make(Math.max(16, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

/** Stronger disagreements first: the larger |difference|, then the pair id (a fixed order whatever the input's). */
const stronger = (u: Disagreement, v: Disagreement) =>
  Math.abs(v.difference) - Math.abs(u.difference) || (u.pairId < v.pairId ? -1 : u.pairId > v.pairId ? 1 : 0);

class DimensionState {
  pairs = 0;
  notApplicable = 0;
  noMajority = 0;
  noSignal = 0;
  // Per compared pair: the majority as a category (B 0, about the same 1, A 2), the difference, the request's index.
  readonly code = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  readonly difference = new Column(new Float64Array(0), (n) => new Float64Array(n));
  readonly request = new Column(new Int32Array(0), (n) => new Int32Array(n));
  /** The k strongest so far, strongest first. */
  readonly top: Disagreement[] = [];
  constructor(readonly key: string) {}

  keep(d: Disagreement, k: number) {
    if (k <= 0) return;
    if (this.top.length === k && stronger(d, this.top[k - 1]) >= 0) return;
    let lo = 0;
    let hi = this.top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (stronger(this.top[mid], d) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.top.splice(lo, 0, d);
    if (this.top.length > k) this.top.pop();
  }
}

/**
 * The accumulator. Memory: per dimension, 13 bytes per compared pair (its category, difference and request
 * index, in typed arrays that double as they grow: at most twice that), which τ-b needs whole and the bootstrap
 * reweights; the k disagreements; and one map of request ids shared by the dimensions. A million pairs on six
 * dimensions: about 80 MB, 160 MB at the worst moment of growth; `result()` takes some 35 bytes per pair of the
 * dimension at hand more while it sorts. Time at `result()`: an O(n log n) sort per dimension, then one pass over
 * its pairs per replicate, about 20 ms per million pairs (1,000 replicates of a million pairs: some 20 s per
 * dimension; `replicates` is the caller's to lower).
 */
export class HumansVsRewardAccumulator {
  private readonly dims = new Map<string, DimensionState>();
  private readonly requestIndex = new Map<string, number>();
  private readonly requestIds: string[] = [];
  private readonly k: number;

  constructor(private readonly opts: HumansVsRewardOptions = {}) {
    this.k = opts.k ?? 20;
    for (const key of opts.keys ?? []) this.dims.set(key, new DimensionState(key));
  }

  add(row: PairDimensions): void {
    let q = this.requestIndex.get(row.queryId);
    for (const [key, d] of Object.entries(row.dimensions)) {
      let s = this.dims.get(key);
      if (!s) {
        if (this.opts.keys) continue;
        s = new DimensionState(key);
        this.dims.set(key, s);
      }
      s.pairs++;
      if (d.majority === "NA") {
        s.notApplicable++;
        continue;
      }
      if (d.majority === null) {
        s.noMajority++;
        continue;
      }
      if (d.difference === null) {
        s.noSignal++;
        continue;
      }
      if (!Number.isFinite(d.difference))
        throw new RangeError(`pair ${row.pairId}, dimension ${key}: the difference is ${d.difference}`);
      if (q === undefined) {
        q = this.requestIds.length;
        this.requestIndex.set(row.queryId, q);
        this.requestIds.push(row.queryId);
      }
      s.code.push(d.majority === "B" ? 0 : d.majority === "SAME" ? 1 : 2);
      s.difference.push(d.difference);
      s.request.push(q);
      if (d.majority !== "SAME" && d.difference !== 0 && (d.majority === "A") !== d.difference > 0)
        s.keep({ pairId: row.pairId, queryId: row.queryId, majority: d.majority, difference: d.difference }, this.k);
    }
  }

  result(): DimensionVsReward[] {
    const states = this.opts.keys
      ? [...this.dims.values()]
      : [...this.dims.values()].sort((u, v) => (u.key < v.key ? -1 : u.key > v.key ? 1 : 0));
    return states.map((s) => this.summarize(s));
  }

  private summarize(s: DimensionState): DimensionVsReward {
    const code = s.code.view();
    const diff = s.difference.view();
    const request = s.request.view();
    const n = code.length;
    // The requests of this dimension numbered in id order, so the seeded draws do not depend on the rows' order.
    const present = [...new Set(request)].sort((a, b) =>
      this.requestIds[a] < this.requestIds[b] ? -1 : this.requestIds[a] > this.requestIds[b] ? 1 : 0,
    );
    const cluster = new Map(present.map((q, c) => [q, c]));
    const groups = Int32Array.from(request, (q) => cluster.get(q)!);
    const Q = present.length;
    const right = new Float64Array(Q);
    const decisive = new Float64Array(Q);
    let same = 0;
    let zero = 0;
    for (let i = 0; i < n; i++) {
      if (code[i] === 1) same++;
      else if (diff[i] === 0) zero++;
      else {
        decisive[groups[i]]++;
        if ((code[i] === 2) === diff[i] > 0) right[groups[i]]++;
      }
    }
    const accuracyPairs = n - same - zero;
    const totalRight = right.reduce((a, b) => a + b, 0);
    const kendall = new CategoryKendall(code, 3, diff, groups);
    const tau = n >= 2 ? kendall.tauB() : null;

    let accuracyCi95: Interval | null = null;
    let kendallTauCi95: Interval | null = null;
    const replicates = this.opts.replicates ?? 1000;
    if (Q >= 2 && replicates > 0) {
      const rng = seededRandom(this.opts.seed ?? 1);
      const drawn = new Float64Array(Q);
      const accs: number[] = [];
      const taus: number[] = [];
      for (let r = 0; r < replicates; r++) {
        drawn.fill(0);
        for (let j = 0; j < Q; j++) drawn[Math.floor(rng() * Q)]++;
        let num = 0;
        let den = 0;
        for (let c = 0; c < Q; c++) {
          num += drawn[c] * right[c];
          den += drawn[c] * decisive[c];
        }
        if (den > 0) accs.push(num / den);
        if (tau !== null) {
          const t = kendall.tauB(drawn);
          if (t !== null) taus.push(t);
        }
      }
      accuracyCi95 = interval(accs, replicates);
      kendallTauCi95 = interval(taus, replicates);
    }
    return {
      key: s.key,
      pairs: s.pairs,
      notApplicable: s.notApplicable,
      noMajority: s.noMajority,
      noSignal: s.noSignal,
      compared: n,
      requests: Q,
      accuracy: accuracyPairs ? totalRight / accuracyPairs : null,
      accuracyPairs,
      sameMajority: same,
      zeroDifference: zero,
      accuracyCi95,
      kendallTau: tau,
      kendallTauCi95,
      disagreements: [...s.top],
    };
  }
}

/** The percentile 95 % interval of the replicates where the statistic was defined; null when under half were. */
function interval(values: number[], replicates: number): Interval | null {
  if (values.length < 2 || values.length < replicates / 2) return null;
  const [lo, hi] = percentileInterval(Float64Array.from(values));
  return { lo, hi, replicates: values.length };
}

/** All rows at once: the accumulator fed from an array. */
export function humansVsReward(rows: Iterable<PairDimensions>, opts: HumansVsRewardOptions = {}): DimensionVsReward[] {
  const acc = new HumansVsRewardAccumulator(opts);
  for (const row of rows) acc.add(row);
  return acc.result();
}
