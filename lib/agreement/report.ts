/**
 * The analytics report: agreement overall, per destination and per dataset (with bootstrap 95 %
 * intervals), confusion matrices per slot pair, and a per-expert table. Pure: the database layer
 * hands in one row per complete pair.
 */
import {
  allAgree,
  cohenKappa,
  contingency,
  fleissKappa,
  krippendorffAlphaNominal,
  lightKappa,
  noiseCeiling,
  pairwiseAgreement,
  type Stat,
} from "./kappa";
import { bootstrapCI, type Interval } from "./bootstrap";
import { bootstrapAll, statsFromCounts, unresolvedPattern } from "./patterns";
import { majority } from "./labels";
import { patternOf, verdictCode, type Verdict } from "../verdict";

export interface RatedPair {
  pairId: string;
  destination: string;
  dataset: string;
  destinationId?: string;
  datasetId?: string;
  /** Verdicts by slot (index 0 = slot 1). */
  verdicts: Verdict[];
  experts: string[];
  /** The experts' user ids by slot, where the loader has them. */
  userIds?: string[];
  /** Per slot: whether the expert's choice was the plan shown on the left (null for Neither). */
  choseLeft: (boolean | null)[];
  timeOnTaskMs: number[];
}

export interface GroupStats {
  items: number;
  fleiss: Stat & { ci: Interval | null };
  light: Stat & { ci: Interval | null };
  krippendorff: Stat & { ci: Interval | null };
  pairwise: Stat & { ci: Interval | null };
  allAgree: Stat & { ci: Interval | null };
  /** TripScore E.4: reliability of a single rater implied by the pairwise agreement, and the all-agree rate it predicts. */
  ceiling: { r: number | null; predictedAllAgree: number | null };
  unresolved: number;
}

export function groupStats(pairs: readonly RatedPair[], replicates = 1000, seed = 1): GroupStats {
  if (pairs.length && pairs.every((p) => p.verdicts.length <= 3)) return fastGroupStats(pairs, replicates, seed);
  // Pairs with fewer ratings than the most-rated one count as incomplete (Fleiss uses complete ones).
  const slots = pairs.reduce((m, p) => Math.max(m, p.verdicts.length), 0);
  const ratings = pairs.map((p) =>
    Array.from({ length: slots }, (_, s) => (p.verdicts[s] ? verdictCode(p.verdicts[s]) : null)),
  );
  const coders = Array.from({ length: slots }, (_, s) => ratings.map((r) => r[s] ?? null));
  const withCi = (stat: (rows: (number | null)[][]) => Stat): Stat & { ci: Interval | null } => ({
    ...stat(ratings),
    ci:
      replicates > 0
        ? bootstrapCI(ratings.length, (idx) => stat(Array.from(idx, (i) => ratings[i])).value, replicates, seed)
        : null,
  });
  const pairwise = withCi(pairwiseAgreement);
  const ceiling = pairwise.value === null ? null : noiseCeiling(3, pairwise.value);
  return {
    items: pairs.length,
    fleiss: withCi(fleissKappa),
    light: withCi((rows) => lightKappa(rows)),
    krippendorff: {
      ...krippendorffAlphaNominal(coders),
      ci:
        replicates > 0
          ? bootstrapCI(
              ratings.length,
              (idx) =>
                krippendorffAlphaNominal(
                  Array.from({ length: slots }, (_, s) => Array.from(idx, (i) => ratings[i][s] ?? null)),
                ).value,
              replicates,
              seed,
            )
          : null,
    },
    pairwise,
    allAgree: withCi(allAgree),
    ceiling: { r: ceiling?.r ?? null, predictedAllAgree: ceiling?.allAgree ?? null },
    unresolved: pairs.filter((p) => majority(p.verdicts).label === null).length,
  };
}

export interface ExpertRow {
  expert: string;
  pairs: number;
  /** Share of pairs where the expert matches the majority of the other raters (pairs where the others agree). */
  agreementWithOthers: number | null;
  /** Cohen's kappa with each peer sharing at least `minShared` pairs, averaged. */
  cohenWithPeers: number | null;
  medianSeconds: number | null;
  /** Of the expert's A/B choices, the share that picked the left plan (0.5 = no position bias). */
  leftShare: number | null;
  /** Pairs the expert skipped (filled in by the database layer). */
  skips?: number;
}

export function expertTable(pairs: readonly RatedPair[], minShared = 5): ExpertRow[] {
  const byExpert = new Map<
    string,
    { verdict: Verdict; others: Verdict[]; left: boolean | null; ms: number; pairId: string }[]
  >();
  for (const p of pairs) {
    p.experts.forEach((e, s) => {
      const list = byExpert.get(e) ?? [];
      list.push({
        verdict: p.verdicts[s],
        others: p.verdicts.filter((_, o) => o !== s),
        left: p.choseLeft[s],
        ms: p.timeOnTaskMs[s],
        pairId: p.pairId,
      });
      byExpert.set(e, list);
    });
  }
  const verdictOf = new Map<string, Map<string, Verdict>>();
  for (const [e, list] of byExpert) verdictOf.set(e, new Map(list.map((x) => [x.pairId, x.verdict])));
  return [...byExpert.entries()].map(([expert, list]) => {
    const judged = list.filter((x) => x.others.length >= 2 && x.others[0] === x.others[1]);
    const lefts = list.filter((x) => x.left !== null);
    const times = list.map((x) => x.ms).sort((a, b) => a - b);
    const peers: number[] = [];
    for (const [peer, theirs] of verdictOf) {
      if (peer === expert) continue;
      const shared = list.filter((x) => theirs.has(x.pairId));
      if (shared.length < minShared) continue;
      const k = cohenKappa(
        shared.map((x) => verdictCode(x.verdict)),
        shared.map((x) => verdictCode(theirs.get(x.pairId)!)),
        3,
      ).value;
      if (k !== null) peers.push(k);
    }
    return {
      expert,
      pairs: list.length,
      agreementWithOthers: judged.length
        ? judged.filter((x) => x.verdict === x.others[0]).length / judged.length
        : null,
      cohenWithPeers: peers.length ? peers.reduce((a, b) => a + b, 0) / peers.length : null,
      medianSeconds: times.length ? times[Math.floor((times.length - 1) / 2)] / 1000 : null,
      leftShare: lefts.length ? lefts.filter((x) => x.left).length / lefts.length : null,
    };
  });
}

