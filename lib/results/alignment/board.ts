/**
 * The judge alignment board (TripScore Table 7, E.4–E.5): how well each automatic judge — an LLM's
 * imported verdicts, or TripScore's reward under given weights — agrees with the experts.
 * Built one pair at a time (`BoardBuilder`): each judge keeps counts, contingency tables and a few numbers per pair
 * in typed arrays, never the pairs themselves, so a million judgments cost tens of MB, not the rows (issue 30).
 */
import { cohenFromTable, majority, noiseCeiling } from "../agreement";
import { trainingLabel, verdictCode, type Verdict } from "../../judging/verdict";
import { kendallTauB } from "../../kernel";
import { MIN_REWARD_CALIBRATION } from "../escalation";
import { pairedDifferences } from "./differences";

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
  /** How sure an uploaded verdict says it is: it carries probabilities, or the number of its samples (0: none). */
  probabilities?: boolean;
  samples?: number;
}

/**
 * How sure a judge says it is. An uploaded judge: how many of its verdicts carry probabilities, how many samples
 * (and the fewest and most samples a verdict has), how many neither. A built-in reward judge: the expert-labelled
 * pairs (an A or B majority) its probabilities are cross-fitted on (lib/results/escalation/reward-probability.ts).
 */
export interface JudgeConfidence {
  probabilities: number;
  samples: number;
  samplesRange: [number, number] | null;
  verdictsOnly: number;
  /** Built-in judges only (null for uploaded ones); under MIN_REWARD_CALIBRATION the judge gives no probability. */
  crossFittedOn: number | null;
  crossFitMinimum: number;
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
   * Above 1 the noise model does not fit this judge (`rModelAboveOne`): not a probability, shown as a flag. Below
   * 1/3 (`rModelBelowChance`) the judge agrees with the truth less than a coin of three sides would: a share of the
   * ceiling would read as praise (a negative r_model over a negative ceiling margin), so it is shown as a flag too.
   */
  rModel: number | null;
  ceilingShare: number | null;
  rModelAboveOne: boolean;
  rModelBelowChance: boolean;
  /** Pairs seen in both orders, and the share of them on which the verdict changed. */
  flipPairs: number;
  flipRate: number | null;
  /** Of decisive verdicts on pairs whose plans differ in length, the share for the longer plan. */
  longerShare: number | null;
  longerN: number;
  confidence: JudgeConfidence;
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

/** A growable column of numbers (a judge's per-pair values), NaN where nothing was set. */
class Column {
  data = new Float64Array(1024).fill(NaN);
  length = 0;
  set(i: number, v: number) {
    if (i >= this.data.length) {
      const wider = new Float64Array(Math.max(i + 1, this.data.length * 2)).fill(NaN);
      wider.set(this.data);
      this.data = wider;
    }
    this.data[i] = v;
    if (i >= this.length) this.length = i + 1;
  }
  push(v: number) {
    this.set(this.length, v);
  }
  /** The first `n` values (NaN past what was set). */
  view(n = this.length): Float64Array {
    if (n > this.data.length) this.set(n - 1, NaN);
    return this.data.subarray(0, n);
  }
}

const table3 = () => [
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
];

/** What the board keeps of one judge while the pairs pass. */
class JudgeTally {
  verdicts = 0;
  pairs = 0;
  labelledPairs = 0;
  excl = 0;
  exclN = 0;
  incl = 0;
  inclN = 0;
  /** The judge's verdict (rows) against the majority label (columns). */
  majority = table3();
  scoreDiff = new Column();
  pref = new Column();
  /** Per pair: the share of the judge's verdicts that match the label, for the paired differences. */
  shares = new Column();
  flipPairs = 0;
  flipped = 0;
  longer = 0;
  longerN = 0;
  /** Per expert: the judge's verdict (rows) against the expert's (columns), and the distinct pairs they share. */
  experts = new Map<string, { table: number[][]; pairs: number; last: number }>();
  agree = 0;
  compared = 0;
  withProbabilities = 0;
  withSamples = 0;
  fewestSamples = Infinity;
  mostSamples = 0;
  /** Pairs with an A or B majority that the judge has a verdict on (a reward judge's calibration). */
  decisivelyLabelled = 0;
  constructor(readonly builtIn: boolean) {}
}

export interface BoardOptions {
  minShared?: number;
  replicates?: number;
  seed?: number;
}

/**
 * The board, fed one complete pair at a time with each judge's records on it, in any order of pairs: every figure
 * is a count, a table, or a sum taken in an order fixed by the data, so the answer does not depend on the order.
 */
export class BoardBuilder {
  private readonly judges = new Map<string, JudgeTally>();
  private readonly queryIds = new Map<string, number>();
  private queryOf = new Int32Array(1024);
  private pairs = 0;
  private humanAgree = 0;
  private humanCompared = 0;
  private expertsLonger = 0;
  private expertsN = 0;

