/**
 * Which dimensions drive the overall verdict (issue 27 item 5): a logistic regression, one row per judgment, of
 * the expert's overall verdict (A 1, B 0; Neither left out and counted) on the same expert's dimension verdicts
 * (A +1, about the same or not applicable or unanswered 0, B −1; a strength does not enter), with an intercept,
 * and seeded bootstrap intervals of the coefficients that resample requests. Per judgment, not per pair
 * majority: the question is how one expert's dimension choices weigh in their own overall choice, and a majority
 * would mix experts. Checked against statsmodels' Logit in drivers.test.ts (fixtures/drivers-reference.json,
 * written by drivers_reference.py).
 */
import { trainingLabel, type Verdict } from "../../judging/verdict";
import { seededRandom, logit, percentileInterval } from "../../kernel";
import { MAX_DIMENSIONS, type DimensionAnswers, type DimensionVerdict } from "./set";

/** One judgment: its request, the overall verdict and the dimension answers as stored. */
export interface JudgmentDimensions {
  queryId: string;
  verdict: Verdict;
  dimensions: Readonly<DimensionAnswers>;
}

export interface DriverCoefficient {
  /** The dimension's key; null for the intercept. */
  key: string | null;
  /** Log-odds of an overall A per step of the dimension's code (B → same → A), the others held. */
  estimate: number;
  /** statsmodels' `bse`: from the information matrix, as if judgments were independent (the interval is not). */
  se: number;
  /** The 95 % percentile interval over the replicates whose fit existed; null when under half did. */
  ci95: [number, number] | null;
}

export interface DimensionDrivers {
  ok: true;
  /** Judgments with an overall A or B (the rows), and those left out for Neither. */
  judgments: number;
  neither: number;
  requests: number;
  intercept: DriverCoefficient;
  dimensions: DriverCoefficient[];
  /** Bootstrap replicates whose fit existed, and those skipped (a small resample may be separated). */
  replicatesUsed: number;
  replicatesFailed: number;
}

export type DriversFailureKind = "too_few" | "one_outcome" | "constant" | "collinear" | "separation" | "no_convergence";

export interface DriversFailure {
  ok: false;
  kind: DriversFailureKind;
  /** For the admin: what is wrong, naming the dimensions at fault. */
  message: string;
  /** The dimensions at fault, when known. */
  keys: string[];
  judgments: number;
  neither: number;
}

export interface DriversOptions {
  replicates?: number;
  seed?: number;
}

/** A dimension verdict's code: A +1, B −1 as the training label (lib/judging/verdict/); the rest 0 (unanswered as not applicable). */
export function driverCode(v: DimensionVerdict | undefined): -1 | 0 | 1 {
  return v === "A" || v === "B" ? trainingLabel(v) : 0;
}

/**
 * The accumulator: judgments are added one by one. Memory: 8 bytes per judgment (its request's index and its
 * verdict pattern, one of 2·3^dimensions) and a map of request ids. The fit runs on the patterns' counts
 * (frequency weights: the same estimate and standard errors as one row per judgment), and a bootstrap replicate
 * sums the drawn requests' counts, so neither grows with the judgments beyond one pass over them per replicate
 * (a million judgments on six dimensions: about 8 ms per replicate, 8 s for 1,000).
 */
export class DriversAccumulator {
  private readonly requestIndex = new Map<string, number>();
  private readonly requestIds: string[] = [];
  private request = new Int32Array(1024);
  private cell = new Int32Array(1024);
  private rows = 0;
  private neither = 0;

  constructor(private readonly keys: readonly string[]) {
    if (keys.length === 0) throw new Error("DriversAccumulator: no dimensions");
    if (keys.length > MAX_DIMENSIONS) throw new Error(`DriversAccumulator: at most ${MAX_DIMENSIONS} dimensions`);
    if (new Set(keys).size !== keys.length) throw new Error("DriversAccumulator: a dimension key is given twice");
  }

