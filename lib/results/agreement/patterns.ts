/**
 * Agreement for the common case — three rater slots, three categories — from pattern counts:
 * every item is one of 4³ = 64 patterns (category 0–2 or missing per slot), so every statistic,
 * and every bootstrap replicate, needs only the 64 counts. 100,000 items cost one pass to count.
 * Each slot holds its code in 2 bits (3 when missing), slot 1 highest, as the database writes Pair.verdictPattern;
 * ./testing.ts's patternOf encodes it. Results equal the general functions of ./testing.ts (tested).
 */
import { multinomial, seededRandom } from "../../kernel";
import { codesOf, MISSING, patternOf, patternOfSlots, slotCodesOf } from "../../judging/verdict";
import type { Interval } from "./bootstrap";

/** The pattern's bits are lib/judging/verdict/'s (Pair.verdictPattern's), re-exported: the entry point has offered them. */
export { codesOf, MISSING, patternOf };

const P = 64;
const PATTERNS = Array.from({ length: P }, (_, p) => slotCodesOf(p));

/** No code has a strict majority of the pattern's ratings (as labels.ts's majority()). */
export function unresolvedPattern(pattern: number): boolean {
  const codes = codesOf(pattern);
  if (!codes.length) return true;
  return ![0, 1, 2].some((k) => codes.filter((c) => c === k).length * 2 > codes.length);
}

/** Confusion matrices of slot pairs 1-2, 1-3, 2-3 from pattern counts (rows: the first slot's code). */
export function confusionFromCounts(counts: Float64Array): Record<string, number[][]> {
  let slots = 0;
  for (let p = 0; p < P; p++)
    if (counts[p]) slots = Math.max(slots, ...PATTERNS[p].map((c, i) => (c === MISSING ? 0 : i + 1)));
  const out: Record<string, number[][]> = {};
  for (const [a, b] of [
    [0, 1],
    [0, 2],
    [1, 2],
  ]) {
    if (b >= slots) continue;
    const t = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    for (let p = 0; p < P; p++) {
      const s = PATTERNS[p];
      if (counts[p] && s[a] !== MISSING && s[b] !== MISSING) t[s[a]][s[b]] += counts[p];
    }
    out[`${a + 1}-${b + 1}`] = t;
  }
  return out;
}

/** Pattern index of each item from codes (0–2, or MISSING), three per item. */
export function patterns(codes: Uint8Array): Uint8Array {
  const n = codes.length / 3;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = patternOfSlots(codes[3 * i], codes[3 * i + 1], codes[3 * i + 2]);
  return out;
}

export function countPatterns(pat: Uint8Array): Float64Array {
  const c = new Float64Array(P);
  for (let i = 0; i < pat.length; i++) c[pat[i]]++;
  return c;
}

export interface FastStats {
  fleiss: number | null;
  light: number | null;
  cohen: [number | null, number | null, number | null];
  krippendorff: number | null;
  pairwise: number | null;
  allAgree: number | null;
}

function cohenFromCounts(c: Float64Array, a: number, b: number): number | null {
  const t = new Float64Array(9);
  let n = 0;
  for (let p = 0; p < P; p++) {
    if (!c[p]) continue;
    const s = PATTERNS[p];
    if (s[a] === MISSING || s[b] === MISSING) continue;
    t[s[a] * 3 + s[b]] += c[p];
    n += c[p];
  }
  if (!n) return null;
  let po = 0;
  let pe = 0;
  for (let k = 0; k < 3; k++) {
    po += t[k * 4];
    pe += ((t[k * 3] + t[k * 3 + 1] + t[k * 3 + 2]) / n) * ((t[k] + t[3 + k] + t[6 + k]) / n);
  }
  if (Math.abs(1 - pe) < 1e-15) return null;
  return (po / n - pe) / (1 - pe);
}

