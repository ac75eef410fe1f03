/**
 * Agreement on ordered labels: Cohen's weighted kappa (linear and quadratic weights) and Krippendorff's alpha
 * under the nominal, ordinal, interval and ratio metrics. Labels are category indices 0..K−1 in their order;
 * interval and ratio use each category's numeric value. Undefined cases return { value: null, reason }.
 */
import type { Stat } from "./kappa";

export type Weights = "linear" | "quadratic";
export type Level = "nominal" | "ordinal" | "interval" | "ratio";
export const LEVELS: readonly Level[] = ["nominal", "ordinal", "interval", "ratio"];

/**
 * Cohen's (1968) weighted kappa from a K×K table (rows: rater 1, columns: rater 2) with disagreement weights
 * w_ij = |i − j| (linear) or (i − j)² (quadratic): κ_w = 1 − Σ w_ij o_ij / Σ w_ij e_ij, e_ij = n_i· n_·j / n.
 * As scikit-learn's cohen_kappa_score(weights=…), whose categories are the labels the two raters used, in order:
 * `table` should hold those categories only (weightedKappa does that).
 */
export function weightedKappaFromTable(table: readonly (readonly number[])[], weights: Weights): Stat {
  const k = table.length;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let n = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      rows[i] += table[i][j];
      cols[j] += table[i][j];
      n += table[i][j];
    }
  if (n === 0) return { value: null, reason: "no items rated by both raters" };
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const d = Math.abs(i - j);
      const w = weights === "linear" ? d : d * d;
      observed += w * table[i][j];
      expected += (w * rows[i] * cols[j]) / n;
    }
  if (expected === 0) return { value: null, reason: "both raters used a single, identical category" };
  return { value: 1 - observed / expected };
}

/**
 * Weighted kappa of two raters' labels (null = not rated; items rated by both count). With `k`, over the declared
 * scale 0..k−1 (scikit-learn's `labels=`): a 4-vs-6 disagreement weighs 2 whether or not anyone used 5. Without it,
 * over the categories the two raters used (R irr's kappa2 and scikit-learn's default), so unused levels between
 * them shrink the distances.
 */
export function weightedKappa(
  a: readonly (number | null)[],
  b: readonly (number | null)[],
  weights: Weights,
  k?: number,
): Stat {
  const used = new Set<number>(k === undefined ? [] : Array.from({ length: k }, (_, i) => i));
  for (let i = 0; i < a.length; i++) if (a[i] !== null && b[i] !== null) used.add(a[i]!).add(b[i]!);
  const order = [...used].sort((x, y) => x - y);
  const at = new Map(order.map((c, i) => [c, i]));
  const table = order.map(() => new Array<number>(order.length).fill(0));
  for (let i = 0; i < a.length; i++) if (a[i] !== null && b[i] !== null) table[at.get(a[i]!)!][at.get(b[i]!)!]++;
  return weightedKappaFromTable(table, weights);
}

/**
 * Krippendorff's alpha (Krippendorff 2011, "Computing Krippendorff's alpha-reliability") from `coders` (one array
 * per coder, one entry per unit, null = missing) over K categories: α = 1 − (n − 1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck,
 * with o the coincidence matrix of the pairable values (units with two or more values) and the metric δ²:
 * nominal [c ≠ k]; ordinal (Σ_{g=c..k} n_g − (n_c + n_k)/2)²; interval (v_c − v_k)²; ratio ((v_c − v_k)/(v_c + v_k))².
 * `values` are the categories' numbers (interval, ratio); by default 1..K.
 */
export function krippendorffAlpha(
  coders: readonly (readonly (number | null)[])[],
  level: Level,
  k: number,
  values: readonly number[] = Array.from({ length: k }, (_, i) => i + 1),
): Stat {
  const units = coders.length ? coders[0].length : 0;
  const o = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const counts = new Array<number>(k);
  for (let u = 0; u < units; u++) {
    counts.fill(0);
    let m = 0;
    for (const c of coders)
      if (c[u] !== null && c[u] !== undefined) {
        counts[c[u]!]++;
        m++;
      }
    if (m < 2) continue;
    for (let c = 0; c < k; c++) {
      if (!counts[c]) continue;
      for (let d = 0; d < k; d++) if (counts[d]) o[c][d] += (counts[c] * (counts[d] - (c === d ? 1 : 0))) / (m - 1);
    }
  }
  return alphaFromCoincidences(o, level, values);
}

/** Krippendorff's alpha from a K×K coincidence matrix (as krippendorffAlpha builds it, or summed from weighted units). */
export function alphaFromCoincidences(
  o: readonly (readonly number[])[],
  level: Level,
  values: readonly number[] = Array.from({ length: o.length }, (_, i) => i + 1),
): Stat {
  const k = o.length;
  const nc = o.map((row) => row.reduce((s, x) => s + x, 0));
  const n = nc.reduce((s, x) => s + x, 0);
  if (n === 0) return { value: null, reason: "no unit has two or more values" };
  const delta = metric(level, nc, values);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++)
    for (let d = 0; d < k; d++) {
      const w = delta(c, d);
      observed += o[c][d] * w;
      expected += nc[c] * nc[d] * w;
    }
  if (expected === 0) return { value: null, reason: "every pairable value is the same: no variation to agree on" };
  return { value: 1 - ((n - 1) * observed) / expected };
}

/** The squared difference δ²(c, d) of a level of measurement (Krippendorff 2011, section E). */
function metric(level: Level, nc: readonly number[], values: readonly number[]): (c: number, d: number) => number {
  switch (level) {
    case "nominal":
      return (c, d) => (c === d ? 0 : 1);
    case "ordinal": {
      // Prefix sums: Σ_{g=lo..hi} n_g = prefix[hi + 1] − prefix[lo].
      const prefix = [0];
      for (const x of nc) prefix.push(prefix[prefix.length - 1] + x);
      return (c, d) => {
        const [lo, hi] = c < d ? [c, d] : [d, c];
        const s = prefix[hi + 1] - prefix[lo] - (nc[c] + nc[d]) / 2;
        return s * s;
      };
    }
    case "interval":
      return (c, d) => (values[c] - values[d]) ** 2;
    case "ratio":
      return (c, d) => {
        const sum = values[c] + values[d];
        return sum === 0 ? 0 : ((values[c] - values[d]) / sum) ** 2;
      };
  }
}
