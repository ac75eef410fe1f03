/**
 * Exhaustive grid search, factored: the soft mean depends only on the soft weights and the preference mean
 * only on the preference weights, so per soft vector and w3 the plans' "2 + w3·S" is computed once, per
 * preference vector the plans' P once, and the inner loop scores all w4 values of a comparison at once. Rewards are
 * formed with the same floating-point operations as reward(), so the result equals a plain loop's exactly.
 * One pass scores every cross-validation fold: a vector's accuracy on "all but fold g" is total − fold g.
 */
import { PREFERENCE_FEATURES, SOFT_FEATURES } from "../features/types";
import { preferenceCount, preferenceVector, softVector, type Grid } from "./grid";
import { TIE as TIE_, weightedMeanAt, type Prepared } from "./prepare";

const TIE = TIE_; // a module-local constant: the hot loop reads it without going through the import binding

/** Best vector per target: target 0 = all pairs, target 1 + g = all pairs outside group g. */
export interface Best {
  correct: Float64Array;
  index: Float64Array;
}

export const targetCount = (p: Prepared) => (p.groups > 1 ? 1 + p.groups : 1);

export function emptyBest(targets: number): Best {
  return { correct: new Float64Array(targets).fill(-1), index: new Float64Array(targets).fill(Infinity) };
}

/** Keeps the higher count; on equal counts the smaller vector index (the documented tie-break). */
export function mergeBest(into: Best, other: Best): Best {
  for (let t = 0; t < into.correct.length; t++) {
    if (
      other.correct[t] > into.correct[t] ||
      (other.correct[t] === into.correct[t] && other.index[t] < into.index[t])
    ) {
      into.correct[t] = other.correct[t];
      into.index[t] = other.index[t];
    }
  }
  return into;
}

function meansOf(
  values: Float64Array,
  width: number,
  plans: number,
  weights: Float64Array,
  pass: Uint8Array,
): Float64Array {
  const out = new Float64Array(plans);
  for (let j = 0; j < plans; j++) out[j] = pass[j] ? weightedMeanAt(values, j * width, weights) : 0;
  return out;
}

/** Per preference vector: P of each comparison's x and y plans (0 for a plan that fails a gate). */
export interface PreferenceTable {
  px: Float64Array[];
  py: Float64Array[];
}

export function preferenceTable(p: Prepared, grid: Grid): PreferenceTable {
  const plans = p.pass.length;
  const px: Float64Array[] = [];
  const py: Float64Array[] = [];
  for (let q = 0; q < preferenceCount(grid); q++) {
    const w = Float64Array.from(PREFERENCE_FEATURES.map((f) => preferenceVector(grid, q)[f]));
    const P = meansOf(p.pref, PREFERENCE_FEATURES.length, plans, w, p.pass);
    px.push(Float64Array.from(p.ex, (j) => P[j]));
    py.push(Float64Array.from(p.ey, (j) => P[j]));
  }
  return { px, py };
}

/**
 * Counts the comparisons in [lo, hi) with (X + g·P) − (Y + g·Q) > TIE for every w4 value g[k], into
 * out[at + k]: four w4 values per sweep, so each comparison's four numbers are loaded once per four lanes.
 * (Evaluating only the comparisons whose sign changes between the smallest and largest w4 was tried: the
 * gather it needs made it slower, not faster.)
 */
function countLanes(
  X: Float64Array,
  Y: Float64Array,
  P: Float64Array,
  Q: Float64Array,
  lo: number,
  hi: number,
  g: Float64Array,
  out: Float64Array,
  at: number,
) {
  const n = g.length;
  for (let k = 0; k < n; k += 4) {
    // Lanes past the end repeat the last w4 and are not stored.
    const g0 = g[k],
      g1 = g[Math.min(k + 1, n - 1)],
      g2 = g[Math.min(k + 2, n - 1)],
      g3 = g[Math.min(k + 3, n - 1)];
    let c0 = 0,
      c1 = 0,
      c2 = 0,
      c3 = 0;
    for (let i = lo; i < hi; i++) {
      const x = X[i],
        y = Y[i],
        p = P[i],
        q = Q[i];
      c0 += +(x + g0 * p - (y + g0 * q) > TIE);
      c1 += +(x + g1 * p - (y + g1 * q) > TIE);
      c2 += +(x + g2 * p - (y + g2 * q) > TIE);
      c3 += +(x + g3 * p - (y + g3 * q) > TIE);
    }
    out[at + k] = c0;
    if (k + 1 < n) out[at + k + 1] = c1;
    if (k + 2 < n) out[at + k + 2] = c2;
    if (k + 3 < n) out[at + k + 3] = c3;
  }
}

/** Searches the soft vectors [softLo, softHi) against the whole rest of the grid. */
export function searchRange(
  p: Prepared,
  grid: Grid,
  softLo: number,
  softHi: number,
  table = preferenceTable(p, grid),
): Best {
  const targets = targetCount(p);
  const best = emptyBest(targets);
  const plans = p.pass.length;
  const E = p.ex.length;
  const nq = preferenceCount(grid);
  const n3 = grid.w3.length;
  const n4 = grid.w4.length;
  const g = Float64Array.from(grid.w4);
  const X = new Float64Array(E);
  const Y = new Float64Array(E);
  const pos = new Float64Array(p.groups * n4);
  const neg = new Float64Array(p.groups * n4);
  for (let s = softLo; s < softHi; s++) {
    const sv = softVector(grid, s);
    const S = meansOf(p.soft, SOFT_FEATURES.length, plans, Float64Array.from(SOFT_FEATURES.map((f) => sv[f])), p.pass);
    for (let k3 = 0; k3 < grid.w3.length; k3++) {
      const w3 = grid.w3[k3];
      for (let e = 0; e < E; e++) {
        const jx = p.ex[e],
          jy = p.ey[e];
        X[e] = p.pass[jx] ? 2 + w3 * S[jx] : p.gate[jx];
        Y[e] = p.pass[jy] ? 2 + w3 * S[jy] : p.gate[jy];
      }
      for (let q = 0; q < nq; q++) {
        const P = table.px[q],
          Q = table.py[q];
        for (let gr = 0; gr < p.groups; gr++) {
          countLanes(X, Y, P, Q, p.seg[3 * gr], p.seg[3 * gr + 1], g, pos, gr * n4);
          countLanes(X, Y, P, Q, p.seg[3 * gr + 1], p.seg[3 * gr + 2], g, neg, gr * n4);
        }
        const base = ((s * nq + q) * n3 + k3) * n4; // vectorIndex(grid, s, q, k3, 0)
        for (let k4 = 0; k4 < n4; k4++) {
          let total = 0;
          for (let gr = 0; gr < p.groups; gr++) total += pos[gr * n4 + k4] + p.zeros[gr] - neg[gr * n4 + k4];
          const index = base + k4;
          // Loops run s, w3, preference, w4 — not index order — so equal counts compare indices.
          if (total > best.correct[0] || (total === best.correct[0] && index < best.index[0])) {
            best.correct[0] = total;
            best.index[0] = index;
          }
          if (targets > 1) {
            for (let gr = 0; gr < p.groups; gr++) {
              const v = total - (pos[gr * n4 + k4] + p.zeros[gr] - neg[gr * n4 + k4]);
              if (v > best.correct[1 + gr] || (v === best.correct[1 + gr] && index < best.index[1 + gr])) {
                best.correct[1 + gr] = v;
                best.index[1 + gr] = index;
              }
            }
          }
        }
      }
    }
  }
  return best;
}
