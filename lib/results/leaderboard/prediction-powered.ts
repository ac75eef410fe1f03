/**
 * The prediction-powered leaderboard: PPI++ (Angelopoulos, Duchi & Zrnic 2023, "PPI++: Efficient
 * Prediction-Powered Inference"), as Boyeau et al. (2024, "AutoEval Done Right") apply it to Bradley–Terry on
 * Chatbot Arena. The experts' battles (labelled, n) carry the judge's verdict on the same battle too; the judge's
 * other battles (N) carry only the judge's. The ratings minimize the rectified loss
 *   L_λ(θ) = (1/n) Σ_labelled ℓ_θ(x, y) + λ [ (1/N) Σ_other ℓ_θ(x̃, ŷ) − (1/n) Σ_labelled ℓ_θ(x, ŷ) ],
 * ℓ FastChat's Bradley–Terry loss (a tie half a win for each side, `fitBradleyTerry`), θ the ratings β (each group
 * of planners centred) and, with style control, the style coefficients γ on the same design for both data sets.
 * λ̂ is the plug-in minimizer of the ratings' total variance, clipped to [0, 1]; the interval is the sandwich
 * θ̂ ± z·√diag(Ĥ⁻¹ V̂ Ĥ⁻¹), or with `bootstrap` a percentile interval over resampled units at λ̂.
 * How this follows ppi_py (`ppi_logistic_ci`, `_logistic_get_stats`, `_calc_lam_glm`) and where it differs:
 * docs/prediction-powered.md. λ = 0 is exactly the experts-only sandwich (ppi_py's classical interval).
 */
import { multinomial, seededRandom, Z95, inverseSpd, percentileInterval } from "../../kernel";
import {
  A_WINS,
  B_WINS,
  BattleSetBuilder,
  LEFT_UNKNOWN,
  STYLE_COVARIATES,
  type BattleSet,
  type PlanStyle,
  type StyleCovariate,
} from "./battles";
import { ELO_SCALE, elo, fitBradleyTerry, unboundedModels, type BtFit, type Observations } from "./bradley-terry";

const LN10 = Math.log(10);

/** Prediction-powered input the data cannot support (no judge battle to add, a planner the judge never met, …). */
export class PredictionPoweredInputError extends Error {}

/**
 * Battles for a prediction-powered leaderboard: one BattleSet whose rows 0 … labelled − 1 are the experts' battles
 * (their outcomes) and rows labelled … size − 1 the judge's other battles (its outcomes); `judgeOnLabelled` is the
 * judge's outcome on each expert battle, in that row's orientation. One set: one numbering of planners and units.
 */
export interface PredictionPoweredBattles {
  set: BattleSet;
  labelled: number;
  judgeOnLabelled: Uint8Array;
  /** The judge's battles left out: a planner no expert battle has, or two planners no expert battle connects. */
  leftOut: { unknownPlanner: number; acrossGroups: number };
  selfBattles: number;
}

interface PendingRow {
  a: string;
  b: string;
  outcome: number;
  judge: number;
  query: string | null;
  weight: number;
  styleA?: PlanStyle;
  styleB?: PlanStyle;
}

/** Collects expert battles (with the judge's verdict on each) and the judge's other battles, in any order. */
export class PredictionPoweredBuilder {
  private labelledRows: PendingRow[] = [];
  private judgeRows: PendingRow[] = [];
  constructor(private readonly withStyle = false) {}

  /** An expert battle: the experts' outcome and the judge's on the same battle (A_WINS, B_WINS, TIE). */
  addLabelled(
    modelA: string,
    modelB: string,
    expert: number,
    judge: number,
    query: string | null,
    weight = 1,
    styleA?: PlanStyle,
    styleB?: PlanStyle,
  ) {
    this.labelledRows.push({ a: modelA, b: modelB, outcome: expert, judge, query, weight, styleA, styleB });
  }

  /** A battle only the judge decided. */
  addJudge(
    modelA: string,
    modelB: string,
    judge: number,
    query: string | null,
    weight = 1,
    styleA?: PlanStyle,
    styleB?: PlanStyle,
  ) {
    this.judgeRows.push({ a: modelA, b: modelB, outcome: judge, judge, query, weight, styleA, styleB });
  }

