/**
 * Agreement of up to three raters on an ordered scale — the signed preference −3…+3 (negative = A better) and each
 * dimension's answers (A −strength, about the same 0, B +strength; not applicable missing) — from pattern counts,
 * as the database's ScaleTally keeps them (tj_tally_pair, tj_rebuild_tallies through tj_scale_pattern_bits): each slot
 * holds value + 3 (lib/judging/verdict/ signedIndex) in 3 bits, 7 when missing, slot 1 highest, so an item is one of 512
 * patterns and every statistic and bootstrap replicate needs only the counts. The figures equal agreementSummary's
 * (lib/results/agreement/ratings.ts) on the same ratings with numeric labels ordered by value (tested): Fleiss' κ over the
 * items with the modal number of ratings, Cohen's κ and weighted κ (linear, quadratic: scikit-learn's with labels= the
 * declared scale −3…+3) per slot pair, and Krippendorff's α under the nominal, ordinal, interval and ratio metrics
 * (Krippendorff 2011) with the values.
 */
import { multinomial, seededRandom } from "../../kernel";
import type { Interval } from "./bootstrap";
import { cohenFromTable, type Stat } from "./kappa";
import { alphaFromCoincidences, LEVELS, weightedKappaFromTable, type Level } from "./ordinal";

export const SCALE_MISSING = 7;
/** The scale's values, by code (value + 3). */
export const SCALE_VALUES = [-3, -2, -1, 0, 1, 2, 3] as const;
const K = SCALE_VALUES.length;
const P = 512;
const SLOT_PAIRS = [
  [0, 1],
  [0, 2],
  [1, 2],
] as const;

/** A pattern's three slots as codes 0–6, or null where missing. */
export function scaleCodesOf(pattern: number): (number | null)[] {
  return [(pattern >> 6) & 7, (pattern >> 3) & 7, pattern & 7].map((c) => (c === SCALE_MISSING ? null : c));
}

export interface ScaleStats {
  /** Items (pairs) counted, of which those with two or more ratings. */
  pairs: number;
  fleiss_kappa: number | null;
  cohen_kappa_by_slot_pair: Record<string, number | null>;
  weighted_kappa_by_slot_pair: Record<string, { linear: number | null; quadratic: number | null }>;
  krippendorff_alpha: Record<Level, number | null>;
}

export interface ScaleReport extends ScaleStats {
  ci95: { fleiss_kappa: Interval | null; krippendorff_alpha: Record<Level, Interval | null> };
}

const CODES = Array.from({ length: P }, (_, p) => scaleCodesOf(p));
const RATED = CODES.map((c) => c.filter((x) => x !== null).length);

/**
 * The counts as a dense array over the 512 patterns. Left out: -1 (a pair with a fourth rater) and items with no
 * rating at all (a dimension every expert found not applicable), which a list of ratings would not hold either.
 */
export function scaleCounts(rows: Iterable<{ pattern: number; pairs: number }>): Float64Array {
  const c = new Float64Array(P);
  for (const r of rows) if (r.pattern >= 0 && r.pattern < P && RATED[r.pattern] > 0) c[r.pattern] += r.pairs;
  return c;
}

export function scaleStats(counts: Float64Array): ScaleStats {
  let pairs = 0;
  for (let p = 0; p < P; p++) pairs += counts[p];
  const cohen: ScaleStats["cohen_kappa_by_slot_pair"] = {};
  const weighted: ScaleStats["weighted_kappa_by_slot_pair"] = {};
  const slots = Math.max(
    0,
    ...CODES.map((c, p) => (counts[p] ? c.reduce<number>((m, x, i) => (x === null ? m : i + 1), 0) : 0)),
  );
  for (const [a, b] of SLOT_PAIRS) {
    if (b >= slots) continue;
    const t = Array.from({ length: K }, () => new Array<number>(K).fill(0));
    for (let p = 0; p < P; p++) {
      const c = CODES[p];
      if (counts[p] && c[a] !== null && c[b] !== null) t[c[a]!][c[b]!] += counts[p];
    }
    const key = `${a + 1}-${b + 1}`;
    cohen[key] = cohenFromTable(t).value;
    // The scale is declared (−3…+3), so the weights follow it whatever levels the slots used (scikit-learn's labels=).
    weighted[key] = {
      linear: weightedKappaFromTable(t, "linear").value,
      quadratic: weightedKappaFromTable(t, "quadratic").value,
    };
  }
  const o = coincidences(counts);
  const alpha = Object.fromEntries(LEVELS.map((l) => [l, alphaFromCoincidences(o, l, SCALE_VALUES).value])) as Record<
    Level,
    number | null
  >;
  return {
    pairs,
    fleiss_kappa: fleiss(counts).value,
    cohen_kappa_by_slot_pair: cohen,
    weighted_kappa_by_slot_pair: weighted,
    krippendorff_alpha: alpha,
  };
}

