/**
 * Replaying a battle log under a serving order (`tripjudge simulate`): how fast would the planners' intervals have
 * narrowed had the votes been spent another way? A policy asks for a pair of planners and gets one of that pair's
 * logged battles not yet used, at random (none twice); every policy of a seed starts from the same warm-up (the log's
 * own mix). Policies:
 * - as-logged: the log's own mix — a battle drawn at random among those not yet used, so each pair comes up as
 *   often as the log has it (its order in time is not kept: planners enter and leave a log, and the first N battles
 *   would leave out planners the whole log rates);
 * - balanced: a pair drawn uniformly among the pairs that still have battles;
 * - informative: the pair with the largest A-optimal score (informative.ts) at the last fit, and with probability
 *   `exploration` a pair drawn as balanced does; the fit is redone every `refit` labels, and between fits each pick
 *   is assumed into the design (a greedy batch, as the worker computes the app's priorities).
 * The pick itself is serving.ts's, which the app's priorities share (lib/judging/assignment/serving-order.ts).
 * `raters` 3: each pair asked for is judged by three votes — three unused battles of that pair — and its label is
 * their majority (credits summed: more than 3 a win, 3 a tie), one battle for the fit; the budget counts votes.
 * At each checkpoint (votes), the plain fit of the labels so far, the sandwich interval half-width of every planner
 * (1.96·√variance, Elo points), the share of planners whose interval holds the whole log's rating, and the share of
 * planner pairs ordered as the whole log orders them.
 */
import { seededRandom } from "../../kernel";
import { BattlesError } from "./battles";
import { unboundedModels, type BtFit } from "./bradley-terry";
import { forEachBattle, type BattlesFile } from "./file";
import {
  assumeBattle,
  designAt,
  fitTally,
  pairTally,
  ratingVariances,
  tallyBattle,
  type CovarianceKind,
  type Design,
  type PairTally,
} from "./informative";
import { servingPick } from "./serving";

export const POLICIES = ["as-logged", "balanced", "informative"] as const;
export type Policy = (typeof POLICIES)[number];
const Z95 = 1.959963984540054;

/** The battles a replay draws from, each with its position among the log's lines or array elements. */
export interface ReplayLog {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  /** The credit of a: 2 a win, 1 a tie, 0 a loss. */
  creditA: Uint8Array;
  /** 0-based position among the log's battles as read: a JSON Lines file's line (blank ones counted), an array's element. */
  position: Int32Array;
  /** Lines or elements read. */
  read: number;
  leftOut: { named: number; self: number; fewBattles: number };
  minBattles: number;
  layout: BattlesFile["layout"];
}

export interface ReplayLogOptions {
  includeNamed?: boolean;
  /** Keep only planners with at least this many battles in the log (after the anonymity filter). */
  minBattles?: number;
}

/** A log's battles as a replay reads them. */
export async function readReplayLog(path: string, maxBytes: number, opts: ReplayLogOptions = {}): Promise<ReplayLog> {
  const names = new Map<string, number>();
  const id = (name: string) => {
    let i = names.get(name);
    if (i === undefined) names.set(name, (i = names.size));
    return i;
  };
  const rows: { a: number; b: number; credit: number; position: number }[] = [];
  const leftOut = { named: 0, self: 0, fewBattles: 0 };
  let read = 0;
  const layout = await forEachBattle(path, maxBytes, (battle, position) => {
    read = position + 1;
    if (battle.named && !opts.includeNamed) leftOut.named++;
    else if (battle.model_a === battle.model_b) leftOut.self++;
    else {
      const credit = battle.winner === "model_a" ? 2 : battle.winner === "model_b" ? 0 : 1;
      rows.push({ a: id(battle.model_a), b: id(battle.model_b), credit, position });
    }
  });
  const minBattles = opts.minBattles ?? 0;
  const count = new Int32Array(names.size);
  for (const r of rows) {
    count[r.a]++;
    count[r.b]++;
  }
  const all = [...names.keys()];
  const index = new Int32Array(all.length).fill(-1);
  const models: string[] = [];
  const kept = rows.filter((r) => count[r.a] >= minBattles && count[r.b] >= minBattles);
  leftOut.fewBattles = rows.length - kept.length;
  for (const r of kept) for (const m of [r.a, r.b]) if (index[m] < 0) index[m] = models.push(all[m]) - 1;
  if (!kept.length)
    throw new BattlesError(
      `${path}: no battles between two different planners${minBattles ? ` with at least ${minBattles} battles each` : ""} (${read} read; ${leftOut.named} non-anonymous${opts.includeNamed ? "" : " left out: --include-named keeps them"}, ${leftOut.self} of a planner against itself, ${leftOut.fewBattles} with a planner below --min-battles)`,
    );
  return {
    models,
    a: Int32Array.from(kept, (r) => index[r.a]),
    b: Int32Array.from(kept, (r) => index[r.b]),
    creditA: Uint8Array.from(kept, (r) => r.credit),
    position: Int32Array.from(kept, (r) => r.position),
    read,
    leftOut,
    minBattles,
    layout,
  };
}

