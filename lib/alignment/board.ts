/**
 * The judge alignment board (TripScore Table 7, E.4–E.5): how well each automatic judge — an LLM's
 * imported verdicts, or TripScore's reward under given weights — agrees with the experts.
 */
import { cohenKappa, noiseCeiling, pairwiseAgreement } from "../agreement";
import { majority, verdictCode, type Verdict } from "../agreement";
import { kendallTauB } from "../stats/kendall";
import { multinomial, seededRandom } from "../random";
import { percentileInterval } from "../stats/quantile";

export interface BoardPair {
  pairId: string;
  queryId: string;
  /** The experts' verdicts and who gave them. */
  ratings: { expert: string; verdict: Verdict }[];
  /** Plan lengths in items (the longer-plan preference). */
  itemsA: number;
  itemsB: number;
}

export interface JudgeRecord {
  pairId: string;
  verdict: Verdict;
  order?: "ab" | "ba" | null;
  scoreA?: number | null;
  scoreB?: number | null;
}

export interface JudgeRow {
  judge: string;
  builtIn: boolean;
  verdicts: number;
  /** Distinct complete pairs the judge gave verdicts on, and of them those with a majority label (the accuracies' base). */
  pairs: number;
  labelledPairs: number;
  /** Against the majority label: pairs with a decisive label and a decisive verdict only. */
  accuracyExcludingTies: number | null;
  /** Against the majority label over all three classes (a tie is right only when the label is Neither). */
  accuracyIncludingTies: number | null;
  kappaMajority: number | null;
  /** Cohen's κ with each expert who shares at least `minShared` distinct pairs with the judge, averaged over those experts (how many: `kappaExperts`). */
  kappaExpertsMean: number | null;
  kappaExperts: number;
  /** Kendall's τ-b of the judge's score difference (A − B) against the experts' mean preference (A +1, B −1). */
  kendallTau: number | null;
  /**
   * Share of (judge verdict, single expert's verdict) on the same pair that agree: the agreement with one
   * annotator that TripScore E.4's formula models (accuracy against a majority of three is not).
   */
  singleAgreement: number | null;
  /**
   * TripScore E.4: the judge's latent accuracy implied by `singleAgreement`, and its share of the human ceiling r.
   * Above 1 the noise model does not fit this judge (`rModelAboveOne`): not a probability, shown as a flag.
   */
  rModel: number | null;
  ceilingShare: number | null;
  rModelAboveOne: boolean;
  /** Pairs seen in both orders, and the share of them on which the verdict changed. */
  flipPairs: number;
  flipRate: number | null;
  /** Of decisive verdicts on pairs whose plans differ in length, the share for the longer plan. */
  longerShare: number | null;
  longerN: number;
}

export interface JudgeDifference {
  a: string;
  b: string;
  pairs: number;
  /** Three-class accuracy of a minus that of b on the pairs both judged, with a paired bootstrap interval (resampling queries). */
  difference: number | null;
  ci95: [number, number] | null;
}

/** A fixed order of a judge's records, whatever order they were read in: the seeded bootstrap and the flip rate depend on it. */
const recordOrder = (u: JudgeRecord, v: JudgeRecord) =>
  u.pairId < v.pairId
    ? -1
    : u.pairId > v.pairId
      ? 1
      : `${u.order ?? ""}|${u.verdict}|${u.scoreA ?? ""}|${u.scoreB ?? ""}`.localeCompare(
          `${v.order ?? ""}|${v.verdict}|${v.scoreA ?? ""}|${v.scoreB ?? ""}`,
        );

