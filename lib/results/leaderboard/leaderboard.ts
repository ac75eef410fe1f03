/**
 * The planner leaderboard: Bradley–Terry ratings on the Elo scale (FastChat's definition), 95 %
 * intervals from a seeded bootstrap that resamples queries (all battles of a query together: the
 * judgments of one pair, and the pairs of one query, are not independent), FastChat's rank rule, and
 * optionally style control.
 */
import { multinomial, seededRandom, percentileInterval } from "../../kernel";
import { A_WINS, B_WINS, STYLE_COVARIATES, type BattleSet, type StyleCovariate } from "./battles";
import { elo, fitBradleyTerry, unboundedModels, type BtFit, type Observations } from "./bradley-terry";
import { fitPairs } from "./replicate-fit";
import { leftWins, winTable, type SideShare, type WinRow } from "./win-table";

export interface ModelRow {
  model: string;
  rating: number;
  ci95: [number, number];
  rank: number;
  battles: number;
  wins: number;
  losses: number;
  ties: number;
  /** Bootstrap replicates in which this model had no battle (its interval comes from the others). */
  absentReplicates: number;
  /**
   * Its group of planners connected by battles, 0 the largest. Ratings, intervals and ranks compare only
   * within a group: each group is centred on 1000 on its own (see `fitBradleyTerry`).
   */
  group: number;
  /**
   * How many resampling units (requests, or battles) its group's battles come from. Below 2 the bootstrap draws the
   * same battles in every replicate, so the interval has no width and says nothing: the page shows none.
   */
  groupUnits: number;
}

export interface StyleResult {
  covariates: { name: StyleCovariate; coefficient: number | null; ci95: [number, number] | null }[];
  /** Ratings with the covariates held fixed, by model (same order as `models`). */
  ratings: { model: string; rating: number; ci95: [number, number]; rank: number }[];
  /** Covariates that move together (|r| ≥ 0.9 over the battles): their separate coefficients are poorly determined, their sum is not. */
  collinear: { a: StyleCovariate; b: StyleCovariate; r: number }[];
}

export interface Leaderboard {
  models: ModelRow[];
  pairs: WinRow[];
  left: SideShare;
  style: StyleResult | null;
  /**
   * `unconverged`: replicates whose fit failed (no finite gradient), or that split a group of planners (no
   * resampled battle joins its parts, so their gap is not identified); they are left out of every interval
   * rather than reported as ratings.
   */
  bootstrap: { replicates: number; seed: number; units: number; unit: "query" | "battle"; unconverged: number };
  anchor: { model: string; rating: number } | null;
  /** Models whose rating has no finite maximum (never won or tied against the rest, or vice versa). */
  unbounded: string[];
  /** Groups of planners with no battle between them (1 when all are connected): ratings compare only within one. */
  groups: number;
  gradientNorm: number;
  battles: number;
}

export interface LeaderboardOptions {
  bootstrap?: number;
  seed?: number;
  style?: boolean;
  /** Called after each replicate (progress), with the count done. */
  onReplicate?: (done: number) => void;
  /**
   * Pin one planner's rating, as FastChat pins its anchor model: every fit (the full one and each
   * replicate) is shifted so that this planner has this rating. Replicates without it are left out.
   */
  anchor?: { model: string; rating: number };
}

/**
 * The plain fit's observations: one per unordered pair of models that met, its credits (2 a win, 1 a
 * tie) summed from the battles; each battle's credits are oriented once so a bootstrap replicate only adds.
 */
function plainObservations(set: BattleSet) {
  const p = set.models.length;
  const slot = new Int32Array(p * p).fill(-1);
  const a: number[] = [],
    b: number[] = [];
  const pairOf = new Int32Array(set.size);
  const toA = new Float64Array(set.size),
    toB = new Float64Array(set.size);
  for (let r = 0; r < set.size; r++) {
    const i = Math.min(set.a[r], set.b[r]),
      j = Math.max(set.a[r], set.b[r]);
    let s = slot[i * p + j];
    if (s < 0) {
      s = slot[i * p + j] = a.length;
      a.push(i);
      b.push(j);
    }
    pairOf[r] = s;
    // Credits: 2 to a win, 1 to each side of a tie (no array per battle: this runs once per battle).
    const o = set.outcome[r];
    const ca = o === A_WINS ? 2 : o === B_WINS ? 0 : 1;
    const flip = set.a[r] !== i;
    toA[r] = (flip ? 2 - ca : ca) * set.weight[r];
    toB[r] = (flip ? ca : 2 - ca) * set.weight[r];
  }
  const obs: Observations = {
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    wA: new Float64Array(a.length),
    wB: new Float64Array(a.length),
  };
  return { obs, pairOf, toA, toB };
}

