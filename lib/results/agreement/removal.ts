/**
 * What removing one expert's judgments would do to agreement: their pairs fall out of the complete pairs
 * (they reopen for another expert), so the figures are recomputed over the complete pairs they did not judge.
 */
import { fleissKappa, krippendorffAlphaNominal, pairwiseAgreement } from "./kappa";
import { codesOf, verdictCode } from "../../judging/verdict";
import type { RatedPair } from "./report";

export interface AgreementFigures {
  pairs: number;
  pairwiseAgreement: number | null;
  fleissKappa: number | null;
  krippendorffAlpha: number | null;
}

/** The figures over rows of verdict codes in slot order (one row per complete pair). */
function figuresOfRows(rows: readonly (readonly number[])[]): AgreementFigures {
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0); // not Math.max(...rows): a million judgments overflow the stack
  const coders = Array.from({ length: width }, (_, s) => rows.map((r) => r[s] ?? null));
  const full = rows.filter((r) => r.length === width);
  return {
    pairs: rows.length,
    pairwiseAgreement: rows.length ? pairwiseAgreement(rows as number[][]).value : null,
    fleissKappa: full.length ? fleissKappa(full as number[][]).value : null,
    krippendorffAlpha: rows.length ? krippendorffAlphaNominal(coders).value : null,
  };
}

/**
 * The effect from the tallies, without reading every complete pair (tests hold it to ./testing.ts's removalEffect
 * over every pair): `all` counts complete pairs per verdict pattern (AgreementTally, summed over groups), `theirs`
 * those of them the expert judged; pairs with a rating beyond slot 3 (no pattern) come whole in `wide`. The rows of
 * one pattern are one shared array.
 */
export function removalEffectFromPatterns(
  all: ReadonlyMap<number, number>,
  theirs: ReadonlyMap<number, number>,
  wide: readonly RatedPair[],
  userId: string,
): { before: AgreementFigures; after: AgreementFigures; reopened: number } {
  const wideRows = (keep: (p: RatedPair) => boolean) => wide.filter(keep).map((p) => p.verdicts.map(verdictCode));
  const rowsOf = (count: (pattern: number, n: number) => number) => {
    const rows: number[][] = [];
    for (const [pattern, n] of all) {
      const codes = codesOf(pattern);
      for (let k = count(pattern, n); k > 0; k--) rows.push(codes);
    }
    return rows;
  };
  const before = [...rowsOf((_, n) => n), ...wideRows(() => true)];
  const after = [
    ...rowsOf((pattern, n) => n - (theirs.get(pattern) ?? 0)),
    ...wideRows((p) => !p.userIds?.includes(userId)),
  ];
  return { before: figuresOfRows(before), after: figuresOfRows(after), reopened: before.length - after.length };
}