/** Confusion matrix (rows: slot i's verdict, columns: slot j's) for every slot pair. */
export function slotConfusion(pairs: readonly RatedPair[]): Record<string, number[][]> {
  const slots = pairs.reduce((m, p) => Math.max(m, p.verdicts.length), 0);
  const out: Record<string, number[][]> = {};
  for (let i = 0; i < slots; i++) {
    for (let j = i + 1; j < slots; j++) {
      out[`${i + 1}-${j + 1}`] = contingency(
        pairs.map((p) => (p.verdicts[i] ? verdictCode(p.verdicts[i]) : null)),
        pairs.map((p) => (p.verdicts[j] ? verdictCode(p.verdicts[j]) : null)),
        3,
      );
    }
  }
  return out;
}

export function groupBy(pairs: readonly RatedPair[], key: (p: RatedPair) => string): Map<string, RatedPair[]> {
  const m = new Map<string, RatedPair[]>();
  for (const p of pairs) m.set(key(p), [...(m.get(key(p)) ?? []), p]);
  return m;
}

/** The common case (up to three raters): pattern counts, so 1,000 bootstrap replicates stay fast on 100,000 pairs. */
function fastGroupStats(pairs: readonly RatedPair[], replicates: number, seed: number): GroupStats {
  const counts = new Float64Array(64);
  for (const p of pairs) counts[patternOf(p.verdicts.map(verdictCode))]++;
  return statsOfCounts(counts, replicates, seed);
}

/** Group statistics from verdict-pattern counts alone (what the analytics tallies hold). */
export function statsOfCounts(counts: Float64Array, replicates = 1000, seed = 1): GroupStats {
  const s = statsFromCounts(counts);
  const ci = replicates > 0 ? bootstrapAll(counts, replicates, seed) : null;
  const stat = (v: number | null, c: Interval | null | undefined, reason: string) => ({
    value: v,
    ...(v === null ? { reason } : {}),
    ci: c ?? null,
  });
  const ceiling = s.pairwise === null ? null : noiseCeiling(3, s.pairwise);
  let items = 0;
  let unresolved = 0;
  counts.forEach((c, p) => {
    items += c;
    if (c && unresolvedPattern(p)) unresolved += c;
  });
  return {
    items,
    fleiss: stat(s.fleiss, ci?.fleiss, "no pair with all ratings, or a single category"),
    light: stat(s.light, ci?.light, "no slot pair with a defined Cohen's kappa"),
    krippendorff: stat(s.krippendorff, ci?.krippendorff, "fewer than two pairable ratings, or a single category"),
    pairwise: stat(s.pairwise, ci?.pairwise, "no pair has two ratings"),
    allAgree: stat(s.allAgree, ci?.allAgree, "no pair has two ratings"),
    ceiling: { r: ceiling?.r ?? null, predictedAllAgree: ceiling?.allAgree ?? null },
    unresolved,
  };
}

export interface ExpertPairKappa {
  a: string;
  b: string;
  shared: number;
  kappa: number | null;
}

/** Cohen's kappa for every two experts who judged at least `minShared` of the same pairs. */
export function expertPairKappas(pairs: readonly RatedPair[], minShared = 5): ExpertPairKappa[] {
  const byExpert = new Map<string, Map<string, number>>();
  for (const p of pairs)
    p.experts.forEach((e, s) =>
      byExpert.set(e, (byExpert.get(e) ?? new Map()).set(p.pairId, verdictCode(p.verdicts[s]))),
    );
  const names = [...byExpert.keys()].sort();
  const out: ExpertPairKappa[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const a = byExpert.get(names[i])!;
      const b = byExpert.get(names[j])!;
      const shared = [...a.keys()].filter((k) => b.has(k));
      if (shared.length < minShared) continue;
      out.push({
        a: names[i],
        b: names[j],
        shared: shared.length,
        kappa: cohenKappa(
          shared.map((k) => a.get(k)!),
          shared.map((k) => b.get(k)!),
          3,
        ).value,
      });
    }
  }
  return out;
}

/** Judgments per day (UTC), for the progress chart. */
export function judgmentsPerDay(
  days: readonly { day: string; judgments: number }[],
): { day: string; judgments: number; cumulative: number }[] {
  let total = 0;
  return [...days]
    .sort((x, y) => x.day.localeCompare(y.day))
    .map((d) => ({ ...d, cumulative: (total += d.judgments) }));
}