function credit(outcome: number): [number, number] {
  return outcome === A_WINS ? [2, 0] : outcome === B_WINS ? [0, 2] : [1, 1];
}

/** Fills obs.wA/wB from the battles (the full data's credits per pair). */
function accumulate(set: BattleSet, o: ReturnType<typeof plainObservations>) {
  const { wA, wB } = o.obs;
  wA.fill(0);
  wB.fill(0);
  const { pairOf, toA, toB } = o;
  for (let r = 0; r < set.size; r++) {
    const s = pairOf[r];
    wA[s] += toA[r];
    wB[s] += toB[r];
  }
}

/** Style covariates per battle as FastChat builds them: (a − b)/(a + b + 1), then standardized over the battles. */
function styleObservations(set: BattleSet): {
  obs: Observations;
  /** Each battle's observation. */
  obsOf: Int32Array;
  keep: number[];
  collinear: StyleResult["collinear"];
} {
  const K = STYLE_COVARIATES.length;
  const n = set.size;
  const raw = new Float64Array(n * K);
  for (let r = 0; r < n; r++) {
    for (let k = 0; k < K; k++) {
      const va = set.style![r * 2 * K + k],
        vb = set.style![r * 2 * K + K + k];
      raw[r * K + k] = (va - vb) / (va + vb + 1);
    }
  }
  const keep: number[] = [];
  const mean = new Float64Array(K),
    sd = new Float64Array(K);
  let total = 0;
  for (let r = 0; r < n; r++) total += set.weight[r];
  for (let k = 0; k < K; k++) {
    let m = 0;
    for (let r = 0; r < n; r++) m += set.weight[r] * raw[r * K + k];
    m /= total;
    let v = 0;
    for (let r = 0; r < n; r++) v += set.weight[r] * (raw[r * K + k] - m) ** 2;
    mean[k] = m;
    sd[k] = Math.sqrt(v / total);
    // A covariate that does not vary (or barely) cannot be separated from the ratings.
    if (sd[k] > 1e-12) keep.push(k);
  }
  const Kk = keep.length;
  const collinear: StyleResult["collinear"] = [];
  for (let u = 0; u < Kk; u++) {
    for (let v = u + 1; v < Kk; v++) {
      let c = 0;
      const [ku, kv] = [keep[u], keep[v]];
      for (let r = 0; r < n; r++)
        c += set.weight[r] * ((raw[r * K + ku] - mean[ku]) / sd[ku]) * ((raw[r * K + kv] - mean[kv]) / sd[kv]);
      const corr = c / total;
      if (Math.abs(corr) >= 0.9)
        collinear.push({ a: STYLE_COVARIATES[keep[u]], b: STYLE_COVARIATES[keep[v]], r: corr });
    }
  }
  // One observation per run of battles that differ only in outcome, side, weight or unit: a pair's judgments
  // (read together from the database, a row per verdict and side; or a file's battles of one pair) share its
  // planners and both plans' covariates, so their likelihood terms add into one observation's credits. Exactly
  // the same fit, with a third of the rows or fewer for every Newton step of every replicate.
  const a = new Int32Array(n),
    b = new Int32Array(n),
    obsOf = new Int32Array(n),
    wA = new Float64Array(n),
    wB = new Float64Array(n),
    x = new Float64Array(n * Kk);
  let m = -1;
  for (let r = 0; r < n; r++) {
    if (m < 0 || !sameStyleRow(set, r - 1, r)) {
      m++;
      a[m] = set.a[r];
      b[m] = set.b[r];
      for (let j = 0; j < Kk; j++) x[m * Kk + j] = (raw[r * K + keep[j]] - mean[keep[j]]) / sd[keep[j]];
    }
    obsOf[r] = m;
    const [ca, cb] = credit(set.outcome[r]);
    wA[m] += ca * set.weight[r];
    wB[m] += cb * set.weight[r];
  }
  const rows = m + 1;
  return {
    obs: {
      a: a.subarray(0, rows),
      b: b.subarray(0, rows),
      wA: wA.subarray(0, rows),
      wB: wB.subarray(0, rows),
      x: x.subarray(0, rows * Kk),
      k: Kk,
    },
    obsOf,
    keep,
    collinear,
  };
}