  build(): PredictionPoweredBattles {
    const builder = new BattleSetBuilder(this.withStyle);
    const judgeOnLabelled: number[] = [];
    // Planners' groups among the expert battles (union–find by name): the judge may not join what the experts do not.
    const parent = new Map<string, string>();
    const root = (m: string): string => {
      let r = m;
      while (parent.get(r) !== r) r = parent.get(r)!;
      parent.set(m, r);
      return r;
    };
    let selfBattles = 0;
    for (const r of this.labelledRows) {
      if (r.a === r.b) {
        selfBattles += r.weight;
        continue;
      }
      builder.add(r.a, r.b, r.outcome, r.query, LEFT_UNKNOWN, r.weight, r.styleA, r.styleB);
      judgeOnLabelled.push(r.judge);
      for (const m of [r.a, r.b]) if (!parent.has(m)) parent.set(m, m);
      const [u, v] = [root(r.a), root(r.b)];
      if (u !== v) parent.set(u, v);
    }
    const labelled = judgeOnLabelled.length;
    if (labelled === 0) throw new PredictionPoweredInputError("no expert battle between two different planners");
    const leftOut = { unknownPlanner: 0, acrossGroups: 0 };
    const judged = new Set<string>();
    for (const r of this.judgeRows) {
      if (r.a === r.b) {
        selfBattles += r.weight;
        continue;
      }
      if (!parent.has(r.a) || !parent.has(r.b)) leftOut.unknownPlanner += r.weight;
      else if (root(r.a) !== root(r.b)) leftOut.acrossGroups += r.weight;
      else {
        builder.add(r.a, r.b, r.outcome, r.query, LEFT_UNKNOWN, r.weight, r.styleA, r.styleB);
        judged.add(r.a).add(r.b);
      }
    }
    const set = builder.build();
    if (set.size === labelled)
      throw new PredictionPoweredInputError(
        "no judge battle beside the expert-labelled ones: the judge's other battles are what the method adds",
      );
    // At λ = 1 a planner's expert battles add no curvature; without a judge battle of its own its rating is not defined.
    const missing = set.models.filter((m) => !judged.has(m));
    if (missing.length)
      throw new PredictionPoweredInputError(
        `${missing.length} planner(s) have no judge battle beside the expert-labelled ones (${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}): the judge must have judged each planner on other battles too`,
      );
    return { set, labelled, judgeOnLabelled: Uint8Array.from(judgeOnLabelled), leftOut, selfBattles };
  }
}

/** The fixed design of a prediction-powered fit: observations for `fitBradleyTerry` and each row's place in them. */
interface Design {
  p: number;
  /** Style covariates kept (indices into STYLE_COVARIATES); 0 without style control. */
  keep: number[];
  /** Per row, the standardized covariates of side A minus side B (FastChat's construction), rows × keep.length. */
  x: Float64Array | null;
  obs: Observations;
  /** Each row's observation, and whether the row's side A is the observation's side B. */
  obsOf: Int32Array;
  flip: Uint8Array;
  /** Rows in unit order: rows of unit u are order[first[u]] … order[first[u + 1] − 1]. */
  first: Int32Array;
  order: Int32Array;
}

/**
 * Plain: one observation per unordered pair of planners (credits add). Style: one per row, the covariates
 * (a − b)/(a + b + 1) standardized over all rows (expert and judge: one design for both terms of the loss).
 */
