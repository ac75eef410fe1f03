/**
 * Agreement of pairs with any number of ratings from counts of their distinct verdict vectors (decision 008): the
 * same figures as the general functions of ./testing.ts (groupStats over one row per pair) — the same values and the
 * same bootstrap intervals, drawn from the same seeded stream of item indices — without a row object per pair or a
 * statistic recomputed over every resampled row. Each replicate counts how often each vector was drawn and computes
 * every statistic from those counts, so its cost is the draws plus the distinct vectors, not five passes over rows.
 */
import type { Interval } from "./bootstrap";
import { noiseCeiling } from "./kappa";
import { majority } from "./labels";
import { codesOf, VERDICTS, verdictCode } from "../../judging/verdict";
import type { GroupStats, RatedPair } from "./report";
import { seededRandom } from "../../kernel";

/** Items grouped by verdict vector: the codes of the rated slots in slot order, as the general functions read them. */
export interface VerdictClasses {
  vectors: number[][];
  /** Which vector each item has, in the order the general functions would see the items. */
  itemClass: Int32Array;
}

/**
 * The classes of what today's analytics hands the general functions: first the tallied pairs in pattern order
 * (`counts`, each pattern as its rated codes), then `widePairs` in their order.
 */
export function classesOf(counts: Float64Array, widePairs: readonly RatedPair[]): VerdictClasses {
  const vectors: number[][] = [];
  let n = widePairs.length;
  counts.forEach((c) => (n += c));
  const itemClass = new Int32Array(n);
  let at = 0;
  counts.forEach((c, p) => {
    if (!c) return;
    itemClass.fill(vectors.length, at, at + c);
    vectors.push(codesOf(p));
    at += c;
  });
  const byKey = new Map<string, number>();
  for (const w of widePairs) {
    const codes = w.verdicts.map(verdictCode);
    const key = codes.join("");
    let k = byKey.get(key);
    if (k === undefined) {
      k = vectors.length;
      byKey.set(key, k);
      vectors.push(codes);
    }
    itemClass[at++] = k;
  }
  return { vectors, itemClass };
}

type Value = { value: number | null; reason?: string };
const ok = (value: number): Value => ({ value });
const none = (reason: string): Value => ({ value: null, reason });

/** Per-vector constants every replicate reuses. */
function prepare(vectors: readonly number[][]) {
  const slots = vectors.reduce((m, v) => Math.max(m, v.length), 0);
  const C = vectors.length;
  const agree = new Float64Array(C);
  const pairs = new Float64Array(C);
  const allSame = new Uint8Array(C);
  const fleissTerm = new Float64Array(C);
  const cat = new Float64Array(C * 3);
  // Krippendorff's coincidences: ordered pairs of values in the unit, each weighing 1 / (m − 1).
  const coinc = new Float64Array(C * 9);
  // Per slot pair (i < j, in the general functions' order): the vectors rated in both, and the cell of each.
  const slotPairs: { key: string; classes: Int32Array; cells: Int32Array }[] = [];
  for (let c = 0; c < C; c++) {
    const v = vectors[c];
    const m = v.length;
    for (const x of v) cat[c * 3 + x]++;
    let a = 0;
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) if (v[i] === v[j]) a++;
    agree[c] = a;
    pairs[c] = (m * (m - 1)) / 2;
    allSame[c] = m >= 2 && a === pairs[c] ? 1 : 0;
    if (m === slots && m >= 2) {
      const sq = cat[c * 3] ** 2 + cat[c * 3 + 1] ** 2 + cat[c * 3 + 2] ** 2;
      fleissTerm[c] = (sq - m) / (m * (m - 1));
    }
    if (m >= 2) for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) coinc[c * 9 + v[i] * 3 + v[j]]++;
  }
  for (let i = 0; i < slots; i++)
    for (let j = i + 1; j < slots; j++) {
      const cls: number[] = [];
      const cells: number[] = [];
      for (let c = 0; c < C; c++)
        if (vectors[c].length > j) {
          cls.push(c);
          cells.push(vectors[c][i] * 3 + vectors[c][j]);
        }
      slotPairs.push({ key: `${i + 1}-${j + 1}`, classes: Int32Array.from(cls), cells: Int32Array.from(cells) });
    }
  return { slots, C, agree, pairs, allSame, fleissTerm, cat, coinc, slotPairs, lengths: vectors.map((v) => v.length) };
}

