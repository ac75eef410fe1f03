/**
 * Bradley–Terry on the Elo scale, as FastChat's `compute_mle_elo` defines it: P(a beats b) =
 * 1 / (1 + 10^((r_b − r_a)/400)); a win counts 2 for its side and a tie 1 for each; no
 * regularization; ratings centred on 1000. Optional covariates (style control) enter the same logit:
 * logit P(a beats b) = ln10·(β_a − β_b) + γ·x. Solved by Newton's method to a gradient norm ≤ 1e-9
 * (FastChat stops L-BFGS at 1e-6, which leaves ratings off by up to a few hundredths of a point).
 */
import { solveSpd } from "../../kernel";

export const ELO_SCALE = 400;
export const ELO_CENTRE = 1000;
const LN10 = Math.log(10);
export const GRADIENT_TOLERANCE = 1e-9;

/**
 * What a fit sees: observations of (a, b) with the credit each side earned (2 a win, 1 a tie) and, for
 * style control, K covariates per observation (row-major).
 */
export interface Observations {
  a: Int32Array;
  b: Int32Array;
  wA: Float64Array;
  wB: Float64Array;
  x?: Float64Array;
  k?: number;
}

export interface BtFit {
  /** β per model on the natural scale (log10 odds), mean 0 over the models that took part; NaN for the others. */
  beta: Float64Array;
  /** Covariate coefficients (per unit of each covariate, natural-log odds). */
  gamma: Float64Array;
  gradientNorm: number;
  iterations: number;
  converged: boolean;
  /**
   * Per model, its group: planners connected by battles (directly or through others), numbered from 0 in
   * order of their first planner; −1 for a model without battles. Ratings compare only within a group.
   */
  group: Int32Array;
  groups: number;
}

function softplus(v: number): number {
  return v > 0 ? v + Math.log1p(Math.exp(-v)) : Math.log1p(Math.exp(v));
}

/** Rating on the Elo scale of β. */
export function elo(beta: number): number {
  return ELO_SCALE * beta + ELO_CENTRE;
}

/**
 * Maximum-likelihood fit over `p` models. `scale[i]` multiplies observation i's credits (a bootstrap
 * replicate's multiplicities) without copying the observations. `init` warm-starts (a replicate
 * starts from the full data's fit).
 */
