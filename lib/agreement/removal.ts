/**
 * What removing one expert's judgments would do to agreement: their pairs fall out of the complete pairs
 * (they reopen for another expert), so the figures are recomputed over the complete pairs they did not judge.
 */
import { fleissKappa, krippendorffAlphaNominal, pairwiseAgreement } from "./kappa";
import { verdictCode } from "./labels";
import type { RatedPair } from "./report";

export interface AgreementFigures {
  pairs: number;
  pairwiseAgreement: number | null;
  fleissKappa: number | null;
  krippendorffAlpha: number | null;
}

export function agreementFigures(pairs: readonly RatedPair[]): AgreementFigures {
  const rows = pairs.map((p) => p.verdicts.map(verdictCode));
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0); // not Math.max(...rows): a million judgments overflow the stack
  const coders = Array.from({ length: width }, (_, s) => rows.map((r) => r[s] ?? null));
  const full = rows.filter((r) => r.length === width);
  return {
    pairs: pairs.length,
    pairwiseAgreement: rows.length ? pairwiseAgreement(rows).value : null,
    fleissKappa: full.length ? fleissKappa(full).value : null,
    krippendorffAlpha: rows.length ? krippendorffAlphaNominal(coders).value : null,
  };
}

export function removalEffect(
  pairs: readonly RatedPair[],
  userId: string,
): { before: AgreementFigures; after: AgreementFigures; reopened: number } {
  const kept = pairs.filter((p) => !p.userIds?.includes(userId));
  return { before: agreementFigures(pairs), after: agreementFigures(kept), reopened: pairs.length - kept.length };
}