function design(pp: PredictionPoweredBattles, style: boolean): Design {
  const { set } = pp;
  const p = set.models.length;
  const n = set.size;
  const obsOf = new Int32Array(n);
  const flip = new Uint8Array(n);
  let obs: Observations;
  let keep: number[] = [];
  let x: Float64Array | null = null;
  if (style) {
    if (!set.style) throw new PredictionPoweredInputError("style control needs each battle's plan covariates");
    const K = STYLE_COVARIATES.length;
    const raw = new Float64Array(n * K);
    for (let r = 0; r < n; r++)
      for (let k = 0; k < K; k++) {
        const va = set.style[r * 2 * K + k],
          vb = set.style[r * 2 * K + K + k];
        raw[r * K + k] = (va - vb) / (va + vb + 1);
      }
    let total = 0;
    for (let r = 0; r < n; r++) total += set.weight[r];
    const mean = new Float64Array(K),
      sd = new Float64Array(K);
    for (let k = 0; k < K; k++) {
      let m = 0;
      for (let r = 0; r < n; r++) m += set.weight[r] * raw[r * K + k];
      m /= total;
      let v = 0;
      for (let r = 0; r < n; r++) v += set.weight[r] * (raw[r * K + k] - m) ** 2;
      mean[k] = m;
      sd[k] = Math.sqrt(v / total);
      if (sd[k] > 1e-12) keep.push(k);
    }
    const Kk = keep.length;
    x = new Float64Array(n * Kk);
    for (let r = 0; r < n; r++)
      for (let j = 0; j < Kk; j++) x[r * Kk + j] = (raw[r * K + keep[j]] - mean[keep[j]]) / sd[keep[j]];
    for (let r = 0; r < n; r++) obsOf[r] = r;
    obs = {
      a: set.a.slice(),
      b: set.b.slice(),
      wA: new Float64Array(n),
      wB: new Float64Array(n),
      x,
      k: Kk,
    };
  } else {
    keep = [];
    const slot = new Map<number, number>();
    const a: number[] = [],
      b: number[] = [];
    for (let r = 0; r < n; r++) {
      const i = Math.min(set.a[r], set.b[r]),
        j = Math.max(set.a[r], set.b[r]);
      let s = slot.get(i * p + j);
      if (s === undefined) {
        slot.set(i * p + j, (s = a.length));
        a.push(i);
        b.push(j);
      }
      obsOf[r] = s;
      flip[r] = set.a[r] !== i ? 1 : 0;
    }
    obs = {
      a: Int32Array.from(a),
      b: Int32Array.from(b),
      wA: new Float64Array(a.length),
      wB: new Float64Array(a.length),
    };
  }
  const first = new Int32Array(set.units + 1);
  for (let r = 0; r < n; r++) first[set.unit[r] + 1]++;
  for (let u = 0; u < set.units; u++) first[u + 1] += first[u];
  const order = new Int32Array(n);
  const fill = first.slice(0, set.units);
  for (let r = 0; r < n; r++) order[fill[set.unit[r]]++] = r;
  return { p, keep, x, obs, obsOf, flip, first, order };
}

/** Side A's credit for an outcome (FastChat: 2 a win, 1 a tie); side B's is 2 minus it. */
const creditA = (o: number) => (o === A_WINS ? 2 : o === B_WINS ? 0 : 1);
/** The outcome as a soft label for side A (a tie half a win). */
const label = (o: number) => (o === A_WINS ? 1 : o === B_WINS ? 0 : 0.5);

/**
 * Fits L_λ (times n, so that at λ = 0 the credits are the experts' own and the fit is the experts-only one).
 * `mult`: each unit's multiplicity (a bootstrap replicate), or null.
 */
function rectifiedFit(
  pp: PredictionPoweredBattles,
  d: Design,
  lambda: number,
  mult: Float64Array | null,
  init?: BtFit,
): BtFit {
  const { set, labelled, judgeOnLabelled } = pp;
  const { wA, wB } = d.obs;
  wA.fill(0);
  wB.fill(0);
  let n = 0,
    N = 0;
  for (let r = 0; r < set.size; r++) {
    const w = set.weight[r] * (mult ? mult[set.unit[r]] : 1);
    if (r < labelled) n += w;
    else N += w;
  }
  if (n === 0) return failedFit(d.p);
  const judgeScale = N > 0 ? (lambda * n) / N : 0;
  for (let r = 0; r < set.size; r++) {
    const w = set.weight[r] * (mult ? mult[set.unit[r]] : 1);
    if (w === 0) continue;
    let ca: number, cb: number;
    if (r < labelled) {
      const e = creditA(set.outcome[r]),
        j = creditA(judgeOnLabelled[r]);
      ca = w * (e - lambda * j);
      cb = w * (2 - e - lambda * (2 - j));
    } else {
      const j = creditA(set.outcome[r]);
      ca = w * judgeScale * j;
      cb = w * judgeScale * (2 - j);
    }
    const s = d.obsOf[r];
    if (d.flip[r]) [ca, cb] = [cb, ca];
    wA[s] += ca;
    wB[s] += cb;
  }
  // An observation whose credits cancel exactly carries only a linear term; one naming a planner with no curvature
  // anywhere (possible only at λ = 1 in a replicate that drew none of its judge battles) cannot be fitted: dropped.
  const curvature = new Float64Array(d.p);
  for (let s = 0; s < wA.length; s++) {
    const t = wA[s] + wB[s];
    curvature[d.obs.a[s]] += t;
    curvature[d.obs.b[s]] += t;
  }
  for (let s = 0; s < wA.length; s++)
    if (!(curvature[d.obs.a[s]] > 0) || !(curvature[d.obs.b[s]] > 0)) wA[s] = wB[s] = 0;
  return fitBradleyTerry(d.obs, d.p, { init });
}