/** Battles r and s are between the same planners with the same covariates on both sides. */
function sameStyleRow(set: BattleSet, r: number, s: number): boolean {
  if (set.a[r] !== set.a[s] || set.b[r] !== set.b[s]) return false;
  const w = 2 * STYLE_COVARIATES.length;
  for (let k = 0; k < w; k++) if (set.style![r * w + k] !== set.style![s * w + k]) return false;
  return true;
}

/** Multiplicities of `units` units drawn with replacement. */
function draw(rng: () => number, units: number, into: Int32Array) {
  into.fill(0);
  for (let i = 0; i < units; i++) into[Math.floor(rng() * units)]++;
}

/** FastChat's rank: 1 + the number of models of its group whose lower bound is above this model's upper bound. */
function ranks(intervals: [number, number][], group: ArrayLike<number>): number[] {
  return intervals.map(
    ([, hi], i) => 1 + intervals.filter(([lo], j) => j !== i && group[j] === group[i] && lo > hi).length,
  );
}

function tally(set: BattleSet) {
  const p = set.models.length;
  const t = Array.from({ length: p }, () => ({ battles: 0, wins: 0, losses: 0, ties: 0 }));
  for (let r = 0; r < set.size; r++) {
    const w = set.weight[r],
      ta = t[set.a[r]],
      tb = t[set.b[r]];
    ta.battles += w;
    tb.battles += w;
    const o = set.outcome[r];
    if (o === A_WINS) {
      ta.wins += w;
      tb.losses += w;
    } else if (o === B_WINS) {
      tb.wins += w;
      ta.losses += w;
    } else {
      ta.ties += w;
      tb.ties += w;
    }
  }
  return t;
}

/** Ratings and their bootstrap distribution (replicates × p, Elo scale) for one kind of fit. */
/**
 * A fit to report: converged, or stopped by a planner whose rating has no finite maximum (the gradient still
 * finite and falling). A fit whose gradient is not a number never moved from its start.
 */
function fitUsable(f: BtFit): boolean {
  return f.converged || (Number.isFinite(f.gradientNorm) && f.iterations > 0);
}

/**
 * Ratings and their bootstrap distribution (replicates × p, Elo scale) for one kind of fit. Each replicate
 * is fitted over the models present in it (an absent model's sample is NaN, and counted); a replicate whose
 * fit failed (not `fitUsable`) contributes NaN for every model, and is counted.
 */
function bootstrapRatings(
  p: number,
  replicates: number,
  fitFull: () => BtFit,
  fitReplicate: (rng: () => number, init: BtFit) => BtFit,
  seed: number,
  onReplicate?: (done: number) => void,
  anchor?: { index: number; rating: number },
) {
  // Elo ratings of a fit, shifted so the anchor has its rating (NaN throughout when the anchor is absent).
  const ratingsOf = (f: BtFit): Float64Array => {
    const shift = anchor ? anchor.rating - elo(f.beta[anchor.index]) : 0;
    // The anchor pins its own group; other groups keep their mean of 1000.
    const out = new Float64Array(f.beta.length);
    for (let i = 0; i < out.length; i++)
      out[i] = !anchor || fullGroup[i] === fullGroup[anchor.index] ? elo(f.beta[i]) + shift : elo(f.beta[i]);
    return out;
  };
  const full = fitFull();
  const fullGroup = full.group;
  // A replicate that splits a group of the full data (no resampled battle joins its parts) says nothing
  // about the gap between the parts: left out like a failed fit.
  const splits = (f: BtFit): boolean => {
    const seen = new Int32Array(full.groups).fill(-1);
    for (let i = 0; i < p; i++) {
      if (f.group[i] < 0 || fullGroup[i] < 0) continue;
      if (seen[fullGroup[i]] < 0) seen[fullGroup[i]] = f.group[i];
      else if (seen[fullGroup[i]] !== f.group[i]) return true;
    }
    return false;
  };
  // A fit that stops short because a planner never won (or never lost) has ratings "where the fit stopped",
  // flagged as unbounded; a fit whose loss could not even be evaluated has none.
  if (!fitUsable(full))
    throw new Error(
      `The Bradley–Terry fit failed (gradient norm ${full.gradientNorm} after ${full.iterations} iterations): no ratings to report.`,
    );
  const fullRatings = ratingsOf(full);
  const rng = seededRandom(seed);
  const samples = Array.from({ length: p }, () => new Float64Array(replicates));
  const absent = new Int32Array(p);
  const gammas: Float64Array[] = [];
  let unconverged = 0;
  for (let r = 0; r < replicates; r++) {
    const f = fitReplicate(rng, full);
    const usable = fitUsable(f) && !splits(f);
    if (!usable) unconverged++;
    const rated = ratingsOf(f);
    for (let i = 0; i < p; i++) {
      if (Number.isNaN(f.beta[i])) absent[i]++;
      samples[i][r] = usable ? rated[i] : NaN;
    }
    gammas.push(usable ? f.gamma : new Float64Array(f.gamma.length).fill(NaN));
    onReplicate?.(r + 1);
  }
  return { full, fullRatings, samples, gammas, absent, unconverged };
}