export function fitBradleyTerry(
  obs: Observations,
  p: number,
  opts: { scale?: Float64Array; init?: BtFit; maxIterations?: number } = {},
): BtFit {
  const K = obs.k ?? 0;
  const x = obs.x;
  const n = obs.a.length;
  const scale = opts.scale;
  // Models with no credit at all (absent from a replicate) are left out of the system.
  const weightOf = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    const w = (obs.wA[i] + obs.wB[i]) * (scale ? scale[i] : 1);
    weightOf[obs.a[i]] += w;
    weightOf[obs.b[i]] += w;
  }
  const index = new Int32Array(p).fill(-1);
  let q = 0;
  for (let m = 0; m < p; m++) if (weightOf[m] > 0) index[m] = q++;
  // Groups of planners joined by battles with credit. Battles say nothing about how one group compares with
  // another: the likelihood is flat along each group's common shift, so the maximum is not unique and one
  // "mean 0 over everyone" constraint does not pin it (the Newton system is singular and the fit used to stop
  // where it started, every planner at 1000). Each group is centred on its own mean instead: the maximum
  // likelihood within every group, exactly, and no invented comparison between groups (a ridge or prior
  // would make the fit unique only by asserting that the groups are equally strong on average).
  const { groupOf, groups } = groupsOf(q, obs, index, (i) => (obs.wA[i] + obs.wB[i]) * (scale ? scale[i] : 1) > 0);
  const d = q + K;
  const theta = new Float64Array(d);
  if (opts.init) {
    for (let m = 0; m < p; m++)
      if (index[m] >= 0 && Number.isFinite(opts.init.beta[m])) theta[index[m]] = opts.init.beta[m];
    for (let j = 0; j < K; j++) theta[q + j] = opts.init.gamma[j] ?? 0;
    centre(theta, q, groupOf, groups);
  }
  let grad = new Float64Array(d);
  let hess = new Float64Array(d * d);
  let gradT = new Float64Array(d);
  let hessT = new Float64Array(d * d);
  const trial = new Float64Array(d);

  const loss = (t: Float64Array): number => {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const s = scale ? scale[i] : 1;
      // Rows without credit (a pair absent from a replicate) carry nothing, and may name a model left out. A row
      // whose credits cancel (wA = −wB ≠ 0: the prediction-powered rectifier at λ = 1) still adds its linear term.
      if (s === 0 || (obs.wA[i] === 0 && obs.wB[i] === 0)) continue;
      const eta = logit(t, i);
      // wA·softplus(−η) + wB·softplus(η), with softplus(η) = softplus(−η) + η: one exp and one log.
      total += s * ((obs.wA[i] + obs.wB[i]) * softplus(-eta) + obs.wB[i] * eta);
    }
    return total;
  };
  function logit(t: Float64Array, i: number): number {
    let eta = LN10 * (t[index[obs.a[i]]] - t[index[obs.b[i]]]);
    for (let j = 0; j < K; j++) eta += t[q + j] * x![i * K + j];
    return eta;
  }
  // Per observation, the model's places and the total credit (scaled), once: every pass below reads them.
  const ia = new Int32Array(n),
    ib = new Int32Array(n),
    both = new Float64Array(n),
    credA = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const sc = scale ? scale[i] : 1;
    ia[i] = index[obs.a[i]];
    ib[i] = index[obs.b[i]];
    credA[i] = sc * obs.wA[i];
    both[i] = sc * (obs.wA[i] + obs.wB[i]);
  }
  // The covariates' block of the Hessian and each model's cross terms, summed apart and placed after the pass
  // (fewer scattered writes per observation than adding into the d × d matrix).
  const xx = new Float64Array(K * K),
    cross = new Float64Array(q * K);
  const derivatives = (t: Float64Array, grad: Float64Array, hess: Float64Array): number => {
    grad.fill(0);
    hess.fill(0);
    xx.fill(0);
    cross.fill(0);
    for (let i = 0; i < n; i++) {
      const tot = both[i];
      if (tot === 0 && credA[i] === 0) continue;
      const u = ia[i],
        v = ib[i];
      let eta = LN10 * (t[u] - t[v]);
      const row = i * K;
      for (let j = 0; j < K; j++) eta += t[q + j] * x![row + j];
      const s = 1 / (1 + Math.exp(-eta));
      const r = credA[i] - tot * s;
      const h = tot * s * (1 - s);
      grad[u] -= LN10 * r;
      grad[v] += LN10 * r;
      const c2h = LN10 * LN10 * h;
      hess[u * d + u] += c2h;
      hess[v * d + v] += c2h;
      hess[u * d + v] -= c2h;
      hess[v * d + u] -= c2h;
      for (let j = 0; j < K; j++) {
        const xj = x![row + j];
        grad[q + j] -= r * xj;
        const hx = h * xj;
        cross[u * K + j] += hx;
        cross[v * K + j] -= hx;
        for (let l = j; l < K; l++) xx[j * K + l] += hx * x![row + l];
      }
    }
    for (let m = 0; m < q; m++)
      for (let j = 0; j < K; j++) {
        const c = LN10 * cross[m * K + j];
        hess[m * d + q + j] += c;
        hess[(q + j) * d + m] += c;
      }
    for (let j = 0; j < K; j++)
      for (let l = j; l < K; l++) {
        hess[(q + j) * d + q + l] += xx[j * K + l];
        if (l !== j) hess[(q + l) * d + q + j] += xx[j * K + l];
      }
    let norm = 0;
    for (let j = 0; j < d; j++) norm += grad[j] * grad[j];
    return Math.sqrt(norm);
  };

  const maxIterations = opts.maxIterations ?? 100;
  let current = NaN;
  let gradientNorm = derivatives(theta, grad, hess);
  let iterations = 0;
  let lossKnown = false;
  while (gradientNorm > GRADIENT_TOLERANCE && iterations < maxIterations) {
    iterations++;
    // The likelihood does not move when a group's β shift together: adding 1ᵢ1ᵢᵀ to the β block of each
    // group makes the system definite and keeps the step's β summing to zero within each group (the
    // gradient's β part already does).
    for (let i = 0; i < q; i++) for (let j = 0; j < q; j++) if (groupOf[i] === groupOf[j]) hess[i * d + j] += 1;
    for (let j = 0; j < d; j++) grad[j] = -grad[j];
    const step = solveSpd(hess, grad, d);
    if (!step) break;
    // A full Newton step whose gradient is smaller is taken without evaluating the loss (near the optimum,
    // as from a bootstrap replicate's warm start, the loss is flat to rounding and the gradient is what
    // tells progress); otherwise the step is halved while it raises the loss beyond rounding.
    for (let j = 0; j < d; j++) trial[j] = theta[j] + step[j];
    const trialNorm = derivatives(trial, gradT, hessT);
    if (trialNorm < gradientNorm) {
      theta.set(trial);
      [grad, gradT] = [gradT, grad];
      [hess, hessT] = [hessT, hess];
      gradientNorm = trialNorm;
      lossKnown = false;
      continue;
    }
    if (!lossKnown) current = loss(theta);
    let t = 1;
    let accepted = false;
    for (let halvings = 0; halvings < 40; halvings++, t /= 2) {
      for (let j = 0; j < d; j++) trial[j] = theta[j] + t * step[j];
      const next = loss(trial);
      if (next <= current + 1e-12 * Math.max(1, Math.abs(current))) {
        theta.set(trial);
        current = next;
        accepted = true;
        break;
      }
    }
    if (!accepted) break;
    lossKnown = true;
    gradientNorm = derivatives(theta, grad, hess);
  }
  centre(theta, q, groupOf, groups);
  const { beta, group } = perModel(theta, index, groupOf, p);
  // NaN (a loss that could not be evaluated) is never "converged".
  return {
    beta,
    gamma: theta.slice(q),
    gradientNorm,
    iterations,
    converged: gradientNorm <= GRADIENT_TOLERANCE,
    group,
    groups,
  };
}

