/**
 * The analytics report from tallies: counts the database keeps in step as pairs complete (see the
 * migration analytics_tallies), so reading agreement never reads every judgment. `tallyPairs` (./testing.ts) is
 * the reference of the database's rules, written over the same per-pair rows; tests hold the two in agreement.
 */
import { positionBias } from "./position";
import { cohenFromTable } from "./kappa";
import { classesOf, confusionOfClasses, groupStatsOfClasses } from "./classes";
import { confusionFromCounts } from "./patterns";
import {
  judgmentsPerDay,
  statsOfCounts,
  type ExpertPairKappa,
  type ExpertRow,
  type GroupStats,
  type RatedPair,
} from "./report";
import { verdictCode, type Verdict } from "../../judging/verdict";

/** Complete pairs per group and verdict pattern; pattern -1 counts pairs with a rating beyond slot 3. */
export interface AgreementTally {
  datasetId: string;
  destinationId: string;
  pattern: number;
  pairs: number;
}

export interface ExpertTally {
  userId: string;
  pairs: number;
  abChoices: number;
  leftChoices: number;
  othersAgree: number;
  matchedOthers: number;
}

/** userA < userB. */
export interface ExpertPairTally {
  userA: string;
  userB: string;
  verdictA: Verdict;
  verdictB: Verdict;
  pairs: number;
}

export interface Tallies {
  agreement: AgreementTally[];
  experts: ExpertTally[];
  expertPairs: ExpertPairTally[];
}

/** Pattern counts of the tally rows that `keep` selects, and how many pairs had a rating beyond slot 3. */
export function patternCounts(
  rows: readonly AgreementTally[],
  keep: (r: AgreementTally) => boolean = () => true,
): { counts: Float64Array; wide: number } {
  const counts = new Float64Array(64);
  let wide = 0;
  for (const r of rows) {
    if (!keep(r) || r.pairs <= 0) continue;
    if (r.pattern < 0) wide += r.pairs;
    else counts[r.pattern] += r.pairs;
  }
  return { counts, wide };
}

/**
 * Statistics of one group: from the counts alone in the common case; when some pairs had a fourth rater
 * (`widePairs`, loaded whole, as they are rare), from the counts of every distinct verdict vector (classes.ts): the
 * general functions' figures without their pass over every pair per statistic and replicate, which held the server
 * for minutes at 20,000 pairs.
 */
export function groupStatsOfTallies(
  counts: Float64Array,
  widePairs: readonly RatedPair[],
  replicates = 1000,
  seed = 1,
): GroupStats {
  if (!widePairs.length) return statsOfCounts(counts, replicates, seed);
  return groupStatsOfClasses(classesOf(counts, widePairs), replicates, seed);
}

export function confusionOfTallies(counts: Float64Array, widePairs: readonly RatedPair[]): Record<string, number[][]> {
  if (!widePairs.length) return confusionFromCounts(counts);
  return confusionOfClasses(classesOf(counts, widePairs));
}

