/**
 * How the Judges page words a dataset's escalation, per judge of the cascade: its threshold (or why it has none) and
 * its coverage. Pure, for the page (browser.ts) and its tests; `thresholdCase` gives the parts the page words in the
 * reader's language (docs/languages.md), `thresholdText` their English.
 */
import { MIN_ITEMS_AT_THRESHOLD } from "./limits";

/** A judge's calibration as the last step stored it. */
export interface StageShown {
  threshold: number | null;
  calibrationItems: number;
}

/**
 * The threshold cell: the threshold, or why the judge decides nothing. A later judge of a cascade that no calibration
 * pair reached (the earlier ones decided them all) says so, rather than "abstains" as if it had failed its test.
 */
export function thresholdText(stage: StageShown, position: number): string {
  const c = thresholdCase(stage, position);
  if (c.kind === "unreached") return "no pair reached this judge (the earlier judges decided every calibration pair)";
  if (c.kind === "few")
    return `abstains on all (only ${c.items} calibration pairs reached it; a threshold is tested on ${c.minimum} or more)`;
  if (c.kind === "unkept") return "abstains on all (no threshold kept the promise)";
  if (c.kind === "all") return "0 (decides all it has a call on)";
  return c.threshold;
}

/** The threshold cell's case, and its figures (the threshold to four decimals). */
export type ThresholdCase =
  | { kind: "unreached" }
  | { kind: "unkept" }
  | { kind: "all" }
  | { kind: "few"; items: number; minimum: number }
  | { kind: "value"; threshold: string };

export function thresholdCase(stage: StageShown, position: number): ThresholdCase {
  if (stage.threshold === null) {
    if (stage.calibrationItems === 0 && position > 0) return { kind: "unreached" };
    if (stage.calibrationItems < MIN_ITEMS_AT_THRESHOLD)
      return { kind: "few", items: stage.calibrationItems, minimum: MIN_ITEMS_AT_THRESHOLD };
    return { kind: "unkept" };
  }
  if (stage.threshold === 0) return { kind: "all" };
  return { kind: "value", threshold: stage.threshold.toFixed(4) };
}

/** A judge's decisions so far: out of the queue, and audit pairs (decided, and still judged by the experts). */
export interface JudgeDecisions {
  decided: number;
  audit: number;
}

/**
 * A judge's coverage: every pair outside the sample it decided, audit pairs included — it was sure enough of those
 * too; the audit only keeps the experts judging a random share of them. Saved judgments count the others only.
 */
export function coverage(
  d: JudgeDecisions | undefined,
  outsideSample: number,
): { pairs: number; share: number | null } {
  const pairs = d ? d.decided + d.audit : 0;
  return { pairs, share: outsideSample > 0 ? pairs / outsideSample : null };
}