function failedFit(p: number): BtFit {
  return {
    beta: new Float64Array(p).fill(NaN),
    gamma: new Float64Array(0),
    gradientNorm: NaN,
    iterations: 0,
    converged: false,
    group: new Int32Array(p).fill(-1),
    groups: 0,
  };
}

/** A fit to report: converged, or stopped with a finite, falling gradient (a planner whose rating is unbounded). */
const fitUsable = (f: BtFit) => f.converged || (Number.isFinite(f.gradientNorm) && f.iterations > 0);

/**
 * What the sandwich and λ̂ need at θ: Ĥ (mean Hessian over all rows, or over the expert rows only, as ppi_py does at
 * λ = 0), made definite along each group's common shift, and its inverse; and over the units u, with
 * z_u(λ) = p_u − λ q_u the unit's share of the estimating equation (each sample centred on its own mean: the
 * linearization of a mean over a random number of rows),
 *   p_u = κ_L (Y_u − n_u ȳ)/n,   q_u = κ_L (F_u − n_u f̄)/n − κ_U (F̃_u − N_u f̃̄)/N,
 * the sums Vpp = Σ p pᵀ, Vpq = Σ p qᵀ, Vqq = Σ q qᵀ, so V(λ) = Vpp − λ(Vpq + Vqp) + λ² Vqq. Y, F: the experts' and
 * the judge's gradients on the expert rows, F̃ the judge's on its other rows; κ² = U/(U − 1) over the units with
 * such rows (np.cov's n/(n − 1) when every battle is its own unit, the cluster correction otherwise).
 */