  constructor(private readonly opts: BoardOptions = {}) {}

  /** A judge on the board even when it has no verdict on a complete pair (a built-in judge, an upload on other pairs). */
  declare(judge: string, builtIn: boolean) {
    if (!this.judges.has(judge)) this.judges.set(judge, new JudgeTally(builtIn));
  }

  add(pair: BoardPair, records: Iterable<readonly [judge: string, records: readonly JudgeRecord[]]>) {
    const at = this.pairs++;
    if (at >= this.queryOf.length) {
      const wider = new Int32Array(this.queryOf.length * 2);
      wider.set(this.queryOf);
      this.queryOf = wider;
    }
    let q = this.queryIds.get(pair.queryId);
    if (q === undefined) this.queryIds.set(pair.queryId, (q = this.queryIds.size));
    this.queryOf[at] = q;
    const codes = pair.ratings.map((r) => verdictCode(r.verdict));
    for (let i = 0; i < codes.length; i++)
      for (let k = i + 1; k < codes.length; k++) {
        this.humanCompared++;
        if (codes[i] === codes[k]) this.humanAgree++;
      }
    const lengthsDiffer = pair.itemsA !== pair.itemsB;
    const aLonger = pair.itemsA > pair.itemsB;
    if (lengthsDiffer)
      for (const r of pair.ratings) {
        if (r.verdict === "NEITHER") continue;
        this.expertsN++;
        if ((r.verdict === "A") === aLonger) this.expertsLonger++;
      }
    const label = majority(pair.ratings.map((r) => r.verdict)).label;
    // The experts' mean preference for A, in the training label's sign (A +1).
    const pref = pair.ratings.reduce((s, x) => s + trainingLabel(x.verdict), 0) / pair.ratings.length;
    for (const [judge, unordered] of records) {
      if (!unordered.length) continue;
      this.declare(judge, false);
      const t = this.judges.get(judge)!;
      const kept = [...unordered].sort(recordOrder);
      t.verdicts += kept.length;
      t.pairs++;
      if (label !== null) t.labelledPairs++;
      if (label === "A" || label === "B") t.decisivelyLabelled++;
      let right = 0;
      let ab: Verdict | undefined, ba: Verdict | undefined;
      for (const r of kept) {
        const code = verdictCode(r.verdict);
        if (r.probabilities) t.withProbabilities++;
        else if (r.samples) {
          t.withSamples++;
          t.fewestSamples = Math.min(t.fewestSamples, r.samples);
          t.mostSamples = Math.max(t.mostSamples, r.samples);
        }
        if (label !== null) {
          t.inclN++;
          const hit = r.verdict === label ? 1 : 0;
          t.incl += hit;
          right += hit;
          if (label !== "NEITHER" && r.verdict !== "NEITHER") {
            t.exclN++;
            t.excl += hit;
          }
          t.majority[code][verdictCode(label)]++;
        }
        if (r.scoreA != null && r.scoreB != null) {
          t.scoreDiff.push(r.scoreA - r.scoreB);
          t.pref.push(pref);
        }
        if (r.order === "ab") ab ??= r.verdict;
        if (r.order === "ba") ba ??= r.verdict;
        if (lengthsDiffer && r.verdict !== "NEITHER") {
          t.longerN++;
          if ((r.verdict === "A") === aLonger) t.longer++;
        }
        // κ with single experts: each of the judge's verdicts against each expert's verdict on the same pair; an
        // expert counts when they share `minShared` distinct pairs with the judge (not verdict records: a judge
        // may have several runs of a pair).
        for (let i = 0; i < pair.ratings.length; i++) {
          const expert = pair.ratings[i].expert;
          let e = t.experts.get(expert);
          if (!e) t.experts.set(expert, (e = { table: table3(), pairs: 0, last: -1 }));
          e.table[code][codes[i]]++;
          if (e.last !== at) {
            e.pairs++;
            e.last = at;
          }
          t.compared++;
          if (codes[i] === code) t.agree++;
        }
      }
      if (ab && ba) {
        t.flipPairs++;
        if (ab !== ba) t.flipped++;
      }
      if (label !== null) t.shares.set(at, right / kept.length);
    }
  }

