/**
 * The most informative pair next: A-optimal design for the Bradley–Terry ratings. At the current fit, the score of a
 * pair of planners is how much one more battle of theirs is expected to shrink the sum of the planners' rating
 * variances (the trace of the ratings' covariance, Elo points squared). The covariance is the sandwich
 * H⁺ Ω H⁺ (H the Hessian of the fit's credit likelihood, Ω the sum of the battles' squared scores; robust to ties and
 * to FastChat's counting a battle twice), or the Fisher information's inverse for one Bernoulli trial a battle.
 * Ratings are centred within their group of connected planners, so H⁺ is the pseudo-inverse per group.
 *
 * One battle of (a, b) adds h·xxᵀ to H and, in expectation, ω·xxᵀ to Ω (x = e_a − e_b, h = 2·ln²10·s(1 − s),
 * ω = ln²10·ρ·4s(1 − s), ρ the battles' observed dispersion against the model's, s = P(a beats b) at the fit).
 * With G = H⁺, S = GΩG, u = Gx, k = xᵀu, α = h / (1 + hk): the new covariance is
 * S − α(u·(Sx)ᵀ + Sx·uᵀ) + (α²·xᵀSx + ω(1 − αk)²)·uuᵀ, so the score is 2α·xᵀGSx − (α²·xᵀSx + ω(1 − αk)²)·xᵀG²x,
 * O(1) per pair once G, S, GS and G² are known; `assumeBattle` updates them in O(q²) for a batch of picks at one fit.
 * replay_reference.py computes the same scores by pseudo-inverses of the updated matrices.
 */
import { fitBradleyTerry, type BtFit, type Observations } from "./bradley-terry";

const LN10 = Math.log(10);
const C2 = LN10 * LN10;
/** Variance in β to variance in Elo points. */
const ELO2 = 400 * 400;

/** Battles per unordered pair of planners, enough for the fit and the sandwich. Entries at i·p + j, i < j. */
export interface PairTally {
  p: number;
  /** Battles of the pair. */
  n: Float64Array;
  /** Credits the pair's first planner (i) earned: 2 a win, 1 a tie. */
  credit: Float64Array;
  /** The squares of those credits, battle by battle, summed. */
  creditSq: Float64Array;
}

export function pairTally(p: number): PairTally {
  return { p, n: new Float64Array(p * p), credit: new Float64Array(p * p), creditSq: new Float64Array(p * p) };
}

/** One battle of a against b, `creditA` the credit a earned (2 a win, 1 a tie, 0 a loss). */
export function tallyBattle(t: PairTally, a: number, b: number, creditA: number) {
  if (a === b) throw new Error("tallyBattle: a planner against itself");
  const c = a < b ? creditA : 2 - creditA;
  const at = Math.min(a, b) * t.p + Math.max(a, b);
  t.n[at]++;
  t.credit[at] += c;
  t.creditSq[at] += c * c;
}

/** The tally as the fit's observations: one per pair that met. */
function observations(t: PairTally): Observations {
  const a: number[] = [],
    b: number[] = [],
    wA: number[] = [],
    wB: number[] = [];
  for (let i = 0; i < t.p; i++)
    for (let j = i + 1; j < t.p; j++) {
      const at = i * t.p + j;
      if (!t.n[at]) continue;
      a.push(i);
      b.push(j);
      wA.push(t.credit[at]);
      wB.push(2 * t.n[at] - t.credit[at]);
    }
  return { a: Int32Array.from(a), b: Int32Array.from(b), wA: Float64Array.from(wA), wB: Float64Array.from(wB) };
}

/** The plain Bradley–Terry fit of the tally (FastChat's credits), warm-started from `init`. */
export function fitTally(t: PairTally, init?: BtFit): BtFit {
  return fitBradleyTerry(observations(t), t.p, init ? { init } : {});
}

export type CovarianceKind = "sandwich" | "fisher";

/** The ratings' covariance at one fit, kept in the form the scores need. Matrices are q × q over the rated planners. */
export interface Design {
  p: number;
  kind: CovarianceKind;
  beta: Float64Array;
  group: Int32Array;
  /** Per planner its row in the matrices, −1 for a planner without battles. */
  slot: Int32Array;
  q: number;
  G: Float64Array;
  S: Float64Array;
  GS: Float64Array;
  G2: Float64Array;
  /** Observed dispersion: Σ (credit − 2s)² over Σ 4s(1 − s); 1 for Fisher. Below 1 with ties. */
  rho: number;
  /** Per group, 1 when its Hessian could not be inverted (a planner whose rating has no finite maximum). */
  singular: Uint8Array;
}

function win(beta: Float64Array, a: number, b: number): number {
  return 1 / (1 + Math.exp(-LN10 * (beta[a] - beta[b])));
}

