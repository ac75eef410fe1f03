/**
 * A bootstrap replicate's plain fit (no covariates, no scale): observations aggregated per pair of models, a
 * warm start from the full data's fit, full Newton steps while the gradient shrinks. A replicate is a
 * few hundred pairs and a few 20 × 20 Cholesky factorizations, so the work is kept in plain loops over
 * scratch arrays reused between replicates (no closures, no allocation per step): this is the bootstrap's
 * inner loop. Anything else (a step that does not shrink the gradient, a singular system) is handed to
 * `fitBradleyTerry` from the same start, so the answer is the same maximum either way.
 */
import { centre, fitBradleyTerry, GRADIENT_TOLERANCE, perModel, type BtFit, type Observations } from "./bradley-terry";

const LN10 = Math.log(10);

export function fitPairs(obs: Observations, p: number, init: BtFit, maxIterations = 100): BtFit {
  const n = obs.a.length;
  const { a, b, wA, wB } = obs;
  const s = scratch(p, n);
  const { index, ia, ib, parent } = s;
  index.fill(-1);
  for (let i = 0; i < n; i++)
    if (wA[i] + wB[i] > 0) {
      index[a[i]] = 0;
      index[b[i]] = 0;
    }
  let q = 0;
  for (let m = 0; m < p; m++) if (index[m] === 0) index[m] = q++;
  // Groups joined by pairs with credit (union–find, as groupsOf does, without its callback: this is per replicate).
  for (let i = 0; i < q; i++) parent[i] = i;
  for (let i = 0; i < n; i++) {
    ia[i] = index[a[i]];
    ib[i] = index[b[i]];
    if (!(wA[i] + wB[i] > 0)) continue;
    const u = root(parent, ia[i]),
      v = root(parent, ib[i]);
    if (u !== v) parent[Math.max(u, v)] = Math.min(u, v);
  }
  const groupOf = new Int32Array(q);
  const groupId = s.groupId;
  groupId.fill(-1);
  let groups = 0;
  for (let i = 0; i < q; i++) {
    const r = root(parent, i);
    if (groupId[r] < 0) groupId[r] = groups++;
    groupOf[i] = groupId[r];
  }
  const theta = new Float64Array(q);
  for (let m = 0; m < p; m++) if (index[m] >= 0 && Number.isFinite(init.beta[m])) theta[index[m]] = init.beta[m];
  centre(theta, q, groupOf, groups);
  const iterations = newton(theta, q, wA, wB, groupOf, s, maxIterations);
  if (iterations < 0) return fitBradleyTerry(obs, p, { init, maxIterations });
  centre(theta, q, groupOf, groups);
  const { beta, group } = perModel(theta, index, groupOf, p);
  return { beta, gamma: NO_COVARIATES, gradientNorm: s.norm, iterations, converged: true, group, groups };
}

const NO_COVARIATES = new Float64Array(0);

function root(parent: Int32Array, i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}

/**
 * Newton's method from `theta` (updated in place) to a gradient norm ≤ GRADIENT_TOLERANCE; the iterations
 * taken, or −1 when a step fails to shrink the gradient, the system is not definite or the limit is reached.
 */
function newton(
  theta: Float64Array,
  q: number,
  wA: Float64Array,
  wB: Float64Array,
  groupOf: Int32Array,
  s: Scratch,
  maxIterations: number,
): number {
  const { hess, L, y, trial } = s;
  let grad = s.grad,
    gradT = s.gradT;
  let norm = gradient(theta, grad, q, s, wA, wB);
  let iterations = 0;
  while (!(norm <= GRADIENT_TOLERANCE)) {
    if (iterations === maxIterations || !Number.isFinite(norm)) return -1;
    iterations++;
    // The Hessian at the current point (its lower triangle), from the σ the gradient left behind.
    hessian(hess, q, s, wA, wB);
    if (!cholesky(hess, q, groupOf, L)) return -1;
    // trial = θ − (H + Σ_groups 1ᵢ1ᵢᵀ)⁻¹ g: forward then backward substitution.
    for (let i = 0; i < q; i++) {
      let v = -grad[i];
      for (let k = 0; k < i; k++) v -= L[i * q + k] * y[k];
      y[i] = v / L[i * q + i];
    }
    for (let i = q - 1; i >= 0; i--) {
      let v = y[i];
      for (let k = i + 1; k < q; k++) v -= L[k * q + i] * trial[k];
      trial[i] = v / L[i * q + i];
    }
    for (let j = 0; j < q; j++) trial[j] += theta[j];
    const trialNorm = gradient(trial, gradT, q, s, wA, wB);
    if (!(trialNorm < norm)) return -1;
    for (let j = 0; j < q; j++) theta[j] = trial[j];
    const t = grad;
    grad = gradT;
    gradT = t;
    norm = trialNorm;
  }
  s.norm = norm;
  return iterations;
}

