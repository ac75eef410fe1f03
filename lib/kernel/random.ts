/** Seeded PRNG (mulberry32): reproducible demo data, bootstraps and splits. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

export function shuffle<T>(rng: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// Stirling's-series corrections log(k!) − [(k + ½)log(k + 1) − (k + 1) + ½log(2π)] for k < 10 (Hörmann 1993).
const FC = [
  0.08106146679532726, 0.04134069595540929, 0.02767792568499834, 0.02079067210376509, 0.01664469118982119,
  0.01387612882307075, 0.01189670994589177, 0.01041126526197209, 0.009255462182712733, 0.008330563433362871,
];
function fc(k: number): number {
  if (k < 10) return FC[k];
  const i = 1 / (k + 1);
  return (1 / 12 - (1 / 360 - (i * i) / 1260) * i * i) * i;
}

/**
 * A Binomial(n, p) variate from `rng`, exact: inversion when the mode is below 11, otherwise Hörmann's
 * BTRD (transformed rejection with decomposition), so the cost does not grow with n. Written here
 * because the npm packages that do it bring a couple of hundred dependencies.
 */
export function binomial(rng: () => number, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const q = 1 - p;
  const m = Math.floor((n + 1) * p);
  if (m < 11) {
    const s = p / q;
    const a = (n + 1) * s;
    for (;;) {
      let r = Math.pow(q, n);
      let u = rng();
      let x = 0;
      while (u > r && x <= n) {
        u -= r;
        x++;
        r *= a / x - s;
      }
      if (x <= n) return x; // a rounding tail past n: draw again
    }
  }
  const npq = n * p * q;
  const sq = Math.sqrt(npq);
  const b = 1.15 + 2.53 * sq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  // 86 % of draws end here, after one uniform: nothing else is computed for them (a multinomial bootstrap
  // makes hundreds of these per replicate).
  const v = rng();
  if (v <= 0.86 * vr) {
    const u = v / vr - 0.43;
    return Math.floor(((2 * a) / (0.5 - Math.abs(u)) + b) * u + c);
  }
  return btrdRejection(rng, n, p, v, m, npq, sq, a, b, c, vr);
}

/** BTRD's slower half: the draw `v` fell outside the box, or a later uniform pair is tried. */
function btrdRejection(
  rng: () => number,
  n: number,
  p: number,
  v: number,
  m: number,
  npq: number,
  sq: number,
  a: number,
  b: number,
  c: number,
  vr: number,
): number {
  const r = p / (1 - p);
  const nr = (n + 1) * r;
  const alpha = (2.83 + 5.1 / b) * sq;
  const urvr = 0.86 * vr;
  for (let first = true; ; first = false) {
    if (!first) v = rng();
    let u: number;
    if (v <= urvr) {
      u = v / vr - 0.43;
      return Math.floor(((2 * a) / (0.5 - Math.abs(u)) + b) * u + c);
    }
    if (v >= vr) u = rng() - 0.5;
    else {
      u = v / vr - 0.93;
      u = (u < 0 ? -0.5 : 0.5) - u;
      v = rng() * vr;
    }
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    v = (v * alpha) / (a / (us * us) + b);
    const km = Math.abs(k - m);
    if (km <= 15) {
      // f(k)/f(m) by recursion.
      let f = 1;
      if (m < k) for (let i = m + 1; i <= k; i++) f *= nr / i - r;
      else if (m > k) for (let i = k + 1; i <= m; i++) v *= nr / i - r;
      if (v <= f) return k;
      continue;
    }
    v = Math.log(v);
    const rho = (km / npq) * (((km / 3 + 0.625) * km + 1 / 6) / npq + 0.5);
    const t = (-km * km) / (2 * npq);
    if (v < t - rho) return k;
    if (v > t + rho) continue;
    const nm = n - m + 1;
    const h = (m + 0.5) * Math.log((m + 1) / (r * nm)) + fc(m) + fc(n - m);
    const nk = n - k + 1;
    if (v <= h + (n + 1) * Math.log(nm / nk) + (k + 0.5) * Math.log((nk * r) / (k + 1)) - fc(k) - fc(n - k)) return k;
  }
}

/** Multinomial(n, weights) counts into `out` (same length as `weights`), by conditional binomials. */
export function multinomial(rng: () => number, n: number, weights: ArrayLike<number>, out: Float64Array): void {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i];
  let left = n;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (!w || left === 0 || total <= 0) {
      out[i] = 0;
      continue;
    }
    const x = w >= total ? left : binomial(rng, left, w / total);
    out[i] = x;
    left -= x;
    total -= w;
  }
}
