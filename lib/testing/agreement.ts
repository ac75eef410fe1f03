/**
 * For tests: the definitions the fast paths are held to, each over one row per complete pair (RatedPair) — the
 * analytics report's statistics (groupStats, expertTable, slotConfusion, expertPairKappas: what the figures from
 * tallies, ./tallies.ts and ./classes.ts, must equal), the tallies by the rules the database's triggers follow
 * (tallyPairs, migration analytics_tallies), the effect of removing an expert (removalEffect: what
 * ./removal.ts's removalEffectFromPatterns must equal), and a pair's verdict pattern and a ScaleTally pattern as the
 * database encodes them.
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
  bootstrapCI,
  type Interval,
  majority,
  type AgreementFigures,
  statsOfCounts,
  type ExpertPairKappa,
  type ExpertRow,
  type GroupStats,
  type RatedPair,
  SCALE_MISSING,
  type AgreementTally,
  type ExpertPairTally,
  type ExpertTally,
  type Tallies,
} from "../results/agreement";
import { patternOf, signedIndex, verdictCode, verdictPattern, type Verdict } from "../judging/verdict";

/** Agreement statistics of these pairs, with bootstrap 95 % intervals. */
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

/** The common case (up to three raters): pattern counts, so 1,000 bootstrap replicates stay fast on 100,000 pairs. */
function fastGroupStats(pairs: readonly RatedPair[], replicates: number, seed: number): GroupStats {
  const counts = new Float64Array(64);
  for (const p of pairs) counts[patternOf(p.verdicts.map(verdictCode))]++;
  return statsOfCounts(counts, replicates, seed);
}

/** Each expert's row of the per-expert table, over every pair (skips are the database layer's). */
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

/** The tallies of these complete pairs, by the rules the database's triggers follow (experts = user ids). */
export function tallyPairs(pairs: readonly RatedPair[]): Tallies {
  const agreement = new Map<string, AgreementTally>();
  const experts = new Map<string, ExpertTally>();
  const expertPairs = new Map<string, ExpertPairTally>();
  for (const p of pairs) {
    const pattern = verdictPattern(p.verdicts);
    const g = `${p.datasetId}\u0000${p.destinationId}\u0000${pattern}`;
    const a = agreement.get(g) ?? {
      datasetId: p.datasetId ?? "",
      destinationId: p.destinationId ?? "",
      pattern,
      pairs: 0,
    };
    a.pairs++;
    agreement.set(g, a);
    p.experts.forEach((u, s) => {
      const v = p.verdicts[s];
      const others = p.verdicts.filter((_, o) => o !== s);
      const agree = others.length >= 2 && others[0] === others[1];
      const e = experts.get(u) ?? {
        userId: u,
        pairs: 0,
        abChoices: 0,
        leftChoices: 0,
        othersAgree: 0,
        matchedOthers: 0,
      };
      e.pairs++;
      if (v !== "NEITHER") e.abChoices++;
      if (p.choseLeft[s]) e.leftChoices++;
      if (agree) e.othersAgree++;
      if (agree && v === others[0]) e.matchedOthers++;
      experts.set(u, e);
      p.experts.forEach((w, t) => {
        if (!(u < w)) return;
        const k = `${u}\u0000${w}\u0000${v}\u0000${p.verdicts[t]}`;
        const x = expertPairs.get(k) ?? { userA: u, userB: w, verdictA: v, verdictB: p.verdicts[t], pairs: 0 };
        x.pairs++;
        expertPairs.set(k, x);
      });
    });
  }
  return { agreement: [...agreement.values()], experts: [...experts.values()], expertPairs: [...expertPairs.values()] };
}

/** Pairwise agreement, Fleiss' κ (over the pairs with every slot rated) and Krippendorff's α of these pairs. */
export function agreementFigures(pairs: readonly RatedPair[]): AgreementFigures {
  const rows = pairs.map((p) => p.verdicts.map(verdictCode));
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  const coders = Array.from({ length: width }, (_, s) => rows.map((r) => r[s] ?? null));
  const full = rows.filter((r) => r.length === width);
  return {
    pairs: rows.length,
    pairwiseAgreement: rows.length ? pairwiseAgreement(rows).value : null,
    fleissKappa: full.length ? fleissKappa(full).value : null,
    krippendorffAlpha: rows.length ? krippendorffAlphaNominal(coders).value : null,
  };
}

/** The figures before and after the expert's pairs fall out (they reopen), over every pair. */
export function removalEffect(
  pairs: readonly RatedPair[],
  userId: string,
): { before: AgreementFigures; after: AgreementFigures; reopened: number } {
  const kept = pairs.filter((p) => !p.userIds?.includes(userId));
  return { before: agreementFigures(pairs), after: agreementFigures(kept), reopened: pairs.length - kept.length };
}

/** The ScaleTally pattern of up to three values (−3…+3, null = missing) by slot, as tj_tally_pair writes it. */
export function scalePatternOf(values: readonly (number | null | undefined)[]): number {
  const code = (v: number | null | undefined) => (v === null || v === undefined ? SCALE_MISSING : signedIndex(v));
  return (code(values[0]) << 6) | (code(values[1]) << 3) | code(values[2]);
}