/** 3×3 tables of every two experts (rows: the first named expert's verdict), keyed "a\0b" with a < b. */
function expertTables(
  rows: readonly ExpertPairTally[],
): Map<string, { a: string; b: string; table: number[][]; shared: number }> {
  const m = new Map<string, { a: string; b: string; table: number[][]; shared: number }>();
  for (const r of rows) {
    if (r.pairs <= 0) continue;
    const k = `${r.userA}\u0000${r.userB}`;
    const e = m.get(k) ?? {
      a: r.userA,
      b: r.userB,
      table: [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      shared: 0,
    };
    e.table[verdictCode(r.verdictA)][verdictCode(r.verdictB)] += r.pairs;
    e.shared += r.pairs;
    m.set(k, e);
  }
  return m;
}

export interface ExpertExtras {
  /** Display name per user id. */
  names: ReadonlyMap<string, string>;
  /** Median time on task per user id, in seconds. */
  medianSeconds: ReadonlyMap<string, number>;
  skips?: ReadonlyMap<string, number>;
}

export function expertTableOfTallies(
  t: Pick<Tallies, "experts" | "expertPairs">,
  x: ExpertExtras,
  minShared = 5,
): ExpertRow[] {
  const tables = [...expertTables(t.expertPairs).values()];
  return t.experts
    .filter((e) => e.pairs > 0)
    .map((e) => {
      const peers = tables
        .filter((p) => (p.a === e.userId || p.b === e.userId) && p.shared >= minShared)
        .map((p) => cohenFromTable(p.table).value)
        .filter((k): k is number => k !== null);
      return {
        expert: x.names.get(e.userId) ?? e.userId,
        pairs: e.pairs,
        agreementWithOthers: e.othersAgree ? e.matchedOthers / e.othersAgree : null,
        cohenWithPeers: peers.length ? peers.reduce((s, k) => s + k, 0) / peers.length : null,
        medianSeconds: x.medianSeconds.get(e.userId) ?? null,
        leftShare: e.abChoices ? e.leftChoices / e.abChoices : null,
        ...(x.skips ? { skips: x.skips.get(e.userId) ?? 0 } : {}),
      };
    });
}

/** Cohen's kappa for every two experts who judged at least `minShared` of the same complete pairs, by name. */
export function expertPairKappasOfTallies(
  rows: readonly ExpertPairTally[],
  names: ReadonlyMap<string, string>,
  minShared = 5,
): ExpertPairKappa[] {
  const out: ExpertPairKappa[] = [];
  for (const p of expertTables(rows).values()) {
    if (p.shared < minShared) continue;
    const [a, b] = [names.get(p.a) ?? p.a, names.get(p.b) ?? p.b];
    out.push({ ...(a <= b ? { a, b } : { a: b, b: a }), shared: p.shared, kappa: cohenFromTable(p.table).value });
  }
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return out.sort((x, y) => cmp(x.a, y.a) || cmp(x.b, y.b));
}

export interface AnalyticsInput extends Tallies {
  names: {
    users: ReadonlyMap<string, string>;
    datasets: ReadonlyMap<string, string>;
    destinations: ReadonlyMap<string, string>;
  };
  /** Complete pairs with a rating beyond slot 3 (tally pattern -1), whole. */
  widePairs: readonly RatedPair[];
  medianSeconds: ReadonlyMap<string, number>;
  skips: ReadonlyMap<string, number>;
  days: readonly { day: string; judgments: number }[];
}

/** The analytics report: overall, per destination and per dataset, slot confusion, experts, expert pairs, progress. */
export function analyticsReport(x: AnalyticsInput, minShared = 5) {
  const groupOf = (key: "datasetId" | "destinationId", names: ReadonlyMap<string, string>) => {
    const out: Record<string, GroupStats> = {};
    for (const id of new Set(x.agreement.filter((r) => r.pairs > 0).map((r) => r[key]))) {
      const { counts } = patternCounts(x.agreement, (r) => r[key] === id);
      out[names.get(id) ?? id] = groupStatsOfTallies(
        counts,
        x.widePairs.filter((p) => p[key] === id),
      );
    }
    return out;
  };
  const all = patternCounts(x.agreement);
  return {
    overall: groupStatsOfTallies(all.counts, x.widePairs),
    byDestination: groupOf("destinationId", x.names.destinations),
    byDataset: groupOf("datasetId", x.names.datasets),
    confusion: confusionOfTallies(all.counts, x.widePairs),
    experts: expertTableOfTallies(
      x,
      { names: x.names.users, medianSeconds: x.medianSeconds, skips: x.skips },
      minShared,
    ),
    expertPairs: expertPairKappasOfTallies(x.expertPairs, x.names.users, minShared),
    // Each expert gives one verdict a pair: the pairs not chosen A or B were Neither.
    position: positionBias(
      x.experts
        .filter((e) => e.pairs > 0)
        .map((e) => ({
          userId: e.userId,
          name: x.names.users.get(e.userId) ?? e.userId,
          left: e.leftChoices,
          right: e.abChoices - e.leftChoices,
          neither: e.pairs - e.abChoices,
        })),
    ),
    minShared,
    progress: judgmentsPerDay(x.days),
  };
}