/** The plain fit (no covariates) and its bootstrap over the set's units. */
function plainBootstrap(
  set: BattleSet,
  plain: ReturnType<typeof plainObservations>,
  replicates: number,
  seed: number,
  onReplicate?: (done: number) => void,
  anchor?: { index: number; rating: number },
) {
  const p = set.models.length;
  // Built at the first replicate: ratings alone (no bootstrap) do not need them.
  let patterns: UnitPatterns | undefined;
  let counts = new Float64Array(0);
  const m = new Int32Array(replicates > 0 ? set.units : 0);
  // Many units per pattern (battles as units): one multinomial draw over the patterns, as FastChat draws over
  // its unique rows. Nearly one unit per pattern (queries): drawing the units themselves is cheaper.
  let byPattern = false;
  return bootstrapRatings(
    p,
    replicates,
    () => {
      accumulate(set, plain);
      return fitBradleyTerry(plain.obs, p);
    },
    (rng, init) => {
      if (!patterns) {
        patterns = unitPatterns(set, plain);
        counts = new Float64Array(patterns.count.length);
        byPattern = patterns.count.length * 8 <= set.units;
      }
      if (byPattern) multinomial(rng, set.units, patterns.count, counts);
      else {
        draw(rng, set.units, m);
        counts.fill(0);
        for (let u = 0; u < set.units; u++) counts[patterns.ofUnit[u]] += m[u];
      }
      accumulatePatterns(plain, patterns, counts);
      return fitPairs(plain.obs, p, init);
    },
    seed,
    onReplicate,
    anchor,
  );
}

/**
 * The units (queries, or battles) grouped by what they add to the plain fit: a unit's credits per pair of
 * planners. Units with the same credits are interchangeable in a resample, so a replicate needs only how
 * many times each pattern was drawn (multinomial over the patterns, by their counts: the same distribution
 * as drawing the units one by one), and its cost no longer grows with the battles.
 */
interface UnitPatterns {
  /** Units with each pattern. */
  count: Float64Array;
  /** Each unit's pattern. */
  ofUnit: Int32Array;
  /** Pattern k's entries are start[k] … start[k + 1] − 1: a pair slot and the credits of its two sides. */
  start: Int32Array;
  slot: Int32Array;
  toA: Float64Array;
  toB: Float64Array;
}

function unitPatterns(set: BattleSet, o: ReturnType<typeof plainObservations>): UnitPatterns {
  // The battles of each unit, in unit order (counting sort), then each unit's credits per pair slot.
  const first = new Int32Array(set.units + 1);
  for (let r = 0; r < set.size; r++) first[set.unit[r] + 1]++;
  for (let u = 0; u < set.units; u++) first[u + 1] += first[u];
  const order = new Int32Array(set.size);
  const fill = first.slice(0, set.units);
  for (let r = 0; r < set.size; r++) order[fill[set.unit[r]]++] = r;
  const ofUnit = new Int32Array(set.units);
  const keys = new Map<string, number>();
  const count: number[] = [],
    start: number[] = [0],
    slot: number[] = [],
    toA: number[] = [],
    toB: number[] = [];
  const local = new Map<number, [number, number]>();
  // A unit of one battle of weight 1 (battles as units) is one of three patterns per pair: found by index.
  const single = new Int32Array(o.obs.a.length * 3).fill(-1);
  for (let u = 0; u < set.units; u++) {
    if (first[u + 1] - first[u] === 1 && set.weight[order[first[u]]] === 1) {
      const r = order[first[u]];
      const at = o.pairOf[r] * 3 + o.toA[r];
      let k = single[at];
      if (k < 0) {
        k = single[at] = count.length;
        count.push(0);
        slot.push(o.pairOf[r]);
        toA.push(o.toA[r]);
        toB.push(o.toB[r]);
        start.push(slot.length);
      }
      count[k]++;
      ofUnit[u] = k;
      continue;
    }
    local.clear();
    for (let i = first[u]; i < first[u + 1]; i++) {
      const r = order[i];
      const c = local.get(o.pairOf[r]);
      if (c) {
        c[0] += o.toA[r];
        c[1] += o.toB[r];
      } else local.set(o.pairOf[r], [o.toA[r], o.toB[r]]);
    }
    const entries = [...local].sort((x, y) => x[0] - y[0]);
    const key = entries.map(([s, [ca, cb]]) => `${s}:${ca}:${cb}`).join(",");
    let k = keys.get(key);
    if (k === undefined) {
      k = count.length;
      keys.set(key, k);
      count.push(0);
      for (const [s, [ca, cb]] of entries) {
        slot.push(s);
        toA.push(ca);
        toB.push(cb);
      }
      start.push(slot.length);
    }
    count[k]++;
    ofUnit[u] = k;
  }
  return {
    count: Float64Array.from(count),
    ofUnit,
    start: Int32Array.from(start),
    slot: Int32Array.from(slot),
    toA: Float64Array.from(toA),
    toB: Float64Array.from(toB),
  };
}