/**
 * The plain loss's gradient at t (into g) and its norm; σ per pair kept for the Hessian. σ of a pair is
 * e_u / (e_u + e_v) with e = 10^(t − max t): one exp per model, not per pair (the replicate's hottest loop).
 * Should a model's e underflow (ratings thousands of points apart), σ is taken per pair as the logistic.
 */
function gradient(t: Float64Array, g: Float64Array, q: number, s: Scratch, wA: Float64Array, wB: Float64Array): number {
  const { n, ia, ib, sigma, e } = s;
  let top = -Infinity;
  for (let j = 0; j < q; j++) if (t[j] > top) top = t[j];
  let perPair = !Number.isFinite(top);
  for (let j = 0; j < q; j++) {
    e[j] = Math.exp(LN10 * (t[j] - top));
    if (!(e[j] > 1e-280)) perPair = true;
  }
  g.fill(0);
  for (let i = 0; i < n; i++) {
    const w = wA[i] + wB[i];
    if (!(w > 0)) continue;
    const u = ia[i],
      v = ib[i];
    const sg = perPair ? 1 / (1 + Math.exp(-LN10 * (t[u] - t[v]))) : e[u] / (e[u] + e[v]);
    sigma[i] = sg;
    const r = LN10 * (wA[i] - w * sg);
    g[u] -= r;
    g[v] += r;
  }
  let norm = 0;
  for (let j = 0; j < q; j++) norm += g[j] * g[j];
  return Math.sqrt(norm);
}

/** The Hessian's lower triangle (all Cholesky reads) from σ per pair. */
function hessian(h: Float64Array, q: number, s: Scratch, wA: Float64Array, wB: Float64Array) {
  const { n, ia, ib, sigma } = s;
  h.fill(0);
  const c2 = LN10 * LN10;
  for (let i = 0; i < n; i++) {
    const w = wA[i] + wB[i];
    if (!(w > 0)) continue;
    const u = ia[i],
      v = ib[i];
    const c2h = c2 * w * sigma[i] * (1 - sigma[i]);
    h[u * q + u] += c2h;
    h[v * q + v] += c2h;
    if (u > v) h[u * q + v] -= c2h;
    else h[v * q + u] -= c2h;
  }
}

/**
 * L Lᵀ = H + Σ_groups 1ᵢ1ᵢᵀ (definite; see fitBradleyTerry) from H's lower triangle; false when it is not
 * positive definite.
 */
function cholesky(h: Float64Array, q: number, groupOf: Int32Array, L: Float64Array): boolean {
  for (let i = 0; i < q; i++) {
    const gi = groupOf[i];
    for (let j = 0; j <= i; j++) {
      let v = h[i * q + j] + (gi === groupOf[j] ? 1 : 0);
      for (let k = 0; k < j; k++) v -= L[i * q + k] * L[j * q + k];
      if (i === j) {
        if (!(v > 0)) return false;
        L[i * q + i] = Math.sqrt(v);
      } else L[i * q + j] = v / L[j * q + j];
    }
  }
  return true;
}

/** fitPairs' scratch arrays, kept between calls of the same size (a bootstrap's replicates). */
interface Scratch {
  p: number;
  n: number;
  index: Int32Array;
  parent: Int32Array;
  groupId: Int32Array;
  ia: Int32Array;
  ib: Int32Array;
  sigma: Float64Array;
  e: Float64Array;
  grad: Float64Array;
  gradT: Float64Array;
  hess: Float64Array;
  L: Float64Array;
  y: Float64Array;
  trial: Float64Array;
  norm: number;
}
let kept: Scratch | null = null;
function scratch(p: number, n: number): Scratch {
  if (kept && kept.p === p && kept.n === n) return kept;
  // Sized for all p models (a replicate fits the q ≤ p present ones).
  const q = p;
  kept = {
    p,
    n,
    index: new Int32Array(p),
    parent: new Int32Array(p),
    groupId: new Int32Array(p),
    ia: new Int32Array(n),
    ib: new Int32Array(n),
    sigma: new Float64Array(n),
    e: new Float64Array(p),
    grad: new Float64Array(q),
    gradT: new Float64Array(q),
    hess: new Float64Array(q * q),
    L: new Float64Array(q * q),
    y: new Float64Array(q),
    trial: new Float64Array(q),
    norm: NaN,
  };
  return kept;
}