  add(j: JudgmentDimensions): void {
    if (j.verdict === "NEITHER") {
      this.neither++;
      return;
    }
    // The pattern in base 3 (digit = code + 1), then the outcome: cell = 2·pattern + y.
    let pattern = 0;
    for (let d = this.keys.length - 1; d >= 0; d--)
      pattern = pattern * 3 + driverCode(j.dimensions[this.keys[d]]?.v) + 1;
    let q = this.requestIndex.get(j.queryId);
    if (q === undefined) {
      q = this.requestIds.length;
      this.requestIndex.set(j.queryId, q);
      this.requestIds.push(j.queryId);
    }
    if (this.rows === this.request.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.request = grow(this.request);
      this.cell = grow(this.cell);
    }
    this.request[this.rows] = q;
    this.cell[this.rows] = pattern * 2 + (j.verdict === "A" ? 1 : 0);
    this.rows++;
  }

  result(opts: DriversOptions = {}): DimensionDrivers | DriversFailure {
    const keys = this.keys;
    const p = keys.length;
    const n = this.rows;
    const fail = (kind: DriversFailureKind, message: string, at: string[] = []): DriversFailure => ({
      ok: false,
      kind,
      message,
      keys: at,
      judgments: n,
      neither: this.neither,
    });
    const cells = 2 * 3 ** p;
    const total = new Float64Array(cells);
    for (let i = 0; i < n; i++) total[this.cell[i]]++;
    const present = [...total.keys()].filter((c) => total[c] > 0);
    const x = present.map((c) => decode(c, p));
    const y = present.map((c) => (c % 2) as 0 | 1);
    const weight = present.map((c) => total[c]);

    if (n <= p + 1)
      return fail(
        "too_few",
        `${n} judgments with an overall A or B (${this.neither} Neither left out) for ${p + 1} coefficients: ` +
          `the intercept and ${p} dimension${p === 1 ? "" : "s"}`,
      );
    const ones = y.reduce<number>((s, v, i) => s + v * weight[i], 0);
    if (ones === 0 || ones === n)
      return fail(
        "one_outcome",
        `every one of the ${n} judgments chose ${ones ? "A" : "B"} overall: nothing to explain`,
      );
    const constant = keys.filter((_, d) => x.every((r) => r[d] === x[0][d]));
    if (constant.length)
      return fail(
        "constant",
        `${list(constant)} ${constant.length === 1 ? "has" : "have"} the same verdict in every judgment ` +
          `(${describe(x[0][keys.indexOf(constant[0])])}): no coefficient can be estimated; leave ` +
          `${constant.length === 1 ? "it" : "them"} out`,
        constant,
      );
    for (let a = 0; a < p; a++)
      for (let b = a + 1; b < p; b++) {
        const same = x.every((r) => r[a] === r[b]);
        if (same || x.every((r) => r[a] === -r[b]))
          return fail(
            "collinear",
            `${keys[a]} and ${keys[b]} are always answered ${same ? "alike" : "oppositely"}: their effects cannot be ` +
              `told apart; leave one out`,
            [keys[a], keys[b]],
          );
      }

    const fit = logit(x, y, 100, weight);
    if (fit.coef === null) {
      // Separation first: Newton's steps toward an infinite estimate may also end on a singular matrix.
      const by = keys.filter((_, d) => separates(x, y, d));
      if (by.length || /separated/.test(fit.reason))
        return fail(
          "separation",
          by.length
            ? `the overall verdict is separated by ${list(by)}: it never goes against ` +
                `${by.length === 1 ? "that dimension's" : "each one's"} side, so no finite coefficient exists; ` +
                `leave ${by.length === 1 ? "it" : "them"} out or collect more judgments`
            : "the overall verdict is separated by a combination of the dimensions: no finite coefficients exist",
          by,
        );
      if (/constant|combination/.test(fit.reason))
        return fail(
          "collinear",
          "a dimension's verdicts are a combination of the others': its effect cannot be told apart",
        );
      return fail("no_convergence", fit.reason);
    }

    // The bootstrap: requests in id order (the seeded draws do not depend on the rows' order), each a list of
    // its patterns' counts; a replicate fits the sum of the drawn requests' counts.
    const order = [...this.requestIds.keys()].sort((u, v) =>
      this.requestIds[u] < this.requestIds[v] ? -1 : this.requestIds[u] > this.requestIds[v] ? 1 : 0,
    );
    const Q = order.length;
    const rank = new Int32Array(Q);
    order.forEach((q, r) => (rank[q] = r));
    const slot = new Int32Array(cells).fill(-1);
    present.forEach((c, s) => (slot[c] = s));
    // Rows grouped by request (counting sort), then each request's slots counted.
    const start = new Int32Array(Q + 1);
    for (let i = 0; i < n; i++) start[rank[this.request[i]] + 1]++;
    for (let r = 0; r < Q; r++) start[r + 1] += start[r];
    const bySlot = new Int32Array(n);
    const fill = start.slice(0, Q);
    for (let i = 0; i < n; i++) bySlot[fill[rank[this.request[i]]]++] = slot[this.cell[i]];
    const replicates = opts.replicates ?? 1000;
    const draws = Array.from({ length: p + 1 }, () => [] as number[]);
    const rng = seededRandom(opts.seed ?? 1);
    const drawn = new Float64Array(Q);
    const w = new Float64Array(present.length);
    let failed = 0;
    for (let b = 0; b < replicates; b++) {
      drawn.fill(0);
      for (let k = 0; k < Q; k++) drawn[Math.floor(rng() * Q)]++;
      w.fill(0);
      for (let r = 0; r < Q; r++) if (drawn[r]) for (let i = start[r]; i < start[r + 1]; i++) w[bySlot[i]] += drawn[r];
      const f = logit(x, y, 100, w);
      if (f.coef === null) failed++;
      else f.coef.forEach((v, j) => draws[j].push(v));
    }
    const coefficient = (j: number): DriverCoefficient => ({
      key: j === 0 ? null : keys[j - 1],
      estimate: fit.coef[j],
      se: fit.se[j],
      ci95:
        draws[j].length >= 2 && draws[j].length >= replicates / 2
          ? percentileInterval(Float64Array.from(draws[j]))
          : null,
    });
    return {
      ok: true,
      judgments: n,
      neither: this.neither,
      requests: Q,
      intercept: coefficient(0),
      dimensions: keys.map((_, d) => coefficient(d + 1)),
      replicatesUsed: replicates - failed,
      replicatesFailed: failed,
    };
  }
}