function sandwichParts(pp: PredictionPoweredBattles, d: Design, fit: BtFit, hessianFrom: "all" | "labelled") {
  const { set, labelled, judgeOnLabelled } = pp;
  const p = d.p;
  const K = d.keep.length;
  const D = p + K;
  const beta = fit.beta,
    gamma = fit.gamma;
  const H = new Float64Array(D * D);
  let n = 0,
    N = 0;
  const ySum = new Float64Array(D),
    fSum = new Float64Array(D),
    uSum = new Float64Array(D);
  // Per row: the logit's gradient direction is (ln10·(e_a − e_b), x); g = w(μ − y)·that.
  const mu = new Float64Array(set.size);
  const addTo = (v: Float64Array, r: number, c: number) => {
    v[set.a[r]] += LN10 * c;
    v[set.b[r]] -= LN10 * c;
    for (let k = 0; k < K; k++) v[p + k] += c * d.x![r * K + k];
  };
  for (let r = 0; r < set.size; r++) {
    const ia = set.a[r],
      ib = set.b[r];
    let eta = LN10 * (beta[ia] - beta[ib]);
    for (let k = 0; k < K; k++) eta += gamma[k] * d.x![r * K + k];
    const m = 1 / (1 + Math.exp(-eta));
    mu[r] = m;
    const w = set.weight[r];
    if (r < labelled) {
      n += w;
      addTo(ySum, r, w * (m - label(set.outcome[r])));
      addTo(fSum, r, w * (m - label(judgeOnLabelled[r])));
    } else {
      N += w;
      addTo(uSum, r, w * (m - label(set.outcome[r])));
    }
    if (hessianFrom === "labelled" && r >= labelled) continue;
    const h = w * m * (1 - m);
    const c2 = LN10 * LN10 * h;
    H[ia * D + ia] += c2;
    H[ib * D + ib] += c2;
    H[ia * D + ib] -= c2;
    H[ib * D + ia] -= c2;
    for (let k = 0; k < K; k++) {
      const xk = d.x![r * K + k];
      const c = LN10 * h * xk;
      H[ia * D + p + k] += c;
      H[ib * D + p + k] -= c;
      for (let l = 0; l < K; l++) H[(p + k) * D + p + l] += h * xk * d.x![r * K + l];
    }
  }
  for (let i = 0; i < p; i++) for (let k = 0; k < K; k++) H[(p + k) * D + i] = H[i * D + p + k];
  const rows = hessianFrom === "all" ? n + N : n;
  for (let j = 0; j < D * D; j++) H[j] /= rows;
  // H is singular along each group's common shift of β; adding 1_g1_gᵀ there gives (H + J)⁻¹ = H⁺ + J⁺, and J⁺ meets
  // no gradient (each sums to zero within its group): the sandwich of the centred ratings, exactly.
  const Hreg = H.slice();
  for (let i = 0; i < p; i++)
    for (let j = 0; j < p; j++) if (fit.group[i] >= 0 && fit.group[i] === fit.group[j]) Hreg[i * D + j] += 1;
  // A planner outside the fit (absent from a replicate): a unit on its diagonal keeps the system definite.
  for (let i = 0; i < p; i++) if (fit.group[i] < 0) Hreg[i * D + i] = 1;
  const Hinv = inverseSpd(Hreg, D);
  const yBar = ySum.map((v) => v / n),
    fBar = fSum.map((v) => v / n),
    uBar = N > 0 ? uSum.map((v) => v / N) : uSum;
  let unitsL = 0,
    unitsU = 0;
  for (let u = 0; u < set.units; u++) {
    let hasL = false,
      hasU = false;
    for (let i = d.first[u]; i < d.first[u + 1]; i++) {
      if (d.order[i] < labelled) hasL = true;
      else hasU = true;
    }
    if (hasL) unitsL++;
    if (hasU) unitsU++;
  }
  const kL = Math.sqrt(unitsL / (unitsL - 1)) / n,
    kU = unitsU > 1 ? Math.sqrt(unitsU / (unitsU - 1)) / N : 0;
  const Vpp = new Float64Array(D * D),
    Vpq = new Float64Array(D * D),
    Vqq = new Float64Array(D * D);
  const pu = new Float64Array(D),
    qu = new Float64Array(D);
  for (let u = 0; u < set.units; u++) {
    if (d.first[u] === d.first[u + 1]) continue;
    pu.fill(0);
    qu.fill(0);
    let nu = 0,
      Nu = 0;
    for (let i = d.first[u]; i < d.first[u + 1]; i++) {
      const r = d.order[i];
      const w = set.weight[r];
      if (r < labelled) {
        nu += w;
        addTo(pu, r, kL * w * (mu[r] - label(set.outcome[r])));
        addTo(qu, r, kL * w * (mu[r] - label(judgeOnLabelled[r])));
      } else {
        Nu += w;
        addTo(qu, r, -kU * w * (mu[r] - label(set.outcome[r])));
      }
    }
    for (let j = 0; j < D; j++) {
      pu[j] -= kL * nu * yBar[j];
      qu[j] -= kL * nu * fBar[j] - kU * Nu * uBar[j];
    }
    for (let i = 0; i < D; i++) {
      const pi = pu[i],
        qi = qu[i];
      for (let j = 0; j < D; j++) {
        Vpp[i * D + j] += pi * pu[j];
        Vpq[i * D + j] += pi * qu[j];
        Vqq[i * D + j] += qi * qu[j];
      }
    }
  }
  return { H, Hinv, Vpp, Vpq, Vqq, D, n, N, unitsL, unitsU };
}

/**
 * λ̂ minimizing Tr(P Ĥ⁻¹ V(λ) Ĥ⁻¹ P) over the ratings' coordinates P: a quadratic in λ, so
 * λ̂ = Tr(M (Vpq + Vqp)/2) / Tr(M Vqq) with M = Ĥ⁻¹ P Ĥ⁻¹ (unclipped; NaN when the judge's gradients do not vary).
 */