/** Fills obs.wA/wB with each pattern's credits times how often it was drawn. */
function accumulatePatterns(o: ReturnType<typeof plainObservations>, pt: UnitPatterns, counts: Float64Array) {
  const { wA, wB } = o.obs;
  wA.fill(0);
  wB.fill(0);
  for (let k = 0; k < counts.length; k++) {
    const c = counts[k];
    if (c === 0) continue;
    for (let e = pt.start[k]; e < pt.start[k + 1]; e++) {
      wA[pt.slot[e]] += c * pt.toA[e];
      wB[pt.slot[e]] += c * pt.toB[e];
    }
  }
}

/** The anchor as an index into the set's models; an unknown planner is an error that names the known ones. */
function anchorIndex(
  set: BattleSet,
  anchor: LeaderboardOptions["anchor"],
): { index: number; rating: number } | undefined {
  if (!anchor) return undefined;
  const index = set.models.indexOf(anchor.model);
  if (index < 0)
    throw new LeaderboardInputError(
      `anchor: no planner "${anchor.model}" among ${set.models.length} (${set.models.slice(0, 8).join(", ")}${set.models.length > 8 ? ", …" : ""})`,
    );
  if (!Number.isFinite(anchor.rating)) throw new LeaderboardInputError("anchor: the rating must be a finite number");
  return { index, rating: anchor.rating };
}

/** A leaderboard option that cannot apply to these battles (an unknown anchor). */
export class LeaderboardInputError extends Error {}

function interval(values: Float64Array): [number, number] {
  const finite = values.filter(Number.isFinite);
  return finite.length ? percentileInterval(finite) : [NaN, NaN];
}