/** Adds w·(e_i − e_j)(e_i − e_j)ᵀ to a q × q matrix. */
function addLaplacian(M: Float64Array, q: number, i: number, j: number, w: number) {
  M[i * q + i] += w;
  M[j * q + j] += w;
  M[i * q + j] -= w;
  M[j * q + i] -= w;
}

function multiply(A: Float64Array, B: Float64Array, q: number): Float64Array {
  const out = new Float64Array(q * q);
  for (let i = 0; i < q; i++)
    for (let k = 0; k < q; k++) {
      const x = A[i * q + k];
      if (x === 0) continue;
      for (let j = 0; j < q; j++) out[i * q + j] += x * B[k * q + j];
    }
  return out;
}

/** The inverse of a symmetric positive-definite n × n matrix by Cholesky; null when it is not positive definite. */
function invertSpd(A: Float64Array, n: number): Float64Array | null {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j];
      for (let k = 0; k < j; k++) s -= L[i * n + k] * L[j * n + k];
      if (i === j) {
        if (!(s > 1e-300)) return null;
        L[i * n + i] = Math.sqrt(s);
      } else L[i * n + j] = s / L[j * n + j];
    }
  // L⁻¹, then (L⁻¹)ᵀ L⁻¹.
  const Li = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    Li[j * n + j] = 1 / L[j * n + j];
    for (let i = j + 1; i < n; i++) {
      let s = 0;
      for (let k = j; k < i; k++) s -= L[i * n + k] * Li[k * n + j];
      Li[i * n + j] = s / L[i * n + i];
    }
  }
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < n; k++) s += Li[k * n + i] * Li[k * n + j];
      out[i * n + j] = out[j * n + i] = s;
    }
  return out;
}

/** The covariance of the ratings of `fit` (a fit of `t`, `fitTally`) and what the scores need. O(q³). */
export function designAt(t: PairTally, fit: BtFit, kind: CovarianceKind = "sandwich"): Design {
  const p = t.p;
  const slot = new Int32Array(p).fill(-1);
  const rated: number[] = [];
  for (let m = 0; m < p; m++) if (fit.group[m] >= 0) slot[m] = rated.push(m) - 1;
  const q = rated.length;
  const H = new Float64Array(q * q),
    Om = new Float64Array(q * q);
  let squares = 0,
    expected = 0;
  for (let i = 0; i < p; i++)
    for (let j = i + 1; j < p; j++) {
      const at = i * p + j;
      const n = t.n[at];
      if (!n) continue;
      const s = win(fit.beta, i, j);
      const v = s * (1 - s);
      // Σ over the pair's battles of (credit − 2s)², from the sums kept.
      const r2 = Math.max(0, t.creditSq[at] - 4 * s * t.credit[at] + 4 * s * s * n);
      addLaplacian(H, q, slot[i], slot[j], 2 * n * C2 * v);
      addLaplacian(Om, q, slot[i], slot[j], C2 * r2);
      squares += r2;
      expected += 4 * n * v;
    }
  // G = H⁺ group by group: (H_g + 11ᵀ/q_g)⁻¹ − 11ᵀ/q_g, the covariance of ratings centred within the group.
  const G = new Float64Array(q * q);
  const singular = new Uint8Array(Math.max(fit.groups, 0));
  for (let g = 0; g < fit.groups; g++) {
    const members: number[] = [];
    for (let u = 0; u < q; u++) if (fit.group[rated[u]] === g) members.push(u);
    const k = members.length;
    const M = new Float64Array(k * k);
    members.forEach((u, x) => members.forEach((v, y) => (M[x * k + y] = H[u * q + v] + 1 / k)));
    const inv = invertSpd(M, k);
    if (!inv) {
      singular[g] = 1;
      continue;
    }
    members.forEach((u, x) => members.forEach((v, y) => (G[u * q + v] = inv[x * k + y] - 1 / k)));
  }
  const G2 = multiply(G, G, q);
  let S: Float64Array, GS: Float64Array, rho: number;
  if (kind === "fisher") {
    // One Bernoulli trial a battle: information H/2, covariance 2G (the sandwich with Ω its expectation, ρ = 1).
    S = G.map((x) => 2 * x);
    GS = G2.map((x) => 2 * x);
    rho = 1;
  } else {
    S = multiply(multiply(G, Om, q), G, q);
    GS = multiply(G, S, q);
    rho = expected > 0 ? squares / expected : 1;
  }
  return {
    p,
    kind,
    beta: Float64Array.from(fit.beta),
    group: Int32Array.from(fit.group),
    slot,
    q,
    G,
    S,
    GS,
    G2,
    rho,
    singular,
  };
}