function lambdaFrom(parts: ReturnType<typeof sandwichParts>, p: number): number {
  const { Hinv, Vpq, Vqq, D } = parts;
  if (!Hinv) return NaN;
  let num = 0,
    den = 0;
  for (let i = 0; i < D; i++)
    for (let j = 0; j < D; j++) {
      let m = 0;
      for (let k = 0; k < p; k++) m += Hinv[i * D + k] * Hinv[k * D + j];
      num += m * (Vpq[j * D + i] + Vpq[i * D + j]) * 0.5;
      den += m * Vqq[j * D + i];
    }
  return den > 0 ? num / den : NaN;
}

/** Σ̂ = Ĥ⁻¹ V(λ) Ĥ⁻¹ (D × D), null when Ĥ is singular. */
function covariance(parts: ReturnType<typeof sandwichParts>, lambda: number): Float64Array | null {
  const { Hinv, Vpp, Vpq, Vqq, D } = parts;
  if (!Hinv) return null;
  const V = new Float64Array(D * D);
  for (let i = 0; i < D; i++)
    for (let j = 0; j < D; j++)
      V[i * D + j] = Vpp[i * D + j] - lambda * (Vpq[i * D + j] + Vpq[j * D + i]) + lambda * lambda * Vqq[i * D + j];
  const T = new Float64Array(D * D);
  for (let i = 0; i < D; i++)
    for (let k = 0; k < D; k++) {
      const h = Hinv[i * D + k];
      if (h === 0) continue;
      for (let j = 0; j < D; j++) T[i * D + j] += h * V[k * D + j];
    }
  const S = new Float64Array(D * D);
  for (let i = 0; i < D; i++)
    for (let k = 0; k < D; k++) {
      const t = T[i * D + k];
      if (t === 0) continue;
      for (let j = 0; j < D; j++) S[i * D + j] += t * Hinv[k * D + j];
    }
  return S;
}

export interface PredictionPoweredOptions {
  /** λ fixed in [0, 1] (0: experts only; 1: PPI without power tuning); default the estimated λ̂, clipped. */
  lambda?: number;
  /** Style control: the same rectification on the style-augmented fit (needs the battles' covariates). */
  style?: boolean;
  /** Percentile intervals from this many replicates resampling units (requests), at the full data's λ̂; 0: sandwich. */
  bootstrap?: number;
  seed?: number;
  anchor?: { model: string; rating: number };
  onReplicate?: (done: number) => void;
}

export interface PredictionPoweredRow {
  model: string;
  rating: number;
  ci95: [number, number];
  rank: number;
  /** The λ = 0 fit on the experts' battles alone, with its interval of the same kind. */
  expertsOnly: { rating: number; ci95: [number, number] };
  /** Expert battles (and their outcomes), and the judge's other battles, of this planner. */
  battles: number;
  wins: number;
  losses: number;
  ties: number;
  judgeBattles: number;
  group: number;
}

export interface PredictionPoweredLeaderboard {
  models: PredictionPoweredRow[];
  /** The λ used; `lambdaEstimate` the plug-in λ̂ before clipping (null when λ was given). */
  lambda: number;
  lambdaEstimate: number | null;
  /** Expert-labelled battles (n) and the judge's other battles (N) in the fit. */
  labelled: number;
  judgeBattles: number;
  /** Σ widths² experts-only / Σ widths² prediction-powered over the rated planners: how many times the experts' battles the interval is worth. */
  effectiveSampleRatio: number;
  intervals: "sandwich" | "bootstrap";
  bootstrap: { replicates: number; seed: number; units: number; unconverged: number } | null;
  style: { name: StyleCovariate; coefficient: number; se: number | null }[] | null;
  anchor: { model: string; rating: number } | null;
  unbounded: string[];
  groups: number;
  gradientNorm: number;
}

const groupOrder = (g: number) => (g < 0 ? Infinity : g);

/** Ratings (Elo) of a fit, shifted so the anchor has its rating within its group. */
function ratingsOf(fit: BtFit, anchor: { index: number; rating: number } | null): Float64Array {
  const out = Float64Array.from(fit.beta, elo);
  if (!anchor) return out;
  const shift = anchor.rating - out[anchor.index];
  for (let i = 0; i < out.length; i++) if (fit.group[i] === fit.group[anchor.index]) out[i] += shift;
  return out;
}

