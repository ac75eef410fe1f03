/** Labels of complete pairs: the majority verdict (≥ 2 of 3), or an admin's adjudication of a 1-1-1 split. */
import type { Verdict } from "../../judging/verdict";

export type PairLabel =
  { label: Verdict; source: "majority" | "adjudication" } | { label: null; source: "unresolved" | "incomplete" };

/** A strict majority of the required raters' verdicts; no majority (e.g. 1-1-1) is unresolved. */
export function majority(verdicts: readonly Verdict[], required = verdicts.length): PairLabel {
  if (verdicts.length < required || verdicts.length === 0) return { label: null, source: "incomplete" };
  const counts = new Map<Verdict, number>();
  for (const v of verdicts) counts.set(v, (counts.get(v) ?? 0) + 1);
  for (const [v, n] of counts) if (n * 2 > verdicts.length) return { label: v, source: "majority" };
  return { label: null, source: "unresolved" };
}

export function labelOf(verdicts: readonly Verdict[], required: number, adjudicated: Verdict | null): PairLabel {
  if (adjudicated) return { label: adjudicated, source: "adjudication" };
  return majority(verdicts, required);
}

/** Agreement of one pair: share of its rater pairs that agree. */
export function pairAgreement(verdicts: readonly Verdict[]): number | null {
  let agree = 0;
  let pairs = 0;
  for (let i = 0; i < verdicts.length; i++)
    for (let j = i + 1; j < verdicts.length; j++) {
      pairs++;
      if (verdicts[i] === verdicts[j]) agree++;
    }
  return pairs ? agree / pairs : null;
}