/** The statistics with 95 % percentile intervals over `replicates` multinomial resamples of the items (seeded). */
export function scaleReport(counts: Float64Array, replicates = 1000, seed = 1): ScaleReport {
  const stats = scaleStats(counts);
  const rng = seededRandom(seed);
  const draws = { fleiss: [] as number[], ...Object.fromEntries(LEVELS.map((l) => [l, [] as number[]])) } as Record<
    "fleiss" | Level,
    number[]
  >;
  const c = new Float64Array(P);
  for (let b = 0; b < replicates && stats.pairs > 0; b++) {
    multinomial(rng, stats.pairs, counts, c);
    const f = fleiss(c).value;
    if (f !== null) draws.fleiss.push(f);
    const o = coincidences(c);
    for (const l of LEVELS) {
      const v = alphaFromCoincidences(o, l, SCALE_VALUES).value;
      if (v !== null) draws[l].push(v);
    }
  }
  const interval = (v: number[]): Interval | null => {
    if (v.length < replicates / 2 || !v.length) return null;
    v.sort((x, y) => x - y);
    const at = (q: number) => v[Math.min(v.length - 1, Math.max(0, Math.floor(q * (v.length - 1) + 0.5)))];
    return { lo: at(0.025), hi: at(0.975), replicates: v.length };
  };
  return {
    ...stats,
    ci95: {
      fleiss_kappa: interval(draws.fleiss),
      krippendorff_alpha: Object.fromEntries(LEVELS.map((l) => [l, interval(draws[l])])) as Record<
        Level,
        Interval | null
      >,
    },
  };
}

/** Krippendorff's coincidence matrix of the items with two or more ratings, each pattern weighted by its count. */
function coincidences(counts: Float64Array): number[][] {
  const o = Array.from({ length: K }, () => new Array<number>(K).fill(0));
  const n = new Array<number>(K);
  for (let p = 0; p < P; p++) {
    const w = counts[p];
    const m = RATED[p];
    if (!w || m < 2) continue;
    n.fill(0);
    for (const c of CODES[p]) if (c !== null) n[c]++;
    for (let c = 0; c < K; c++) {
      if (!n[c]) continue;
      for (let d = 0; d < K; d++) if (n[d]) o[c][d] += (w * n[c] * (n[d] - (c === d ? 1 : 0))) / (m - 1);
    }
  }
  return o;
}

/**
 * Fleiss' kappa over the items with the modal number of ratings (ties: the larger number), as agreementSummary
 * takes them: the formula of kappa.ts's fleissFromCounts with each pattern weighted by its count.
 */
function fleiss(counts: Float64Array): Stat {
  const byRated = new Map<number, number>();
  for (let p = 0; p < P; p++) if (counts[p]) byRated.set(RATED[p], (byRated.get(RATED[p]) ?? 0) + counts[p]);
  if (!byRated.size) return { value: null, reason: "no items" };
  const m = [...byRated].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
  if (m < 2) return { value: null, reason: "fewer than two ratings per item" };
  const share = new Array<number>(K).fill(0);
  let items = 0;
  let pbar = 0;
  const n = new Array<number>(K);
  for (let p = 0; p < P; p++) {
    const w = counts[p];
    if (!w || RATED[p] !== m) continue;
    n.fill(0);
    for (const c of CODES[p]) if (c !== null) n[c]++;
    let sq = 0;
    for (let c = 0; c < K; c++) {
      share[c] += w * n[c];
      sq += n[c] * n[c];
    }
    pbar += (w * (sq - m)) / (m * (m - 1));
    items += w;
  }
  pbar /= items;
  let pe = 0;
  for (let c = 0; c < K; c++) pe += (share[c] / (items * m)) ** 2;
  if (Math.abs(1 - pe) < 1e-15)
    return { value: null, reason: "all ratings fall in one category: chance agreement is 1" };
  return { value: (pbar - pe) / (1 - pe) };
}

/** One row of the database's ScaleTally, summed over destinations. */
export interface ScaleTallyRow {
  datasetId: string;
  scale: string;
  pattern: number;
  pairs: number;
}

export interface ScaleAgreement {
  datasetId: string;
  dataset: string;
  /** "signed", or "dim:<key>". */
  scale: string;
  /** "Signed preference", or the dimension's name. */
  label: string;
  report: ScaleReport;
}

/**
 * The agreement page's per-dimension and signed-preference figures: one report per dataset and scale, the signed
 * preference first, then the dimensions in the dataset's order.
 */
export function scaleAgreements(
  rows: readonly ScaleTallyRow[],
  datasets: ReadonlyMap<string, { name: string; dimensions: readonly { key: string; name: string }[] }>,
  replicates = 1000,
  seed = 1,
): ScaleAgreement[] {
  const groups = new Map<string, ScaleTallyRow[]>();
  for (const r of rows) {
    const k = `${r.datasetId}\u0000${r.scale}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(r);
  }
  const out: (ScaleAgreement & { order: number })[] = [];
  for (const g of groups.values()) {
    const { datasetId, scale } = g[0];
    const ds = datasets.get(datasetId);
    if (!ds) continue;
    const key = scale.startsWith("dim:") ? scale.slice(4) : null;
    const at = key === null ? -1 : ds.dimensions.findIndex((d) => d.key === key);
    out.push({
      datasetId,
      dataset: ds.name,
      scale,
      label: key === null ? "Signed preference" : (ds.dimensions[at]?.name ?? key),
      report: scaleReport(scaleCounts(g), replicates, seed),
      order: at,
    });
  }
  out.sort((a, b) => a.dataset.localeCompare(b.dataset) || a.datasetId.localeCompare(b.datasetId) || a.order - b.order);
  return out.map((r) => ({
    datasetId: r.datasetId,
    dataset: r.dataset,
    scale: r.scale,
    label: r.label,
    report: r.report,
  }));
}
