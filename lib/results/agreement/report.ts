/**
 * The analytics report's shapes — one row per complete pair (RatedPair), a group's statistics, an expert's row, two
 * experts' kappa — and the statistics of a group from its verdict-pattern counts (what the tallies hold). The same
 * figures over every pair, row by row, are the definitions tests hold these to (./testing.ts).
 */
import { noiseCeiling, type Stat } from "./kappa";
import type { Interval } from "./bootstrap";
import { bootstrapAll, statsFromCounts, unresolvedPattern } from "./patterns";
import { type Verdict } from "../../judging/verdict";

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

/** Judgments per day (UTC), for the progress chart. */
export function judgmentsPerDay(
  days: readonly { day: string; judgments: number }[],
): { day: string; judgments: number; cumulative: number }[] {
  let total = 0;
  return [...days]
    .sort((x, y) => x.day.localeCompare(y.day))
    .map((d) => ({ ...d, cumulative: (total += d.judgments) }));
}
