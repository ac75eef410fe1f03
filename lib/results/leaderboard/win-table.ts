/** TripScore's Table 3 for every pair of planners that met, and how often the plan on the left won. */
import { binomTest, wilson, seededRandom } from "../../kernel";
import { A_WINS, B_WINS, LEFT_A, LEFT_B, type BattleSet } from "./battles";

export interface WinRow {
  /** The alphabetically first planner of the two. */
  model_a: string;
  model_b: string;
  n: number;
  wins_a: number;
  wins_b: number;
  ties: number;
  /** (wins of model_a + ties / 2) / n, with its Wilson 95 % interval. */
  share_a: number;
  ci95: [number, number];
  /** Exact two-sided binomial test of model_a's wins against model_b's (ties left out). */
  p_value: number;
}

export function winTable(set: BattleSet): WinRow[] {
  const p = set.models.length;
  // counts[(i·p + j)·3 + o]: battles between i and j (i the alphabetically first) with outcome o for i.
  const counts = new Float64Array(p * p * 3);
  for (let r = 0; r < set.size; r++) {
    let i = set.a[r],
      j = set.b[r],
      o = set.outcome[r];
    if (set.models[i] > set.models[j]) {
      [i, j] = [j, i];
      o = o === A_WINS ? B_WINS : o === B_WINS ? A_WINS : o;
    }
    counts[(i * p + j) * 3 + o] += set.weight[r];
  }
  const rows: WinRow[] = [];
  for (let i = 0; i < p; i++) {
    for (let j = 0; j < p; j++) {
      const base = (i * p + j) * 3;
      const winsA = counts[base],
        winsB = counts[base + 1],
        ties = counts[base + 2];
      const n = winsA + winsB + ties;
      if (n === 0) continue;
      const w = wilson(winsA + ties / 2, n)!;
      rows.push({
        model_a: set.models[i],
        model_b: set.models[j],
        n,
        wins_a: winsA,
        wins_b: winsB,
        ties,
        share_a: w.share,
        ci95: w.ci95,
        p_value: binomTest(winsA, winsA + winsB),
      });
    }
  }
  return rows.sort((u, v) =>
    u.model_a === v.model_a ? (u.model_b < v.model_b ? -1 : 1) : u.model_a < v.model_a ? -1 : 1,
  );
}

export interface SideShare {
  /** Decisive verdicts (A or B) whose side was recorded. */
  n: number;
  left: number;
  /** Verdicts of Neither (not in n). */
  neither: number;
  share: number | null;
  ci95: [number, number] | null;
  p_value: number | null;
}

/** A binomial summary of `left` verdicts for the left plan out of `n` decisive ones. */
export function sideShare(left: number, n: number, neither: number): SideShare {
  const w = wilson(left, n);
  return {
    n,
    left,
    neither,
    share: w?.share ?? null,
    ci95: w?.ci95 ?? null,
    p_value: n > 0 ? binomTest(left, n) : null,
  };
}

/** How often the plan shown on the left won, over the battles whose side was recorded. */
export function leftWins(set: BattleSet): SideShare {
  let left = 0,
    n = 0,
    neither = 0;
  for (let r = 0; r < set.size; r++) {
    const side = set.left[r];
    if (side !== LEFT_A && side !== LEFT_B) continue;
    const o = set.outcome[r],
      w = set.weight[r];
    if (o !== A_WINS && o !== B_WINS) {
      neither += w;
      continue;
    }
    n += w;
    if ((o === A_WINS) === (side === LEFT_A)) left += w;
  }
  return sideShare(left, n, neither);
}

/** Per two planners (as the judgments met them) and request: the sum and count of signed preferences (negative = A better). */
export interface SignedPreferenceRow {
  modelA: string;
  modelB: string;
  queryId: string;
  sum: number;
  n: number;
}

export interface SignedPreferenceCell {
  /** The alphabetically first planner of the two, as in the win table. */
  model_a: string;
  model_b: string;
  /** Judgments with a signed preference, and the requests they come from. */
  n: number;
  requests: number;
  /** Mean signed preference from model_a's side: negative = model_a's plans better (HelpSteer3's convention). */
  mean: number;
  /** 95 % percentile interval over resamples of the requests (seeded); null with fewer than two requests. */
  ci95: [number, number] | null;
}

/**
 * The win table's mean signed preference of each two planners with a request-bootstrap interval (requests
 * resampled with their judgments, as the ratings' bootstrap does).
 */
export function signedPreferenceTable(
  rows: readonly SignedPreferenceRow[],
  replicates = 1000,
  seed = 1,
): SignedPreferenceCell[] {
  // Per two planners (alphabetical, values turned to model_a's side), per request: a request is resampled whole.
  const cells = new Map<string, { a: string; b: string; byRequest: Map<string, { sum: number; n: number }> }>();
  for (const r of rows) {
    const flip = r.modelA > r.modelB;
    const [a, b] = flip ? [r.modelB, r.modelA] : [r.modelA, r.modelB];
    const key = `${a}\u0000${b}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { a, b, byRequest: new Map() }));
    const x = c.byRequest.get(r.queryId) ?? { sum: 0, n: 0 };
    x.sum += flip ? -r.sum : r.sum;
    x.n += r.n;
    c.byRequest.set(r.queryId, x);
  }
  const out: SignedPreferenceCell[] = [];
  for (const c of cells.values()) {
    const units = [...c.byRequest.values()];
    const total = units.reduce((s, u) => s + u.n, 0);
    const mean = units.reduce((s, u) => s + u.sum, 0) / total;
    let ci95: [number, number] | null = null;
    if (units.length >= 2 && replicates > 0) {
      const rng = seededRandom(seed);
      const draws: number[] = [];
      for (let r = 0; r < replicates; r++) {
        let s = 0;
        let n = 0;
        for (let i = 0; i < units.length; i++) {
          const u = units[Math.floor(rng() * units.length)];
          s += u.sum;
          n += u.n;
        }
        draws.push(s / n);
      }
      draws.sort((x, y) => x - y);
      const at = (q: number) =>
        draws[Math.min(draws.length - 1, Math.max(0, Math.floor(q * (draws.length - 1) + 0.5)))];
      ci95 = [at(0.025), at(0.975)];
    }
    out.push({ model_a: c.a, model_b: c.b, n: total, requests: units.length, mean, ci95 });
  }
  return out.sort((u, v) =>
    u.model_a === v.model_a ? (u.model_b < v.model_b ? -1 : 1) : u.model_a < v.model_a ? -1 : 1,
  );
}
