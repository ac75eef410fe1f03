/** Labels of complete pairs: the majority verdict (≥ 2 of 3), or an admin's adjudication of a 1-1-1 split. */
export type Verdict = "A" | "B" | "NEITHER";
/**
 * The verdicts in code order: a verdict's number is its place here (A 0, B 1, Neither 2), the one table every
 * statistic, pattern and model input uses. SQL's tj_verdict_code (prisma/functions) mirrors it for the tallies;
 * lib/db/results/tallies.itest.ts checks that the two agree.
 */
export const VERDICTS: readonly Verdict[] = ["A", "B", "NEITHER"];

/** A verdict's number (its place in VERDICTS); VERDICTS[code] turns it back. */
export function verdictCode(v: Verdict): number {
  return v === "A" ? 0 : v === "B" ? 1 : 2;
}

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

/** Training label: +1 = A better, −1 = B better, 0 = neither. */
export function trainingLabel(v: Verdict): 1 | -1 | 0 {
  return v === "A" ? 1 : v === "B" ? -1 : 0;
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