/** Each planner's rating variance in Elo points squared; Infinity for a planner without battles or not identified. */
export function ratingVariances(d: Design): Float64Array {
  const out = new Float64Array(d.p);
  for (let m = 0; m < d.p; m++) {
    const u = d.slot[m];
    out[m] = u < 0 || d.singular[d.group[m]] ? Infinity : ELO2 * Math.max(0, d.S[u * d.q + u]);
  }
  return out;
}

/** xᵀMx for x = e_u − e_v. */
function quad(M: Float64Array, q: number, u: number, v: number): number {
  return M[u * q + u] + M[v * q + v] - M[u * q + v] - M[v * q + u];
}

/**
 * What `battles` more battles of a and b mean for the design: h, ω and the pair's rows; null when they join groups.
 * m battles of one pair are one rank-one change of m·h and m·ω, so they are taken in one step.
 */
function pairTerms(d: Design, a: number, b: number, battles = 1) {
  const u = d.slot[a],
    v = d.slot[b];
  if (u < 0 || v < 0 || d.group[a] !== d.group[b] || d.singular[d.group[a]]) return null;
  const s = win(d.beta, a, b);
  const h = battles * 2 * C2 * s * (1 - s);
  const omega = battles * C2 * d.rho * 4 * s * (1 - s);
  const k = quad(d.G, d.q, u, v);
  const alpha = h / (1 + h * k);
  const b2 = alpha * alpha * quad(d.S, d.q, u, v) + omega * (1 - alpha * k) ** 2;
  return { u, v, k, alpha, b2 };
}

/**
 * The A-optimal score of one more battle between planners a and b: the expected fall of the sum of the planners'
 * rating variances, Elo points squared. Infinity for a pair that would rate a planner without battles or join two
 * groups of planners never compared (nothing is known of their gap until then).
 */
export function pairScore(d: Design, a: number, b: number): number {
  if (a === b) throw new Error("pairScore: a planner against itself");
  const t = pairTerms(d, a, b);
  if (!t) return Infinity;
  return ELO2 * (2 * t.alpha * quad(d.GS, d.q, t.u, t.v) - t.b2 * quad(d.G2, d.q, t.u, t.v));
}

/** The priority of each candidate pair of planners (indices into the fit's planners): `pairScore` of each. */
export function informativeness(d: Design, candidates: readonly (readonly [number, number])[]): Float64Array {
  return Float64Array.from(candidates, ([a, b]) => pairScore(d, a, b));
}

/**
 * Takes one more battle of a and b (or `battles` more) as given, at the design's fit and in expectation (no outcome):
 * the scores of a batch of picks between two fits (a greedy sequential design). O(q²) however many battles. Throws
 * for a pair whose score is Infinity: refit after such a battle instead.
 */
export function assumeBattle(d: Design, a: number, b: number, battles = 1) {
  const t = pairTerms(d, a, b, battles);
  if (!t) throw new Error("assumeBattle: a pair that joins groups or rates a new planner needs a new fit");
  const { q, G, S, GS, G2 } = d;
  const { u: iu, v: iv, alpha, b2 } = t;
  const col = (M: Float64Array) => {
    const out = new Float64Array(q);
    for (let r = 0; r < q; r++) out[r] = M[r * q + iu] - M[r * q + iv];
    return out;
  };
  const u = col(G),
    v = col(S);
  const times = (M: Float64Array, x: Float64Array) => {
    const out = new Float64Array(q);
    for (let r = 0; r < q; r++) {
      let s = 0;
      for (let c = 0; c < q; c++) s += M[r * q + c] * x[c];
      out[r] = s;
    }
    return out;
  };
  const w = times(G, u),
    z = times(G, v),
    y = times(S, u);
  let uu = 0,
    uv = 0;
  for (let r = 0; r < q; r++) {
    uu += u[r] * u[r];
    uv += u[r] * v[r];
  }
  // GS' = (G − αuuᵀ)(S − α(uvᵀ + vuᵀ) + b2·uuᵀ), expanded; then G², S and G in the same way.
  for (let r = 0; r < q; r++)
    for (let c = 0; c < q; c++) {
      const at = r * q + c;
      GS[at] +=
        -alpha * w[r] * v[c] -
        alpha * z[r] * u[c] +
        b2 * w[r] * u[c] -
        alpha * u[r] * y[c] +
        alpha * alpha * uu * u[r] * v[c] +
        (alpha * alpha * uv - alpha * b2 * uu) * u[r] * u[c];
      G2[at] += -alpha * (w[r] * u[c] + u[r] * w[c]) + alpha * alpha * uu * u[r] * u[c];
      S[at] += -alpha * (u[r] * v[c] + v[r] * u[c]) + b2 * u[r] * u[c];
      G[at] -= alpha * u[r] * u[c];
    }
}
