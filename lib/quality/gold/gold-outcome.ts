/**
 * What an expert's correction of a gold pair's altered plan did to the injected defect (issue 29, item 6: the
 * perturbations are corrections in reverse). `undone`: the corrected plan is the source again where the defect
 * was put (its day, or the whole plan for a defect of no one day); `fixed`: the defect's rule check passes, by
 * another edit; `left`: it still fails. A measure of the editor and of the experts, per defect kind.
 */
import type { QueryFacts } from "../../results/features";
import { failedChecks, runChecks, type CheckName, type DefectKind, type GoldPoiLookup } from "./";
import type { Itinerary } from "../../datasets";
import { sameData } from "../../corrections";

export const GOLD_OUTCOMES = ["undone", "fixed", "left"] as const;
export type GoldOutcome = (typeof GOLD_OUTCOMES)[number];

export function goldOutcome(
  defect: { kind: DefectKind; day: number | null },
  source: Itinerary,
  corrected: Itinerary,
  q: QueryFacts,
  poiOf: GoldPoiLookup,
): GoldOutcome {
  const d = defect.day;
  const restored =
    d !== null && d >= 1 && d <= source.days.length
      ? corrected.days.length === source.days.length && sameData(corrected.days[d - 1], source.days[d - 1])
      : sameData(corrected, source);
  if (restored) return "undone";
  return failedChecks(runChecks(corrected, q, poiOf)).has(defect.kind as CheckName) ? "left" : "fixed";
}

export interface GoldOutcomeRow {
  kind: DefectKind;
  corrections: number;
  undone: number;
  fixed: number;
  left: number;
  /** undone / corrections (null with none). */
  undoneShare: number | null;
}

/** Per defect kind: how the corrections of its gold pairs' altered plans went. */
export function goldOutcomeTable(rows: readonly { kind: DefectKind; outcome: GoldOutcome }[]): GoldOutcomeRow[] {
  const by = new Map<DefectKind, GoldOutcomeRow>();
  for (const r of rows) {
    const e = by.get(r.kind) ?? { kind: r.kind, corrections: 0, undone: 0, fixed: 0, left: 0, undoneShare: null };
    e.corrections++;
    e[r.outcome]++;
    e.undoneShare = e.undone / e.corrections;
    by.set(r.kind, e);
  }
  return [...by.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}
