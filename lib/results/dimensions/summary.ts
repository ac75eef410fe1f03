/**
 * A pair's dimension verdicts as the exports carry them: each expert's answer per dimension (slot order), the
 * per-dimension majority and the per-dimension agreement, computed from the judgments' stored answers.
 */
import { pairAgreement } from "../agreement";
import { dimensionRating, type DimensionAnswers, type DimensionVerdict } from "./set";
import { type Verdict } from "../../judging/verdict";

export interface DimensionSummary {
  /** Per dimension, each judgment's answer in slot order ("NA" where the expert found it not applicable). */
  dimension_verdicts: Record<string, DimensionVerdict[]>;
  /**
   * Per dimension, the answer more than half of the applicable answers give ("NA" when every expert found it not
   * applicable); null without such a majority.
   */
  dimension_majority: Record<string, DimensionVerdict | null>;
  /** Per dimension, the share of expert pairs that agree among the applicable answers ("about the same" is a tie); null below two. */
  dimension_agreement: Record<string, number | null>;
}

/** The summary of a pair's judgments' answers (null answers: judgments stored before the dataset asked any). */
export function dimensionSummary(answers: readonly (DimensionAnswers | null)[]): DimensionSummary | null {
  const keys: string[] = [];
  for (const a of answers) if (a) for (const k of Object.keys(a)) if (!keys.includes(k)) keys.push(k);
  if (!keys.length) return null;
  const out: DimensionSummary = { dimension_verdicts: {}, dimension_majority: {}, dimension_agreement: {} };
  for (const k of keys) {
    const given = answers.flatMap((a) => (a?.[k] ? [a[k].v] : []));
    const ratings = given.map(dimensionRating).filter((r): r is Verdict => r !== null);
    out.dimension_verdicts[k] = given;
    out.dimension_majority[k] = majorityOf(given);
    out.dimension_agreement[k] = pairAgreement(ratings);
  }
  return out;
}

function majorityOf(given: readonly DimensionVerdict[]): DimensionVerdict | null {
  const applicable = given.filter((v) => v !== "NA");
  if (!applicable.length) return given.length ? "NA" : null;
  for (const v of ["A", "B", "SAME"] as const)
    if (applicable.filter((x) => x === v).length * 2 > applicable.length) return v;
  return null;
}