type Prepared = ReturnType<typeof prepare>;

/** Cohen's kappa of a 3×3 table (kappa.ts's cohenFromTable, the same arithmetic). */
function cohen(t: Float64Array): Value {
  let n = 0;
  let diag = 0;
  const rows = [0, 0, 0];
  const cols = [0, 0, 0];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      const v = t[i * 3 + j];
      n += v;
      rows[i] += v;
      cols[j] += v;
      if (i === j) diag += v;
    }
  if (n === 0) return none("no items rated by both raters");
  let pe = 0;
  for (let i = 0; i < 3; i++) pe += (rows[i] / n) * (cols[i] / n);
  if (Math.abs(1 - pe) < 1e-15) return none("both raters used a single, identical category: chance agreement is 1");
  return ok((diag / n - pe) / (1 - pe));
}

interface Values {
  fleiss: Value;
  light: Value & { pairs: Record<string, number | null> };
  krippendorff: Value;
  pairwise: Value;
  allAgree: Value;
}

/** Every statistic of the items counted in `w` (per vector), with the general functions' rules and reasons. */
function valuesOf(x: Prepared, w: Float64Array, items: number, withPairs: boolean): Values {
  let agree = 0;
  let pairs = 0;
  let multi = 0;
  let same = 0;
  let N = 0;
  let pbar = 0;
  const p = [0, 0, 0];
  const o = new Float64Array(9);
  for (let c = 0; c < x.C; c++) {
    const k = w[c];
    if (!k) continue;
    const m = x.lengths[c];
    agree += k * x.agree[c];
    pairs += k * x.pairs[c];
    if (m >= 2) {
      multi += k;
      same += k * x.allSame[c];
      for (let q = 0; q < 9; q++) if (x.coinc[c * 9 + q]) o[q] += (k * x.coinc[c * 9 + q]) / (m - 1);
    }
    if (m === x.slots) {
      N += k;
      pbar += k * x.fleissTerm[c];
      for (let q = 0; q < 3; q++) p[q] += k * x.cat[c * 3 + q];
    }
  }
  let fleiss: Value;
  if (N === 0) fleiss = none("no items");
  else if (x.slots < 2) fleiss = none("fewer than two ratings per item");
  else {
    const mean = pbar / N;
    let pe = 0;
    for (let q = 0; q < 3; q++) pe += (p[q] / (N * x.slots)) ** 2;
    fleiss =
      Math.abs(1 - pe) < 1e-15
        ? none("all ratings fall in one category: chance agreement is 1")
        : ok((mean - pe) / (1 - pe));
  }
  let light: Values["light"];
  const raters = items ? x.slots : 0;
  if (raters < 2) light = { ...none("fewer than two raters"), pairs: {} };
  else {
    const byPair: Record<string, number | null> = {};
    const defined: number[] = [];
    const t = new Float64Array(9);
    for (const sp of x.slotPairs) {
      t.fill(0);
      for (let i = 0; i < sp.classes.length; i++) t[sp.cells[i]] += w[sp.classes[i]];
      const s = cohen(t);
      if (withPairs) byPair[sp.key] = s.value;
      if (s.value !== null) defined.push(s.value);
    }
    light = defined.length
      ? { value: defined.reduce((a, b) => a + b, 0) / defined.length, pairs: byPair }
      : { ...none("no rater pair has a defined Cohen's kappa"), pairs: byPair };
  }
  const nc = [o[0] + o[1] + o[2], o[3] + o[4] + o[5], o[6] + o[7] + o[8]];
  const n = nc[0] + nc[1] + nc[2];
  let dObs = 0;
  let dExp = 0;
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++)
      if (a !== b) {
        dObs += o[a * 3 + b];
        dExp += nc[a] * nc[b];
      }
  const krippendorff =
    n < 2
      ? none("fewer than two pairable ratings")
      : dExp === 0
        ? none("a single category is used: expected disagreement is 0")
        : ok(1 - ((n - 1) * dObs) / dExp);
  return {
    fleiss,
    light,
    krippendorff,
    pairwise: pairs ? ok(agree / pairs) : none("no item has two ratings"),
    allAgree: multi ? ok(same / multi) : none("no item has two ratings"),
  };
}