/** 95 % sandwich intervals of the ratings (of the gap to the anchor, within its group). */
function sandwichIntervals(
  ratings: Float64Array,
  S: Float64Array | null,
  D: number,
  fit: BtFit,
  anchor: { index: number; rating: number } | null,
  ok: boolean,
): [number, number][] {
  return Array.from(ratings, (r, i): [number, number] => {
    if (!S || !ok || !Number.isFinite(r)) return [NaN, NaN];
    let v = S[i * D + i];
    if (anchor && fit.group[i] === fit.group[anchor.index]) {
      const a = anchor.index;
      v = S[i * D + i] + S[a * D + a] - 2 * S[i * D + a];
    }
    const half = Z95 * ELO_SCALE * Math.sqrt(Math.max(0, v));
    return [r - half, r + half];
  });
}

export function predictionPoweredLeaderboard(
  pp: PredictionPoweredBattles,
  opts: PredictionPoweredOptions = {},
): PredictionPoweredLeaderboard {
  const { set, labelled } = pp;
  const p = set.models.length;
  if (opts.lambda !== undefined && !(opts.lambda >= 0 && opts.lambda <= 1))
    throw new PredictionPoweredInputError(`λ must be between 0 and 1, not ${opts.lambda}`);
  let anchor: { index: number; rating: number } | null = null;
  if (opts.anchor) {
    const index = set.models.indexOf(opts.anchor.model);
    if (index < 0) throw new PredictionPoweredInputError(`anchor: no planner "${opts.anchor.model}"`);
    anchor = { index, rating: opts.anchor.rating };
  }
  const d = design(pp, Boolean(opts.style));
  const K = d.keep.length;
  // PPI++ as ppi_py's point estimate runs it: the fit at λ = 1, λ̂ from the gradients there, the fit at λ̂.
  let lambda: number;
  let lambdaEstimate: number | null = null;
  if (opts.lambda !== undefined) lambda = opts.lambda;
  else {
    const start = rectifiedFit(pp, d, 1, null);
    if (!fitUsable(start)) throw new Error("the prediction-powered fit at λ = 1 failed: no λ̂ to estimate");
    lambdaEstimate = lambdaFrom(sandwichParts(pp, d, start, "all"), p);
    lambda = Number.isFinite(lambdaEstimate) ? Math.min(1, Math.max(0, lambdaEstimate)) : 0;
  }
  const fit = rectifiedFit(pp, d, lambda, null);
  const experts = lambda === 0 ? fit : rectifiedFit(pp, d, 0, null);
  if (!fitUsable(fit) || !fitUsable(experts)) throw new Error("the prediction-powered Bradley–Terry fit failed");
  const ratings = ratingsOf(fit, anchor);
  const expertRatings = ratingsOf(experts, anchor);
  const parts = sandwichParts(pp, d, fit, lambda === 0 ? "labelled" : "all");
  const expertParts = lambda === 0 ? parts : sandwichParts(pp, d, experts, "labelled");
  const D = p + K;
  const S = covariance(parts, lambda);
  const SE = lambda === 0 ? S : covariance(expertParts, 0);
  let intervals = sandwichIntervals(ratings, S, D, fit, anchor, parts.unitsL > 1);
  let expertIntervals = sandwichIntervals(expertRatings, SE, D, experts, anchor, parts.unitsL > 1);
  let bootstrap: PredictionPoweredLeaderboard["bootstrap"] = null;
  const replicates = opts.bootstrap ?? 0;
  if (replicates > 0) {
    const seed = opts.seed ?? 1;
    const rng = seededRandom(seed);
    const samples = Array.from({ length: p }, () => new Float64Array(replicates));
    const expertSamples = Array.from({ length: p }, () => new Float64Array(replicates));
    const mult = new Float64Array(set.units);
    const ones = new Float64Array(set.units).fill(1);
    let unconverged = 0;
    for (let r = 0; r < replicates; r++) {
      multinomial(rng, set.units, ones, mult);
      const f = rectifiedFit(pp, d, lambda, mult, fit);
      const e = lambda === 0 ? f : rectifiedFit(pp, d, 0, mult, experts);
      const usable = fitUsable(f) && fitUsable(e) && f.groups === fit.groups && e.groups === experts.groups;
      if (!usable) unconverged++;
      const rf = ratingsOf(f, anchor),
        re = ratingsOf(e, anchor);
      for (let i = 0; i < p; i++) {
        samples[i][r] = usable ? rf[i] : NaN;
        expertSamples[i][r] = usable ? re[i] : NaN;
      }
      opts.onReplicate?.(r + 1);
    }
    const interval = (v: Float64Array): [number, number] => {
      const finite = v.filter(Number.isFinite);
      return finite.length ? percentileInterval(finite) : [NaN, NaN];
    };
    intervals = samples.map(interval);
    expertIntervals = expertSamples.map(interval);
    bootstrap = { replicates, seed, units: set.units, unconverged };
  }
  let wideE = 0,
    wideP = 0;
  for (let i = 0; i < p; i++) {
    if (anchor && i === anchor.index) continue;
    const we = expertIntervals[i][1] - expertIntervals[i][0],
      wp = intervals[i][1] - intervals[i][0];
    if (Number.isFinite(we) && Number.isFinite(wp)) {
      wideE += we * we;
      wideP += wp * wp;
    }
  }
  const tally = Array.from({ length: p }, () => ({ battles: 0, wins: 0, losses: 0, ties: 0, judgeBattles: 0 }));
  const credit = new Float64Array(p * p);
  for (let r = 0; r < set.size; r++) {
    const w = set.weight[r],
      ta = tally[set.a[r]],
      tb = tally[set.b[r]];
    if (r >= labelled) {
      ta.judgeBattles += w;
      tb.judgeBattles += w;
      continue;
    }
    ta.battles += w;
    tb.battles += w;
    const o = set.outcome[r];
    if (o === A_WINS) [ta.wins, tb.losses] = [ta.wins + w, tb.losses + w];
    else if (o === B_WINS) [tb.wins, ta.losses] = [tb.wins + w, ta.losses + w];
    else [ta.ties, tb.ties] = [ta.ties + w, tb.ties + w];
    const ca = creditA(o) * w;
    credit[set.a[r] * p + set.b[r]] += ca;
    credit[set.b[r] * p + set.a[r]] += 2 * w - ca;
  }
  // FastChat's rank within each group: 1 + the planners whose lower bound is above this one's upper bound.
  const rank = intervals.map(
    ([, hi], i) =>
      1 + intervals.filter(([lo], j) => j !== i && experts.group[j] === experts.group[i] && lo > hi).length,
  );
  const models: PredictionPoweredRow[] = set.models
    .map((model, i) => ({
      model,
      rating: ratings[i],
      ci95: intervals[i],
      rank: rank[i],
      expertsOnly: { rating: expertRatings[i], ci95: expertIntervals[i] },
      ...tally[i],
      group: experts.group[i],
    }))
    .sort((u, v) => groupOrder(u.group) - groupOrder(v.group) || v.rating - u.rating || (u.model < v.model ? -1 : 1));
  const style =
    K > 0
      ? d.keep.map((k, j) => ({
          name: STYLE_COVARIATES[k],
          coefficient: fit.gamma[j],
          se: S && !bootstrap ? Math.sqrt(Math.max(0, S[(p + j) * D + p + j])) : null,
        }))
      : null;
  return {
    models,
    lambda,
    lambdaEstimate,
    labelled: parts.n,
    judgeBattles: parts.N,
    effectiveSampleRatio: wideP > 0 ? wideE / wideP : NaN,
    intervals: bootstrap ? "bootstrap" : "sandwich",
    bootstrap,
    style,
    anchor: anchor ? { model: set.models[anchor.index], rating: anchor.rating } : null,
    unbounded: unboundedModels(credit, p).map((i) => set.models[i]),
    groups: experts.groups,
    gradientNorm: fit.gradientNorm,
  };
}

/** The experts' battles alone (the set's first `labelled` rows), e.g. for their win table. */
export function expertBattles(pp: PredictionPoweredBattles): BattleSet {
  const { set, labelled: n } = pp;
  const K2 = 2 * STYLE_COVARIATES.length;
  return {
    ...set,
    size: n,
    a: set.a.slice(0, n),
    b: set.b.slice(0, n),
    outcome: set.outcome.slice(0, n),
    weight: set.weight.slice(0, n),
    unit: set.unit.slice(0, n),
    left: set.left.slice(0, n),
    style: set.style ? set.style.slice(0, n * K2) : null,
  };
}