export function alignmentBoard(
  unorderedPairs: readonly BoardPair[],
  judges: ReadonlyMap<string, { builtIn: boolean; records: readonly JudgeRecord[] }>,
  opts: { minShared?: number; replicates?: number; seed?: number } = {},
) {
  const minShared = opts.minShared ?? 5;
  const pairs = [...unorderedPairs].sort((u, v) => (u.pairId < v.pairId ? -1 : u.pairId > v.pairId ? 1 : 0));
  const byId = new Map(pairs.map((p) => [p.pairId, p]));
  const labels = new Map<string, Verdict | null>(
    pairs.map((p) => [p.pairId, majority(p.ratings.map((r) => r.verdict)).label]),
  );
  const humanPair = pairwiseAgreement(pairs.map((p) => p.ratings.map((r) => verdictCode(r.verdict)))).value;
  const experts = { longer: 0, n: 0 };
  for (const p of pairs) {
    if (p.itemsA === p.itemsB) continue;
    for (const r of p.ratings) {
      if (r.verdict === "NEITHER") continue;
      experts.n++;
      if ((r.verdict === "A") === p.itemsA > p.itemsB) experts.longer++;
    }
  }
  const rows: JudgeRow[] = [];
  // Per judge and pair: the share of its verdicts that match the label (runs averaged), for the paired differences.
  const perPair = new Map<string, Map<string, number>>();
  for (const judge of [...judges.keys()].sort()) {
    const { builtIn, records } = judges.get(judge)!;
    const kept = records.filter((r) => byId.has(r.pairId)).sort(recordOrder);
    let excl = 0,
      exclN = 0,
      incl = 0,
      inclN = 0;
    const jv: number[] = [],
      mv: number[] = [];
    const scoreDiff: number[] = [],
      pref: number[] = [];
    const hits = new Map<string, { right: number; n: number }>();
    const orders = new Map<string, { ab?: Verdict; ba?: Verdict }>();
    let longer = 0,
      longerN = 0;
    for (const r of kept) {
      const p = byId.get(r.pairId)!;
      const label = labels.get(r.pairId) ?? null;
      if (label !== null) {
        inclN++;
        const right = r.verdict === label ? 1 : 0;
        incl += right;
        const h = hits.get(r.pairId) ?? { right: 0, n: 0 };
        h.right += right;
        h.n++;
        hits.set(r.pairId, h);
        if (label !== "NEITHER" && r.verdict !== "NEITHER") {
          exclN++;
          excl += right;
        }
        jv.push(verdictCode(r.verdict));
        mv.push(verdictCode(label));
      }
      if (r.scoreA != null && r.scoreB != null) {
        scoreDiff.push(r.scoreA - r.scoreB);
        pref.push(
          p.ratings.reduce((s, x) => s + (x.verdict === "A" ? 1 : x.verdict === "B" ? -1 : 0), 0) / p.ratings.length,
        );
      }
      if (r.order) {
        const o = orders.get(r.pairId) ?? {};
        o[r.order] ??= r.verdict;
        orders.set(r.pairId, o);
      }
      if (p.itemsA !== p.itemsB && r.verdict !== "NEITHER") {
        longerN++;
        if ((r.verdict === "A") === p.itemsA > p.itemsB) longer++;
      }
    }
    // κ with single experts: each of the judge's verdicts against each expert's verdict on the same pair; an
    // expert counts when they share `minShared` distinct pairs with the judge (not verdict records: a judge may
    // have several runs of a pair).
    // `kept` is in pair order, so an expert's distinct pairs are counted where the pair changes (no set of ids).
    const byExpert = new Map<string, { j: number[]; e: number[]; pairs: number; last: string | null }>();
    let agree = 0,
      compared = 0;
    for (const r of kept) {
      const code = verdictCode(r.verdict);
      for (const x of byId.get(r.pairId)!.ratings) {
        let t = byExpert.get(x.expert);
        if (!t) byExpert.set(x.expert, (t = { j: [], e: [], pairs: 0, last: null }));
        t.j.push(code);
        t.e.push(verdictCode(x.verdict));
        if (t.last !== r.pairId) {
          t.pairs++;
          t.last = r.pairId;
        }
        compared++;
        if (x.verdict === r.verdict) agree++;
      }
    }
    const kappas = [...byExpert.values()]
      .filter((t) => t.pairs >= minShared)
      .map((t) => cohenKappa(t.j, t.e, 3).value)
      .filter((v): v is number => v !== null);
    const both = [...orders.values()].filter((o) => o.ab && o.ba);
    const accuracy = inclN ? incl / inclN : null;
    const singleAgreement = compared ? agree / compared : null;
    const ceiling = humanPair !== null && singleAgreement !== null ? noiseCeiling(3, humanPair, singleAgreement) : null;
    // Distinct pairs judged, and of them those with a label (`kept` is in pair order).
    let judgedPairs = 0,
      labelledPairs = 0;
    for (let i = 0; i < kept.length; i++) {
      if (i > 0 && kept[i].pairId === kept[i - 1].pairId) continue;
      judgedPairs++;
      if (labels.get(kept[i].pairId) !== null) labelledPairs++;
    }
    rows.push({
      judge,
      builtIn,
      verdicts: kept.length,
      pairs: judgedPairs,
      labelledPairs,
      accuracyExcludingTies: exclN ? excl / exclN : null,
      accuracyIncludingTies: accuracy,
      kappaMajority: jv.length ? cohenKappa(jv, mv, 3).value : null,
      kappaExpertsMean: kappas.length ? kappas.reduce((s, v) => s + v, 0) / kappas.length : null,
      kappaExperts: kappas.length,
      kendallTau: scoreDiff.length >= 2 ? kendallTauB(scoreDiff, pref) : null,
      singleAgreement,
      rModel: ceiling?.rModel ?? null,
      ceilingShare: ceiling?.ratio ?? null,
      rModelAboveOne: (ceiling?.rModel ?? 0) > 1,
      flipPairs: both.length,
      flipRate: both.length ? both.filter((o) => o.ab !== o.ba).length / both.length : null,
      longerShare: longerN ? longer / longerN : null,
      longerN,
    });
    perPair.set(judge, new Map([...hits].map(([id, h]) => [id, h.right / h.n])));
  }
  const differences = pairedDifferences(perPair, byId, opts.replicates ?? 1000, opts.seed ?? 1);
  const ceiling = humanPair === null ? null : noiseCeiling(3, humanPair);
  return {
    judges: rows.sort(
      (u, v) => (v.accuracyIncludingTies ?? -1) - (u.accuracyIncludingTies ?? -1) || (u.judge < v.judge ? -1 : 1),
    ),
    differences,
    humans: {
      pairs: pairs.length,
      pairwiseAgreement: humanPair,
      ceiling: ceiling?.r ?? null,
      longerShare: experts.n ? experts.longer / experts.n : null,
      longerN: experts.n,
    },
  };
}

