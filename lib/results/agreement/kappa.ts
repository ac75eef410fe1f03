/**
 * Inter-rater agreement for any label set (labels are 0..K−1 category indices; null = missing).
 * Undefined cases return { value: null, reason } — never NaN. Matches scikit-learn's
 * cohen_kappa_score, statsmodels' fleiss_kappa and Krippendorff's nominal alpha.
 */
export interface Stat {
  value: number | null;
  reason?: string;
}

const ok = (value: number): Stat => ({ value });
const none = (reason: string): Stat => ({ value: null, reason });

/**
 * Cohen's kappa from a K×K contingency table (rows: rater 1's category, columns: rater 2's):
 * κ = (p_o − p_e) / (1 − p_e), p_o = Σ_k n_kk / n the observed agreement, p_e = Σ_k (n_k· / n)(n_·k / n)
 * the agreement expected from the two raters' marginals. Undefined when p_e = 1.
 * Cohen (1960), Educ. Psychol. Meas. 20(1); as scikit-learn's cohen_kappa_score (unweighted).
 */
export function cohenFromTable(table: readonly (readonly number[])[]): Stat {
  const k = table.length;
  let n = 0;
  let diag = 0;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const v = table[i][j];
      n += v;
      rows[i] += v;
      cols[j] += v;
      if (i === j) diag += v;
    }
  }
  if (n === 0) return none("no items rated by both raters");
  let pe = 0;
  for (let i = 0; i < k; i++) pe += (rows[i] / n) * (cols[i] / n);
  if (Math.abs(1 - pe) < 1e-15) return none("both raters used a single, identical category: chance agreement is 1");
  return ok((diag / n - pe) / (1 - pe));
}

export function contingency(a: readonly (number | null)[], b: readonly (number | null)[], k: number): number[][] {
  if (a.length !== b.length) throw new Error("the two raters' label lists differ in length");
  const t = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === null || y === null) continue;
    t[x][y]++;
  }
  return t;
}

export function categories(...lists: readonly (readonly (number | null)[])[]): number {
  return categoriesOf(lists);
}

/** `categories` over a list of lists: items by the hundred thousand are no function's arguments (the stack's limit). */
export function categoriesOf(lists: readonly (readonly (number | null)[])[]): number {
  let max = -1;
  for (const l of lists) for (const v of l) if (v !== null && v > max) max = v;
  return max + 1;
}

/** Cohen's kappa of two raters' labels (items either rater left empty are skipped). */
export function cohenKappa(a: readonly (number | null)[], b: readonly (number | null)[], k = categories(a, b)): Stat {
  return cohenFromTable(contingency(a, b, k));
}

/** ratings[item][rater] → the column of one rater. */
const column = (ratings: readonly (readonly (number | null)[])[], r: number) => ratings.map((row) => row[r] ?? null);

/**
 * Light's kappa: Cohen's kappa for every pair of rater columns, averaged (the pairs that are defined).
 * Light (1971), Psychol. Bull. 76(5). TripScore reports it as "Cohen's kappa" over its three slots.
 */
export function lightKappa(
  ratings: readonly (readonly (number | null)[])[],
): Stat & { pairs: Record<string, number | null> } {
  const raters = ratings[0]?.length ?? 0;
  if (raters < 2) return { ...none("fewer than two raters"), pairs: {} };
  const k = categoriesOf(ratings);
  const pairs: Record<string, number | null> = {};
  const values: number[] = [];
  for (let i = 0; i < raters; i++) {
    for (let j = i + 1; j < raters; j++) {
      const s = cohenKappa(column(ratings, i), column(ratings, j), k);
      pairs[`${i + 1}-${j + 1}`] = s.value;
      if (s.value !== null) values.push(s.value);
    }
  }
  if (!values.length) return { ...none("no rater pair has a defined Cohen's kappa"), pairs };
  return { value: values.reduce((x, y) => x + y, 0) / values.length, pairs };
}

/** Items × categories count table from complete ratings. */
export function countTable(ratings: readonly (readonly number[])[], k = categoriesOf(ratings)): number[][] {
  return ratings.map((row) => {
    const c = new Array<number>(k).fill(0);
    for (const v of row) c[v]++;
    return c;
  });
}

/**
 * Fleiss' kappa from an items × categories count table (every item rated by the same number n of raters):
 * P_i = (Σ_k n_ik² − n) / (n(n − 1)), P̄ = mean of P_i, p_k = Σ_i n_ik / (N·n), P̄_e = Σ_k p_k²,
 * κ = (P̄ − P̄_e) / (1 − P̄_e). Undefined when P̄_e = 1.
 * Fleiss (1971), Psychol. Bull. 76(5); as statsmodels' inter_rater.fleiss_kappa (method "fleiss").
 */