/** The codes (−1, 0, +1 per dimension) of a cell. */
function decode(cell: number, p: number): number[] {
  let pattern = Math.floor(cell / 2);
  const out: number[] = [];
  for (let d = 0; d < p; d++) {
    out.push((pattern % 3) - 1);
    pattern = Math.floor(pattern / 3);
  }
  return out;
}

/** Whether dimension d alone separates the outcomes: no overall B above (or, reversed, below) any overall A. */
function separates(x: number[][], y: (0 | 1)[], d: number): boolean {
  let minA = Infinity;
  let maxA = -Infinity;
  let minB = Infinity;
  let maxB = -Infinity;
  x.forEach((r, i) => {
    if (y[i]) {
      minA = Math.min(minA, r[d]);
      maxA = Math.max(maxA, r[d]);
    } else {
      minB = Math.min(minB, r[d]);
      maxB = Math.max(maxB, r[d]);
    }
  });
  return maxB <= minA || maxA <= minB;
}

const describe = (code: number) => (code > 0 ? "A" : code < 0 ? "B" : "about the same, not applicable or unanswered");
const list = (keys: string[]) => (keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(", ")} and ${keys.at(-1)}`);

/** All judgments at once: the accumulator fed from an array. */
export function dimensionDrivers(
  judgments: Iterable<JudgmentDimensions>,
  keys: readonly string[],
  opts: DriversOptions = {},
): DimensionDrivers | DriversFailure {
  const acc = new DriversAccumulator(keys);
  for (const j of judgments) acc.add(j);
  return acc.result(opts);
}