/**
 * The battles not yet used, by pair: each pair's battles in a segment of `items` (the first `left[pair]` not yet
 * used), and all of them in `all` (the first `allLeft`). Removal swaps the last one into the gap, so draws are O(1)
 * and reproducible (reference.py keeps the same arrays).
 */
class Pool {
  readonly pairs: number;
  /** Per pair (in order of i·p + j, i < j): its planners. */
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  private readonly pairOf: Int32Array;
  private readonly start: Int32Array;
  readonly left: Int32Array;
  private readonly items: Int32Array;
  private readonly whereItem: Int32Array;
  private readonly all: Int32Array;
  private readonly whereAll: Int32Array;
  allLeft: number;

  constructor(log: ReplayLog) {
    const p = log.models.length,
      n = log.a.length;
    const key = (k: number) => Math.min(log.a[k], log.b[k]) * p + Math.max(log.a[k], log.b[k]);
    const keys = [...new Set(Array.from({ length: n }, (_, k) => key(k)))].sort((x, y) => x - y);
    const compact = new Map(keys.map((x, i) => [x, i]));
    this.pairs = keys.length;
    this.lo = Int32Array.from(keys, (x) => Math.floor(x / p));
    this.hi = Int32Array.from(keys, (x) => x % p);
    this.pairOf = Int32Array.from({ length: n }, (_, k) => compact.get(key(k))!);
    this.start = new Int32Array(this.pairs + 1);
    for (let k = 0; k < n; k++) this.start[this.pairOf[k] + 1]++;
    for (let i = 0; i < this.pairs; i++) this.start[i + 1] += this.start[i];
    this.left = new Int32Array(this.pairs);
    this.items = new Int32Array(n);
    this.whereItem = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const i = this.pairOf[k];
      const at = this.start[i] + this.left[i]++;
      this.items[at] = k;
      this.whereItem[k] = at;
    }
    this.all = Int32Array.from({ length: n }, (_, k) => k);
    this.whereAll = Int32Array.from({ length: n }, (_, k) => k);
    this.allLeft = n;
  }

  pairOfBattle(k: number) {
    return this.pairOf[k];
  }

  private remove(k: number) {
    const i = this.whereAll[k],
      last = this.all[--this.allLeft];
    this.all[i] = last;
    this.whereAll[last] = i;
    const pair = this.pairOf[k];
    const j = this.whereItem[k],
      lastItem = this.items[this.start[pair] + --this.left[pair]];
    this.items[j] = lastItem;
    this.whereItem[lastItem] = j;
  }

  /** An unused battle of the pair, at random. */
  fromPair(pair: number, rng: () => number): number {
    const k = this.items[this.start[pair] + Math.floor(rng() * this.left[pair])];
    this.remove(k);
    return k;
  }

  /** An unused battle of the whole log, at random (the log's mix), among pairs with at least `need` left; −1 if none. */
  fromAll(rng: () => number, need: number): number {
    if (need > 1 && !this.left.some((x) => x >= need)) return -1;
    for (;;) {
      if (this.allLeft === 0) return -1;
      const k = this.all[Math.floor(rng() * this.allLeft)];
      if (this.left[this.pairOf[k]] < need) continue;
      this.remove(k);
      return k;
    }
  }
}

export interface Checkpoint {
  /** Votes spent (warm-up included); labels = votes / raters. */
  votes: number;
  labels: number;
  /**
   * Interval half-widths (Elo points): the widest planner's, the median planner's, their root mean square. Infinity
   * for a planner whose rating has no finite maximum yet, or when some planners were never compared with the rest.
   */
  widest: number;
  median: number;
  rms: number;
  /** Share of planners whose interval holds the whole log's rating (raters 1 only: majority labels have another scale). */
  coverage: number | null;
  /** Share of planner pairs ordered as the whole log's fit orders them. */
  orderAgreement: number | null;
}

