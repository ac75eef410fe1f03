/**
 * What the pair browser says of a pair, from what its row holds: its status as people read it (waiting, in progress,
 * complete, decided by a judge) and the agreement of its experts (unanimous, majority, split, adjudicated), the
 * latter also as the lists of verdict patterns (Pair.verdictPattern, lib/judging/verdict) the store's SQL matches.
 */
import { codesOf, VERDICTS, type Verdict } from "../judging/verdict/browser";
import { labelOf } from "../results/agreement/browser";
import type { PairAgreement, PairStatusFilter } from "./pair-filter";

/** Every pattern of one to three verdicts (slots without one are MISSING), the 64 values a complete pair may have. */
const PATTERNS = Array.from({ length: 64 }, (_, p) => p).filter((p) => codesOf(p).length > 0);

/** The patterns whose verdicts are all the same (one rater's too). */
export const UNANIMOUS_PATTERNS: number[] = PATTERNS.filter((p) => new Set(codesOf(p)).size === 1);

/** The strict majority's verdict of each pattern 0–63 (index = pattern), null where there is none. */
export const MAJORITY_BY_PATTERN: (Verdict | null)[] = Array.from({ length: 64 }, (_, p) => {
  const verdicts = codesOf(p).map((c) => VERDICTS[c]);
  return verdicts.length ? labelOf(verdicts, verdicts.length, null).label : null;
});

/** A pair's status in the browser's words. */
export function pairStatusOf(r: { status: string; submittedCount: number; claimedCount: number }): PairStatusFilter {
  if (r.status === "COMPLETE") return "complete";
  if (r.status === "DECIDED") return "decided";
  return r.submittedCount > 0 || r.claimedCount > 0 ? "in_progress" : "waiting";
}

/** A complete pair's agreement (null before it is complete). */
export function agreementOf(
  verdicts: readonly Verdict[],
  r: { status: string; requiredRaters: number; adjudicated: Verdict | null },
): PairAgreement | null {
  if (r.status !== "COMPLETE" || verdicts.length === 0) return null;
  if (r.adjudicated) return "adjudicated";
  if (new Set(verdicts).size === 1) return "unanimous";
  return labelOf(verdicts, r.requiredRaters, null).label ? "majority" : "split";
}

/** A pair's label: a judge's decision, an admin's adjudication, else its experts' strict majority (null: none yet). */
export function pairLabelOf(
  verdicts: readonly Verdict[],
  r: { status: string; requiredRaters: number; adjudicated: Verdict | null; decided: Verdict | null },
): { verdict: Verdict; source: "majority" | "adjudication" | "judge" } | null {
  if (r.status === "DECIDED" && r.decided) return { verdict: r.decided, source: "judge" };
  if (r.status !== "COMPLETE") return null;
  const l = labelOf(verdicts, r.requiredRaters, r.adjudicated);
  return l.label ? { verdict: l.label, source: l.source === "adjudication" ? "adjudication" : "majority" } : null;
}
