/**
 * Preference strength (issue 27): an A or B verdict may carry 1 (slightly), 2 (clearly) or 3 (decisively better).
 * The signed preference runs −3…+3 with negative = A better (HelpSteer3's and Potato's convention) and Neither 0
 * (lib/judging/verdict/ signedPreference).
 * Also: is an expert's strength calibrated — is their "decisively" shared by the other experts more often than
 * their "slightly"?
 */
import { wilson, type Proportion } from "../../kernel";
import { SIGNED_VALUES, signedIndex, signedPreference, type Verdict } from "../../judging/verdict";

/** The signed preference and its categories are lib/judging/verdict/'s, re-exported: the entry point has offered them. */
export { signedPreference, SIGNED_VALUES, signedIndex };

export type Strength = 1 | 2 | 3;
export const STRENGTHS: readonly Strength[] = [1, 2, 3];
export const STRENGTH_WORDS: Record<Strength, string> = { 1: "slightly", 2: "clearly", 3: "decisively" };

export interface StrengthJudgment {
  pairId: string;
  userId: string;
  verdict: Verdict;
  strength: number | null;
}

export interface StrengthCalibration {
  userId: string;
  /** Per stated strength: the other experts' verdicts on the same pairs, and the share on the same side. */
  byStrength: Record<Strength, { stated: number; others: number; shared: Proportion | null }>;
  /** Their "decisively" is shared no more often than their "slightly" (both with others' verdicts): shown, not flagged. */
  flat: boolean;
}

/** One expert's stated strength: how many judgments had other experts' verdicts beside them, and how many of those agreed. */
export interface StrengthCounts {
  userId: string;
  strength: number;
  /** Judgments with this strength that have at least one other verdict on their pair. */
  stated: number;
  /** The other experts' verdicts on those pairs, and how many chose the same side. */
  others: number;
  same: number;
}

/**
 * For each expert and stated strength, how often the other experts of the same pairs chose the same side (each
 * other verdict counts once; Neither counts as not the same side), with Wilson intervals.
 */
export function strengthCalibration(judgments: readonly StrengthJudgment[]): StrengthCalibration[] {
  const byPair = new Map<string, StrengthJudgment[]>();
  for (const j of judgments) {
    const list = byPair.get(j.pairId);
    if (list) list.push(j);
    else byPair.set(j.pairId, [j]);
  }
  const counts = new Map<string, StrengthCounts>();
  for (const list of byPair.values())
    for (const j of list) {
      if (j.verdict === "NEITHER" || j.strength === null || list.length < 2) continue;
      const key = `${j.userId}\u0000${j.strength}`;
      let c = counts.get(key);
      if (!c) counts.set(key, (c = { userId: j.userId, strength: j.strength, stated: 0, others: 0, same: 0 }));
      c.stated++;
      for (const o of list)
        if (o !== j) {
          c.others++;
          if (o.verdict === j.verdict) c.same++;
        }
    }
  return calibrationOf([...counts.values()]);
}

/** The calibration from counts (the database adds them up: lib/quality/store/). */
export function calibrationOf(counts: readonly StrengthCounts[]): StrengthCalibration[] {
  const byUser = new Map<string, StrengthCounts[]>();
  for (const c of counts) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
  return [...byUser]
    .map(([userId, cs]) => {
      const byStrength = Object.fromEntries(
        STRENGTHS.map((s) => {
          const c = cs.find((x) => x.strength === s);
          return [s, { stated: c?.stated ?? 0, others: c?.others ?? 0, shared: c ? wilson(c.same, c.others) : null }];
        }),
      ) as StrengthCalibration["byStrength"];
      const lo = byStrength[1].shared;
      const hi = byStrength[3].shared;
      return { userId, byStrength, flat: !!lo && !!hi && hi.share <= lo.share };
    })
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}