export function fleissFromCounts(table: readonly (readonly number[])[]): Stat {
  const N = table.length;
  if (N === 0) return none("no items");
  const n = table[0].reduce((a, b) => a + b, 0);
  if (n < 2) return none("fewer than two ratings per item");
  const k = table[0].length;
  const p = new Array<number>(k).fill(0);
  let pbar = 0;
  for (const row of table) {
    let sq = 0;
    let m = 0;
    for (let j = 0; j < k; j++) {
      p[j] += row[j];
      sq += row[j] * row[j];
      m += row[j];
    }
    if (m !== n) throw new Error("Fleiss' kappa needs the same number of ratings for every item");
    pbar += (sq - n) / (n * (n - 1));
  }
  pbar /= N;
  let pe = 0;
  for (let j = 0; j < k; j++) pe += (p[j] / (N * n)) ** 2;
  if (Math.abs(1 - pe) < 1e-15) return none("all ratings fall in one category: chance agreement is 1");
  return ok((pbar - pe) / (1 - pe));
}

/** Fleiss' kappa over the items that have every rating (items with a missing rating are left out). */
export function fleissKappa(ratings: readonly (readonly (number | null)[])[]): Stat {
  const complete = ratings.filter((r) => r.every((v) => v !== null)) as number[][];
  return fleissFromCounts(countTable(complete, categoriesOf(ratings)));
}

/**
 * Raw pairwise agreement: Σ_i Σ_k n_ik(n_ik − 1) / Σ_i n_i(n_i − 1), i.e. the share of agreeing rater
 * pairs over every (unordered) pair of raters of the same item. TripScore's "mean pairwise agreement".
 */
export function pairwiseAgreement(ratings: readonly (readonly (number | null)[])[]): Stat {
  let agree = 0;
  let pairs = 0;
  for (const row of ratings) {
    for (let i = 0; i < row.length; i++) {
      if (row[i] === null) continue;
      for (let j = i + 1; j < row.length; j++) {
        if (row[j] === null) continue;
        pairs++;
        if (row[i] === row[j]) agree++;
      }
    }
  }
  return pairs ? ok(agree / pairs) : none("no item has two ratings");
}

/** All-agree: the share of items (with at least two ratings) on which every rater agrees (TripScore's three-way agreement). */
export function allAgree(ratings: readonly (readonly (number | null)[])[]): Stat {
  let items = 0;
  let agree = 0;
  for (const row of ratings) {
    const vals = row.filter((v): v is number => v !== null);
    if (vals.length < 2) continue;
    items++;
    if (vals.every((v) => v === vals[0])) agree++;
  }
  return items ? ok(agree / items) : none("no item has two ratings");
}

/**
 * Krippendorff's alpha, nominal metric, missing ratings allowed (coders[c][unit]). From the coincidence
 * matrix o_ck = Σ_u (pairs of values c, k in unit u) / (m_u − 1) over units with m_u ≥ 2 values,
 * n_c = Σ_k o_ck, n = Σ_c n_c: α = 1 − (n − 1) · (n − Σ_c o_cc) / (n² − Σ_c n_c²), i.e. 1 − D_o / D_e.
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability"; as the krippendorff package (nominal).
 */
export function krippendorffAlphaNominal(coders: readonly (readonly (number | null)[])[]): Stat {
  const units = coders[0]?.length ?? 0;
  const k = categoriesOf(coders);
  const o = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let u = 0; u < units; u++) {
    const vals: number[] = [];
    for (const c of coders) if (c[u] !== null && c[u] !== undefined) vals.push(c[u]!);
    const m = vals.length;
    if (m < 2) continue;
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) o[vals[i]][vals[j]] += 1 / (m - 1);
  }
  const nc = o.map((row) => row.reduce((a, b) => a + b, 0));
  const n = nc.reduce((a, b) => a + b, 0);
  if (n < 2) return none("fewer than two pairable ratings");
  let disagreeObserved = 0;
  let disagreeExpected = 0;
  for (let c = 0; c < k; c++) {
    for (let d = 0; d < k; d++) {
      if (c === d) continue;
      disagreeObserved += o[c][d];
      disagreeExpected += nc[c] * nc[d];
    }
  }
  if (disagreeExpected === 0) return none("a single category is used: expected disagreement is 0");
  return ok(1 - ((n - 1) * disagreeObserved) / disagreeExpected);
}

/**
 * TripScore E.4, symmetric K-class noise: one rater's reliability r = (1 + √((K−1)(K·A_pair − 1))) / K from
 * the raw pairwise agreement; a model whose raw agreement with the labels is A_m has
 * r_m = (K·A_m − A_m + r − 1) / (K·r − 1); the predicted all-agree rate of three raters is
 * r³ + (1 − r)³ / (K − 1)². With K = 3, A_pair = 0.7169: r = 0.8390; A_m = 0.6075 → r_m = 0.6948.
 */
export function noiseCeiling(K: number, pairAgreement: number, modelAgreement?: number) {
  const inner = (K - 1) * (K * pairAgreement - 1);
  if (inner < 0)
    return { r: null, rModel: null, ratio: null, allAgree: null, reason: "pairwise agreement is at or below chance" };
  const r = (1 + Math.sqrt(inner)) / K;
  const rModel = modelAgreement === undefined ? null : (K * modelAgreement - modelAgreement + r - 1) / (K * r - 1);
  return { r, rModel, ratio: rModel === null ? null : rModel / r, allAgree: r ** 3 + (1 - r) ** 3 / (K - 1) ** 2 };
}