export interface ReplayOptions {
  policy: Policy;
  /** Votes in all, warm-up included. */
  budget: number;
  warmup: number;
  seed: number;
  /** Votes at which to measure, ascending. */
  checkpoints: readonly number[];
  exploration?: number;
  refit?: number;
  raters?: 1 | 3;
  covariance?: CovarianceKind;
  /** The whole log's fit (`fitTally` of every battle): coverage and order agreement are against it. */
  reference?: BtFit;
}

export interface ReplayRun {
  /** Positions (among the log's battles as read) of the battles drawn, in order, warm-up included. */
  trace: number[];
  warmupVotes: number;
  checkpoints: Checkpoint[];
  /** The policy found no pair left before the budget was spent. */
  exhausted: boolean;
}

/** The whole log's fit, for coverage and order agreement. */
export function referenceFit(log: ReplayLog): BtFit {
  const t = pairTally(log.models.length);
  for (let k = 0; k < log.a.length; k++) tallyBattle(t, log.a[k], log.b[k], log.creditA[k]);
  return fitTally(t);
}

/** The median of ascending values, infinite ones included (numpy's median: the mean of the middle two). */
function middle(sorted: Float64Array): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** Measures the labels so far. */
function measure(t: PairTally, fit: BtFit, votes: number, raters: number, reference?: BtFit): Checkpoint {
  const p = t.p;
  const d = designAt(t, fit, "sandwich");
  const half = Array.from(ratingVariances(d), (v) => Z95 * Math.sqrt(v));
  // A planner whose rating has no finite maximum (it never lost, or never won) has no finite interval: the fit
  // stopped somewhere along the way, and its variance there means nothing. Groups never compared: none has.
  const credit = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let j = i + 1; j < p; j++) {
      credit[i * p + j] = t.credit[i * p + j];
      credit[j * p + i] = 2 * t.n[i * p + j] - t.credit[i * p + j];
    }
  for (const m of unboundedModels(credit, p)) half[m] = Infinity;
  if (fit.groups !== 1) half.fill(Infinity);
  const sorted = Float64Array.from(half).sort();
  let coverage: number | null = null,
    orderAgreement: number | null = null;
  if (reference && fit.groups === 1 && raters === 1) {
    let held = 0;
    for (let m = 0; m < p; m++) if (Math.abs(400 * (fit.beta[m] - reference.beta[m])) <= half[m]) held++;
    coverage = held / p;
  }
  if (reference && fit.groups === 1) {
    let same = 0,
      pairs = 0;
    for (let i = 0; i < p; i++)
      for (let j = i + 1; j < p; j++) {
        const r = Math.sign(reference.beta[i] - reference.beta[j]);
        if (r === 0) continue;
        pairs++;
        if (Math.sign(fit.beta[i] - fit.beta[j]) === r) same++;
      }
    orderAgreement = pairs ? same / pairs : null;
  }
  return {
    votes,
    labels: votes / raters,
    widest: sorted[p - 1],
    median: middle(sorted),
    rms: Math.sqrt(half.reduce((s, x) => s + x * x, 0) / p),
    coverage,
    orderAgreement,
  };
}

/** The seeds' random streams: the warm-up's (shared by the policies) and the policy's. */
export function replayRandom(seed: number) {
  return { warmup: seededRandom(seed), policy: seededRandom((seed + 0x9e3779b9) >>> 0) };
}