const KEYS = ["fleiss", "light", "krippendorff", "pairwise", "allAgree"] as const;

/**
 * groupStats (./testing.ts) of the items in `classes`: the values from the vectors' counts, the intervals from the
 * resamples bootstrapCI draws (one seeded stream of item indices, the same for every statistic, as there).
 */
export function groupStatsOfClasses(classes: VerdictClasses, replicates = 1000, seed = 1): GroupStats {
  const x = prepare(classes.vectors);
  const n = classes.itemClass.length;
  const w = new Float64Array(x.C);
  for (let i = 0; i < n; i++) w[classes.itemClass[i]]++;
  const values = valuesOf(x, w, n, true);
  let unresolved = 0;
  classes.vectors.forEach((v, c) => {
    if (w[c] && majority(v.map((k) => VERDICTS[k])).label === null) unresolved += w[c];
  });
  const draws: Record<(typeof KEYS)[number], number[]> = {
    fleiss: [],
    light: [],
    krippendorff: [],
    pairwise: [],
    allAgree: [],
  };
  const bootstrap = n > 0 && replicates > 0;
  if (bootstrap) {
    const rng = seededRandom(seed);
    for (let b = 0; b < replicates; b++) {
      w.fill(0);
      for (let i = 0; i < n; i++) w[classes.itemClass[Math.floor(rng() * n)]]++;
      const s = valuesOf(x, w, n, false);
      for (const k of KEYS) {
        const v = s[k].value;
        if (v !== null && Number.isFinite(v)) draws[k].push(v);
      }
    }
  }
  // bootstrapCI's percentile interval.
  const interval = (v: number[]): Interval | null => {
    if (!bootstrap || v.length < replicates / 2) return null;
    v.sort((a, b) => a - b);
    const at = (q: number) => v[Math.min(v.length - 1, Math.max(0, Math.floor(q * (v.length - 1) + 0.5)))];
    return { lo: at(0.025), hi: at(0.975), replicates: v.length };
  };
  const withCi = <T extends Value>(k: (typeof KEYS)[number], s: T) => ({ ...s, ci: interval(draws[k]) });
  const ceiling = values.pairwise.value === null ? null : noiseCeiling(3, values.pairwise.value);
  return {
    items: n,
    fleiss: withCi("fleiss", values.fleiss),
    light: withCi("light", values.light),
    krippendorff: withCi("krippendorff", values.krippendorff),
    pairwise: withCi("pairwise", values.pairwise),
    allAgree: withCi("allAgree", values.allAgree),
    ceiling: { r: ceiling?.r ?? null, predictedAllAgree: ceiling?.allAgree ?? null },
    unresolved,
  };
}

/** slotConfusion (./testing.ts) of the items in `classes`: every slot pair's 3×3 table, from the vectors' counts. */
export function confusionOfClasses(classes: VerdictClasses): Record<string, number[][]> {
  const w = new Float64Array(classes.vectors.length);
  for (const c of classes.itemClass) w[c]++;
  const slots = classes.vectors.reduce((m, v, c) => (w[c] ? Math.max(m, v.length) : m), 0);
  const out: Record<string, number[][]> = {};
  for (let i = 0; i < slots; i++)
    for (let j = i + 1; j < slots; j++) {
      const t = [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ];
      classes.vectors.forEach((v, c) => {
        if (w[c] && v.length > j) t[v[i]][v[j]] += w[c];
      });
      out[`${i + 1}-${j + 1}`] = t;
    }
  return out;
}