export function statsFromCounts(c: Float64Array): FastStats {
  // Fleiss over complete items; pairwise / all-agree over items with ≥ 2 ratings; Krippendorff's coincidences.
  let nComplete = 0;
  let pSum = 0;
  const catComplete = new Float64Array(3);
  let agreePairs = 0;
  let pairs = 0;
  let allItems = 0;
  let allAgreeItems = 0;
  const o = new Float64Array(9);
  for (let p = 0; p < P; p++) {
    const w = c[p];
    if (!w) continue;
    const s = PATTERNS[p];
    const vals = s.filter((v) => v !== MISSING);
    const m = vals.length;
    if (m < 2) continue;
    let agree = 0;
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) if (vals[i] === vals[j]) agree++;
    const mp = (m * (m - 1)) / 2;
    agreePairs += w * agree;
    pairs += w * mp;
    allItems += w;
    if (agree === mp) allAgreeItems += w;
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) o[vals[i] * 3 + vals[j]] += w / (m - 1);
    if (m === 3) {
      nComplete += w;
      const cnt = [0, 0, 0];
      for (const v of vals) cnt[v]++;
      for (let k = 0; k < 3; k++) catComplete[k] += w * cnt[k];
      pSum += (w * (cnt[0] ** 2 + cnt[1] ** 2 + cnt[2] ** 2 - 3)) / 6;
    }
  }
  let fleiss: number | null = null;
  if (nComplete) {
    const pe = catComplete.reduce((s, x) => s + (x / (3 * nComplete)) ** 2, 0);
    if (Math.abs(1 - pe) >= 1e-15) fleiss = (pSum / nComplete - pe) / (1 - pe);
  }
  const cohen: [number | null, number | null, number | null] = [
    cohenFromCounts(c, 0, 1),
    cohenFromCounts(c, 0, 2),
    cohenFromCounts(c, 1, 2),
  ];
  const defined = cohen.filter((x): x is number => x !== null);
  const nc = [o[0] + o[1] + o[2], o[3] + o[4] + o[5], o[6] + o[7] + o[8]];
  const n = nc[0] + nc[1] + nc[2];
  let dObs = 0;
  let dExp = 0;
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) {
      if (a === b) continue;
      dObs += o[a * 3 + b];
      dExp += nc[a] * nc[b];
    }
  }
  return {
    fleiss,
    light: defined.length ? defined.reduce((s, x) => s + x, 0) / defined.length : null,
    cohen,
    krippendorff: n >= 2 && dExp > 0 ? 1 - ((n - 1) * dObs) / dExp : null,
    pairwise: pairs ? agreePairs / pairs : null,
    allAgree: allItems ? allAgreeItems / allItems : null,
  };
}

export type FastIntervals = Record<Exclude<keyof FastStats, "cohen">, Interval | null>;

/**
 * 95 % percentile intervals of every statistic over `replicates` resamples of the items. Resampling n
 * items with replacement gives pattern counts that are Multinomial(n, counts / n), so each replicate is
 * drawn as 64 conditional binomials: the cost no longer grows with the number of items.
 */
export function bootstrapAll(counts: Float64Array, replicates = 1000, seed = 1): FastIntervals {
  const rng = seededRandom(seed);
  let n = 0;
  for (let p = 0; p < P; p++) n += counts[p];
  const keys = ["fleiss", "light", "krippendorff", "pairwise", "allAgree"] as const;
  const draws: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
  const c = new Float64Array(P);
  for (let b = 0; b < replicates && n > 0; b++) {
    multinomial(rng, n, counts, c);
    const s = statsFromCounts(c);
    for (const k of keys) if (s[k] !== null) draws[k].push(s[k]!);
  }
  const interval = (v: number[]): Interval | null => {
    if (v.length < replicates / 2) return null;
    v.sort((x, y) => x - y);
    const at = (q: number) => v[Math.min(v.length - 1, Math.max(0, Math.floor(q * (v.length - 1) + 0.5)))];
    return { lo: at(0.025), hi: at(0.975), replicates: v.length };
  };
  return Object.fromEntries(keys.map((k) => [k, interval(draws[k])])) as FastIntervals;
}