export function leaderboard(set: BattleSet, opts: LeaderboardOptions = {}): Leaderboard {
  const replicates = opts.bootstrap ?? 1000;
  const seed = opts.seed ?? 1;
  const p = set.models.length;
  const plain = plainObservations(set);
  accumulate(set, plain);
  const creditMatrix = new Float64Array(p * p);
  for (let s = 0; s < plain.obs.a.length; s++) {
    creditMatrix[plain.obs.a[s] * p + plain.obs.b[s]] += plain.obs.wA[s];
    creditMatrix[plain.obs.b[s] * p + plain.obs.a[s]] += plain.obs.wB[s];
  }
  const unbounded = unboundedModels(creditMatrix, p).map((i) => set.models[i]);
  const anchor = anchorIndex(set, opts.anchor);
  const boot = plainBootstrap(set, plain, replicates, seed, opts.style ? undefined : opts.onReplicate, anchor);
  const intervals = boot.samples.map(interval);
  const group = groupsBySize(boot.full.group, boot.full.groups);
  const rank = ranks(intervals, group);
  const t = tally(set);
  const unitsOf = groupUnits(set, group);
  const models: ModelRow[] = set.models
    .map((model, i) => ({
      model,
      rating: boot.fullRatings[i],
      ci95: intervals[i],
      rank: rank[i],
      ...t[i],
      absentReplicates: boot.absent[i],
      group: group[i],
      groupUnits: group[i] < 0 ? 0 : unitsOf[group[i]],
    }))
    .sort((u, v) => groupOrder(u.group) - groupOrder(v.group) || v.rating - u.rating || (u.model < v.model ? -1 : 1));

  let style: StyleResult | null = null;
  let styleUnconverged = 0;
  if (opts.style && set.style) {
    const { obs, obsOf, keep, collinear } = styleObservations(set);
    // A replicate's credits per observation: each battle's, times how often its unit was drawn.
    const rep = { ...obs, wA: new Float64Array(obs.a.length), wB: new Float64Array(obs.a.length) };
    const m = new Int32Array(set.units);
    const rowA = new Float64Array(set.size),
      rowB = new Float64Array(set.size);
    for (let r = 0; r < set.size; r++) {
      const [ca, cb] = credit(set.outcome[r]);
      rowA[r] = ca * set.weight[r];
      rowB[r] = cb * set.weight[r];
    }
    const sb = bootstrapRatings(
      p,
      replicates,
      () => fitBradleyTerry(obs, p),
      (rng, init) => {
        draw(rng, set.units, m);
        rep.wA.fill(0);
        rep.wB.fill(0);
        for (let r = 0; r < set.size; r++) {
          const k = m[set.unit[r]];
          if (k === 0) continue;
          rep.wA[obsOf[r]] += k * rowA[r];
          rep.wB[obsOf[r]] += k * rowB[r];
        }
        return fitBradleyTerry(rep, p, { init });
      },
      seed,
      opts.onReplicate,
      anchor,
    );
    styleUnconverged = sb.unconverged;
    const sIntervals = sb.samples.map(interval);
    const sRank = ranks(sIntervals, group);
    style = {
      covariates: STYLE_COVARIATES.map((name, k) => {
        const j = keep.indexOf(k);
        if (j < 0) return { name, coefficient: null, ci95: null };
        return { name, coefficient: sb.full.gamma[j], ci95: interval(Float64Array.from(sb.gammas, (g) => g[j])) };
      }),
      ratings: models.map(({ model }) => {
        const i = set.models.indexOf(model);
        return { model, rating: sb.fullRatings[i], ci95: sIntervals[i], rank: sRank[i] };
      }),
      collinear,
    };
  }
  return {
    models,
    pairs: winTable(set),
    left: leftWins(set),
    style,
    bootstrap: {
      replicates,
      seed,
      units: set.units,
      unit: set.units === set.size ? "battle" : "query",
      unconverged: boot.unconverged + (style ? styleUnconverged : 0),
    },
    anchor: anchor ? { model: set.models[anchor.index], rating: anchor.rating } : null,
    unbounded,
    groups: boot.full.groups,
    gradientNorm: boot.full.gradientNorm,
    battles: t.reduce((s, x) => s + x.battles, 0) / 2,
  };
}

/** Distinct resampling units among each group's battles. */
function groupUnits(set: BattleSet, group: Int32Array): number[] {
  const seen = new Map<number, Set<number>>();
  for (let r = 0; r < set.size; r++) {
    const g = group[set.a[r]];
    if (g < 0) continue;
    let units = seen.get(g);
    if (!units) seen.set(g, (units = new Set()));
    units.add(set.unit[r]);
  }
  const out: number[] = [];
  for (const [g, units] of seen) out[g] = units.size;
  return Array.from(out, (n) => n ?? 0);
}

const groupOrder = (g: number) => (g < 0 ? Infinity : g);

/** The fit's groups renumbered by size (most planners first, ties by first planner); a planner without battles gets −1. */
function groupsBySize(fitGroup: Int32Array, groups: number): Int32Array {
  const size = new Int32Array(groups);
  for (const g of fitGroup) if (g >= 0) size[g]++;
  const order = Array.from({ length: groups }, (_, g) => g).sort((u, v) => size[v] - size[u] || u - v);
  const renumber = new Int32Array(groups);
  order.forEach((g, k) => (renumber[g] = k));
  return Int32Array.from(fitGroup, (g) => (g >= 0 ? renumber[g] : -1));
}

/** The bootstrap interval of the rating gap between two models (used to check coverage). */
export function gapInterval(
  set: BattleSet,
  i: number,
  j: number,
  replicates: number,
  seed: number,
): { gap: number; ci95: [number, number] } {
  const boot = plainBootstrap(set, plainObservations(set), replicates, seed);
  const diffs = new Float64Array(replicates);
  for (let r = 0; r < replicates; r++) diffs[r] = boot.samples[i][r] - boot.samples[j][r];
  return { gap: boot.fullRatings[i] - boot.fullRatings[j], ci95: interval(diffs) };
}