/** One replay of the log under one policy and seed. */
export function replay(log: ReplayLog, o: ReplayOptions): ReplayRun {
  const raters = o.raters ?? 1;
  const exploration = o.exploration ?? 0.1;
  const refit = o.refit ?? 100;
  const p = log.models.length;
  const pool = new Pool(log);
  const t = pairTally(p);
  const rng = replayRandom(o.seed);
  const trace: number[] = [];
  const checkpoints: Checkpoint[] = [];
  let votes = 0,
    next = 0;
  let design: Design | null = null;
  let sinceFit = 0;
  let needFit = true;
  const credit = (k: number) => (log.a[k] < log.b[k] ? log.creditA[k] : 2 - log.creditA[k]);
  /** Labels the pair from `first` (drawn already) and raters − 1 more of its battles. */
  const label = (pair: number, first: number, random: () => number) => {
    const drawn = [first];
    while (drawn.length < raters) drawn.push(pool.fromPair(pair, random));
    for (const k of drawn) trace.push(log.position[k]);
    const sum = drawn.reduce((s, k) => s + credit(k), 0);
    const c = raters === 1 ? sum : sum > raters ? 2 : sum < raters ? 0 : 1;
    tallyBattle(t, pool.lo[pair], pool.hi[pair], c);
    votes += raters;
    sinceFit++;
  };
  const record = () => {
    while (next < o.checkpoints.length && votes + raters > o.checkpoints[next]) {
      checkpoints.push(measure(t, fitTally(t), votes, raters, o.reference));
      next++;
    }
  };
  // The warm-up: the log's own mix, from the seed's warm-up stream (the same for every policy).
  while (votes + raters <= o.warmup) {
    record();
    const k = pool.fromAll(rng.warmup, raters);
    if (k < 0) break;
    label(pool.pairOfBattle(k), k, rng.warmup);
  }
  const warmupVotes = votes;
  const random = rng.policy;
  const candidates = { count: pool.pairs, lo: pool.lo, hi: pool.hi, open: (i: number) => pool.left[i] >= raters };
  let exhausted = false;
  while (votes + raters <= o.budget) {
    record();
    let pair = -1,
      first = -1;
    if (o.policy === "as-logged") {
      first = pool.fromAll(random, raters);
      if (first >= 0) pair = pool.pairOfBattle(first);
    } else {
      const pick = servingPick(o.policy, candidates, random, exploration, () => {
        if (needFit || sinceFit >= refit || !design) {
          // From scratch: a warm start from a fit where a planner had never lost (β far out) can stop unconverged.
          design = designAt(t, fitTally(t), o.covariance ?? "sandwich");
          sinceFit = 0;
          needFit = false;
        }
        return design;
      });
      pair = pick.pair;
      if (pair >= 0 && !pick.explored) {
        if (pick.score === Infinity) needFit = true;
        else assumeBattle(design!, pool.lo[pair], pool.hi[pair]);
      }
      if (pair >= 0) first = pool.fromPair(pair, random);
    }
    if (pair < 0) {
      exhausted = true;
      break;
    }
    label(pair, first, random);
  }
  if (!exhausted) record();
  return { trace, warmupVotes, checkpoints, exhausted };
}

export interface ServingStudyOptions extends Omit<ReplayOptions, "policy" | "seed" | "reference"> {
  policies: readonly Policy[];
  seeds: number;
  /** Called with each run as it ends (`--trace-out`). */
  onRun?: (policy: Policy, seed: number, run: ReplayRun) => void | Promise<void>;
}

/**
 * Over the seeds that reached a checkpoint: the widths' medians (a seed where some planner's rating has no finite
 * maximum yet has an infinite width; null when half of them do), the shares' means.
 */
export interface StudyCheckpoint {
  votes: number;
  runs: number;
  widest: number | null;
  median: number | null;
  rms: number | null;
  coverage: number | null;
  orderAgreement: number | null;
}

export interface Saving {
  policy: Policy;
  metric: "widest" | "median" | "rms";
  /** The baseline's width at the last checkpoint (median over the seeds). */
  baselineWidth: number | null;
  /** Votes at which the policy's width first reaches it (linear between checkpoints); null if not by the budget. */
  votesNeeded: number | null;
  /** 1 − votesNeeded / the baseline's votes. */
  votesSaved: number | null;
  /** The policy's width at the last checkpoint over the baseline's, minus 1 (negative: narrower). */
  widthChange: number | null;
}

export interface ServingStudy {
  policies: { policy: Policy; checkpoints: StudyCheckpoint[]; exhaustedRuns: number }[];
  baseline: Policy | null;
  savings: Saving[];
}

const mean = (xs: (number | null)[]): number | null =>
  xs.length && xs.every((x) => x !== null) ? (xs as number[]).reduce((s, x) => s + x, 0) / xs.length : null;
const median = (xs: number[]): number | null => {
  const m = middle(Float64Array.from(xs).sort());
  return Number.isFinite(m) ? m : null;
};

/** Every policy over seeds 0 … seeds − 1, per checkpoint over the seeds; savings against as-logged when it ran. */
export async function servingStudy(log: ReplayLog, o: ServingStudyOptions): Promise<ServingStudy> {
  const reference = referenceFit(log);
  const policies: ServingStudy["policies"] = [];
  for (const policy of o.policies) {
    const runs: ReplayRun[] = [];
    for (let seed = 0; seed < o.seeds; seed++) {
      const run = replay(log, { ...o, policy, seed, reference });
      await o.onRun?.(policy, seed, run);
      runs.push({ ...run, trace: [] });
    }
    const checkpoints: StudyCheckpoint[] = [];
    for (let c = 0; c < o.checkpoints.length; c++) {
      const at = runs.map((r) => r.checkpoints[c]).filter((x): x is Checkpoint => x !== undefined);
      if (!at.length) break;
      checkpoints.push({
        votes: mean(at.map((x) => x.votes))!,
        runs: at.length,
        widest: median(at.map((x) => x.widest)),
        median: median(at.map((x) => x.median)),
        rms: median(at.map((x) => x.rms)),
        coverage: mean(at.map((x) => x.coverage)),
        orderAgreement: mean(at.map((x) => x.orderAgreement)),
      });
    }
    policies.push({ policy, checkpoints, exhaustedRuns: runs.filter((r) => r.exhausted).length });
  }
  const base = policies.find((x) => x.policy === "as-logged");
  const savings: Saving[] = [];
  if (base)
    for (const other of policies)
      if (other !== base)
        for (const metric of ["widest", "median", "rms"] as const) savings.push(saving(base, other, metric));
  return { policies, baseline: base ? "as-logged" : null, savings };
}