/**
 * Groups of the `q` models taking part (`index`: model → its place, or −1) joined by the observations `joins`
 * admits, by union–find: a group's ratings compare with each other only.
 */
function groupsOf(
  q: number,
  obs: Pick<Observations, "a" | "b">,
  index: Int32Array,
  joins: (i: number) => boolean,
): { groupOf: Int32Array; groups: number } {
  const parent = Int32Array.from({ length: q }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let i = 0; i < obs.a.length; i++)
    if (joins(i)) {
      const u = root(index[obs.a[i]]),
        v = root(index[obs.b[i]]);
      if (u !== v) parent[Math.max(u, v)] = Math.min(u, v);
    }
  const groupOf = new Int32Array(q);
  const groupId = new Int32Array(q).fill(-1);
  let groups = 0;
  for (let i = 0; i < q; i++) {
    const r = root(i);
    if (groupId[r] < 0) groupId[r] = groups++;
    groupOf[i] = groupId[r];
  }
  return { groupOf, groups };
}

/** β and group per model (NaN and −1 for models that took no part). */
export function perModel(theta: Float64Array, index: Int32Array, groupOf: Int32Array, p: number) {
  const beta = new Float64Array(p).fill(NaN);
  const group = new Int32Array(p).fill(-1);
  for (let m = 0; m < p; m++)
    if (index[m] >= 0) {
      beta[m] = theta[index[m]];
      group[m] = groupOf[index[m]];
    }
  return { beta, group };
}

/** Each group's β to mean 0. */
export function centre(theta: Float64Array, q: number, groupOf: Int32Array, groups: number) {
  const sum = new Float64Array(groups),
    size = new Float64Array(groups);
  for (let i = 0; i < q; i++) {
    sum[groupOf[i]] += theta[i];
    size[groupOf[i]]++;
  }
  for (let i = 0; i < q; i++) theta[i] -= sum[groupOf[i]] / size[groupOf[i]];
}

/**
 * The models whose Bradley–Terry rating has no finite maximum: those outside the top strongly
 * connected part of the "earned credit against" graph (a model that never won or tied against the
 * rest drifts to −∞; one that never lost to them to +∞). Empty when every rating is finite.
 */
export function unboundedModels(credit: Float64Array, p: number): number[] {
  // Within each group of models connected by battles: groups with no battle between them are not comparable,
  // but not unbounded either (each is centred on its own).
  const parent = Int32Array.from({ length: p }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let i = 0; i < p; i++)
    for (let j = 0; j < p; j++)
      if (credit[i * p + j] > 0) parent[Math.max(root(i), root(j))] = Math.min(root(i), root(j));
  const members = new Map<number, number[]>();
  for (let i = 0; i < p; i++) {
    const r = root(i);
    if (!members.has(r)) members.set(r, []);
    members.get(r)!.push(i);
  }
  if (members.size === 1) return unboundedWithin(credit, p);
  const out: number[] = [];
  for (const ms of members.values()) {
    if (ms.length < 2) continue;
    const sub = new Float64Array(ms.length * ms.length);
    ms.forEach((i, u) => ms.forEach((j, v) => (sub[u * ms.length + v] = credit[i * p + j])));
    out.push(...unboundedWithin(sub, ms.length).map((u) => ms[u]));
  }
  return out.sort((u, v) => u - v);
}

function unboundedWithin(credit: Float64Array, p: number): number[] {
  // Strongly connected components by Kosaraju on the edge i → j when i earned credit against j.
  const seen = new Uint8Array(p);
  const order: number[] = [];
  const visit = (start: number, forward: boolean, out: number[]) => {
    const stack = [start];
    seen[start] = 1;
    const post: number[] = [];
    const iter = new Int32Array(p);
    while (stack.length) {
      const v = stack[stack.length - 1];
      let pushed = false;
      while (iter[v] < p) {
        const w = iter[v]++;
        const edge = forward ? credit[v * p + w] > 0 : credit[w * p + v] > 0;
        if (edge && !seen[w]) {
          seen[w] = 1;
          stack.push(w);
          pushed = true;
          break;
        }
      }
      if (!pushed) {
        post.push(v);
        stack.pop();
      }
    }
    out.push(...post);
  };
  for (let v = 0; v < p; v++) if (!seen[v]) visit(v, true, order);
  seen.fill(0);
  let components = 0;
  for (let i = order.length - 1; i >= 0; i--) {
    if (seen[order[i]]) continue;
    const members: number[] = [];
    visit(order[i], false, members);
    components++;
    if (components > 1) break;
  }
  if (components <= 1) return [];
  // More than one component: the ratings of some models are not finite. Name the models that are not
  // in the component every other one can reach with credit (the strongest), i.e. all but the largest.
  seen.fill(0);
  const comps: number[][] = [];
  for (let i = order.length - 1; i >= 0; i--) {
    if (seen[order[i]]) continue;
    const members: number[] = [];
    visit(order[i], false, members);
    comps.push(members);
  }
  comps.sort((u, v) => v.length - u.length);
  return comps
    .slice(1)
    .flat()
    .sort((u, v) => u - v);
}