  finish() {
    const minShared = this.opts.minShared ?? 5;
    const humanPair = this.humanCompared ? this.humanAgree / this.humanCompared : null;
    const rows: JudgeRow[] = [];
    const shares = new Map<string, Float64Array>();
    for (const judge of [...this.judges.keys()].sort()) {
      const t = this.judges.get(judge)!;
      // Experts in a fixed order: their κs' mean is a float sum.
      const kappas = [...t.experts.entries()]
        .filter(([, e]) => e.pairs >= minShared)
        .sort(([u], [v]) => (u < v ? -1 : u > v ? 1 : 0))
        .map(([, e]) => cohenFromTable(e.table).value)
        .filter((v): v is number => v !== null);
      const accuracy = t.inclN ? t.incl / t.inclN : null;
      const singleAgreement = t.compared ? t.agree / t.compared : null;
      const ceiling =
        humanPair !== null && singleAgreement !== null ? noiseCeiling(3, humanPair, singleAgreement) : null;
      rows.push({
        judge,
        builtIn: t.builtIn,
        verdicts: t.verdicts,
        pairs: t.pairs,
        labelledPairs: t.labelledPairs,
        accuracyExcludingTies: t.exclN ? t.excl / t.exclN : null,
        accuracyIncludingTies: accuracy,
        kappaMajority: t.inclN ? cohenFromTable(t.majority).value : null,
        kappaExpertsMean: kappas.length ? kappas.reduce((s, v) => s + v, 0) / kappas.length : null,
        kappaExperts: kappas.length,
        kendallTau: t.scoreDiff.length >= 2 ? kendallTauB(t.scoreDiff.view(), t.pref.view()) : null,
        singleAgreement,
        rModel: ceiling?.rModel ?? null,
        ceilingShare: ceiling?.ratio ?? null,
        rModelAboveOne: (ceiling?.rModel ?? 0) > 1,
        rModelBelowChance: ceiling?.rModel != null && ceiling.rModel < 1 / 3,
        flipPairs: t.flipPairs,
        flipRate: t.flipPairs ? t.flipped / t.flipPairs : null,
        longerShare: t.longerN ? t.longer / t.longerN : null,
        longerN: t.longerN,
        confidence: {
          probabilities: t.withProbabilities,
          samples: t.withSamples,
          samplesRange: t.withSamples ? [t.fewestSamples, t.mostSamples] : null,
          verdictsOnly: t.verdicts - t.withProbabilities - t.withSamples,
          crossFittedOn: t.builtIn ? t.decisivelyLabelled : null,
          crossFitMinimum: MIN_REWARD_CALIBRATION,
        },
      });
      shares.set(judge, t.shares.view(this.pairs));
    }
    const ids = [...this.queryIds.keys()];
    const queryOrder = Int32Array.from(ids.keys()).sort((u, v) => (ids[u] < ids[v] ? -1 : ids[u] > ids[v] ? 1 : 0));
    const differences = pairedDifferences(
      shares,
      this.queryOf.subarray(0, this.pairs),
      queryOrder,
      this.opts.replicates ?? 1000,
      this.opts.seed ?? 1,
    );
    const ceiling = humanPair === null ? null : noiseCeiling(3, humanPair);
    return {
      judges: rows.sort(
        (u, v) => (v.accuracyIncludingTies ?? -1) - (u.accuracyIncludingTies ?? -1) || (u.judge < v.judge ? -1 : 1),
      ),
      differences,
      humans: {
        pairs: this.pairs,
        pairwiseAgreement: humanPair,
        ceiling: ceiling?.r ?? null,
        longerShare: this.expertsN ? this.expertsLonger / this.expertsN : null,
        longerN: this.expertsN,
      },
    };
  }
}

export type AlignmentBoard = ReturnType<BoardBuilder["finish"]>;

/** The board over pairs and judges held in memory (tests, small sets): records on pairs not given are left out. */
export function alignmentBoard(
  pairs: readonly BoardPair[],
  judges: ReadonlyMap<string, { builtIn: boolean; records: readonly JudgeRecord[] }>,
  opts: BoardOptions = {},
): AlignmentBoard {
  const builder = new BoardBuilder(opts);
  const onPair = new Map<string, Map<string, JudgeRecord[]>>(pairs.map((p) => [p.pairId, new Map()]));
  for (const [judge, { builtIn, records }] of judges) {
    builder.declare(judge, builtIn);
    for (const r of records) {
      const own = onPair.get(r.pairId);
      if (!own) continue;
      const list = own.get(judge);
      if (list) list.push(r);
      else own.set(judge, [r]);
    }
  }
  for (const p of pairs) builder.add(p, onPair.get(p.pairId)!);
  return builder.finish();
}