/** Accuracy differences of every two judges on the pairs both judged, with a paired bootstrap that resamples queries. */
function pairedDifferences(
  perPair: Map<string, Map<string, number>>,
  byId: ReadonlyMap<string, BoardPair>,
  replicates: number,
  seed: number,
): JudgeDifference[] {
  const names = [...perPair.keys()].sort();
  const out: JudgeDifference[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let k = i + 1; k < names.length; k++) {
      const a = perPair.get(names[i])!,
        b = perPair.get(names[k])!;
      const shared = [...a.keys()].filter((id) => b.has(id));
      if (!shared.length) {
        out.push({ a: names[i], b: names[k], pairs: 0, difference: null, ci95: null });
        continue;
      }
      // Per query: summed differences and pair counts, so a replicate is a weighted mean over drawn queries.
      const queries = new Map<string, { d: number; n: number }>();
      for (const id of shared) {
        const q = queries.get(byId.get(id)!.queryId) ?? { d: 0, n: 0 };
        q.d += a.get(id)! - b.get(id)!;
        q.n++;
        queries.set(byId.get(id)!.queryId, q);
      }
      const units = [...queries.values()];
      const difference = units.reduce((s, u) => s + u.d, 0) / shared.length;
      const ci95 = percentileInterval(resampledMeans(units, replicates, seed));
      out.push({ a: names[i], b: names[k], pairs: shared.length, difference, ci95 });
    }
  }
  return out;
}

/**
 * Bootstrap replicates of Σd / Σn over units drawn with replacement. Units with the same (d, n) are interchangeable
 * in a resample, so a replicate needs only how many times each distinct unit was drawn: one multinomial over the
 * distinct units (the same distribution as drawing them one by one), and its cost no longer grows with the queries
 * (a million judgments: a few dozen distinct units, not a third of a million draws per replicate and judge pair).
 */
export function resampledMeans(
  units: readonly { d: number; n: number }[],
  replicates: number,
  seed: number,
): Float64Array {
  const rng = seededRandom(seed);
  const reps = new Float64Array(replicates);
  const kinds = new Map<string, { d: number; n: number; count: number }>();
  for (const u of units) {
    const key = `${u.d}|${u.n}`;
    const k = kinds.get(key);
    if (k) k.count++;
    else kinds.set(key, { ...u, count: 1 });
  }
  const distinct = [...kinds.values()];
  if (distinct.length * 8 > units.length) {
    // Nearly every unit its own kind: drawing the units is cheaper.
    for (let r = 0; r < replicates; r++) {
      let d = 0,
        n = 0;
      for (let j = 0; j < units.length; j++) {
        const u = units[Math.floor(rng() * units.length)];
        d += u.d;
        n += u.n;
      }
      reps[r] = d / n;
    }
    return reps;
  }
  const weights = Float64Array.from(distinct, (k) => k.count);
  const drawn = new Float64Array(distinct.length);
  for (let r = 0; r < replicates; r++) {
    multinomial(rng, units.length, weights, drawn);
    let d = 0,
      n = 0;
    for (let j = 0; j < distinct.length; j++) {
      d += drawn[j] * distinct[j].d;
      n += drawn[j] * distinct[j].n;
    }
    reps[r] = d / n;
  }
  return reps;
}