function saving(
  base: ServingStudy["policies"][number],
  other: ServingStudy["policies"][number],
  metric: Saving["metric"],
): Saving {
  const last = base.checkpoints[base.checkpoints.length - 1];
  const target = last?.[metric] ?? null;
  const result: Saving = {
    policy: other.policy,
    metric,
    baselineWidth: target,
    votesNeeded: null,
    votesSaved: null,
    widthChange: null,
  };
  if (target === null) return result;
  const cps = other.checkpoints;
  const mine = cps.length === base.checkpoints.length ? cps[cps.length - 1][metric] : null;
  if (mine !== null) result.widthChange = mine / target - 1;
  for (let i = 0; i < cps.length; i++) {
    const w = cps[i][metric];
    if (w === null || w > target) continue;
    const prev = i > 0 ? cps[i - 1] : null;
    const pw = prev?.[metric] ?? null;
    // Linear between the last checkpoint above the target and the first at or below it.
    result.votesNeeded =
      prev && pw !== null && pw > target
        ? prev.votes + ((pw - target) / (pw - w)) * (cps[i].votes - prev.votes)
        : cps[i].votes;
    result.votesSaved = 1 - result.votesNeeded / last.votes;
    break;
  }
  return result;
}

/** The study as tables: per policy its checkpoints, then the savings against as-logged. */
export function formatServingStudy(s: ServingStudy, o: { raters: number }): string {
  const f = (x: number | null, digits = 1) => (x === null ? "—" : x.toFixed(digits));
  const share = (x: number | null) => (x === null ? "—" : `${Math.round(100 * x)} %`);
  const lines = [
    `${"policy".padEnd(12)} ${"votes".padStart(8)} ${"widest".padStart(8)} ${"median".padStart(8)} ${"rms".padStart(8)} ${"coverage".padStart(9)} ${"order".padStart(6)} runs`,
  ];
  for (const p of s.policies) {
    for (const c of p.checkpoints)
      lines.push(
        `${p.policy.padEnd(12)} ${Math.round(c.votes).toString().padStart(8)} ${f(c.widest).padStart(8)} ${f(c.median).padStart(8)} ${f(c.rms).padStart(8)} ${(c.coverage === null ? "—" : c.coverage.toFixed(3)).padStart(9)} ${(c.orderAgreement === null ? "—" : c.orderAgreement.toFixed(3)).padStart(6)} ${c.runs}`,
      );
    if (p.exhaustedRuns) lines.push(`${p.policy}: ${p.exhaustedRuns} run(s) ran out of pairs before the budget`);
  }
  lines.push(
    "",
    "widest, median, rms: the planners' 95 % interval half-widths (sandwich, Elo points), median over seeds (— when infinite: a planner's rating has no finite maximum yet); coverage: share of planners whose interval holds the whole log's rating; order: share of planner pairs ordered as the whole log orders them (both means over seeds).",
  );
  if (o.raters !== 1)
    lines.push(
      "Labels are majorities of three votes: their ratings are on a stretched scale, so compare order agreement, not widths, with --raters 1.",
    );
  if (s.baseline && s.savings.length) {
    const last = s.policies.find((x) => x.policy === s.baseline)!.checkpoints.at(-1);
    lines.push("", `Against ${s.baseline} at ${last ? Math.round(last.votes) : "—"} votes:`);
    for (const x of s.savings)
      lines.push(
        `  ${x.policy} ${x.metric}: ${
          x.votesNeeded === null
            ? `does not reach ${f(x.baselineWidth)} by the budget`
            : `reaches ${f(x.baselineWidth)} at ${Math.round(x.votesNeeded)} votes (${share(x.votesSaved)} fewer)`
        }; width ${x.widthChange === null ? "—" : `${x.widthChange > 0 ? "+" : ""}${(100 * x.widthChange).toFixed(0)} %`} at the budget`,
      );
  }
  return lines.join("\n");
}
