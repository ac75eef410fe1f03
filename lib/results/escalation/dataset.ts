/**
 * Guaranteed escalation on a dataset: its settings, and one step of it as the worker runs it — calibrate the
 * cascade on the calibration sample once the experts have labelled it, decide the untouched pairs a judge is sure
 * enough of (an audit share of them stays with the experts), and pause when the audit shows the judges below the
 * promised agreement. Pure: lib/results/store/escalation.ts reads the database and applies the outcome.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { binomLowerTail, wilson } from "../../kernel";
import type { Verdict } from "../../judging/verdict";
import { calibrateCascade, decideItems, type StageCalibration } from "./calibrate";
import type { EscalationItem, JudgeCall } from "./items";
import { MIN_ITEMS_AT_THRESHOLD, riskProblem } from "./limits";

/** α or δ: a number in its open range (limits.ts), said in the words the command line uses. */
const risk = (name: "alpha" | "delta") =>
  z
    .number(`${name} must be a number`)
    .refine((x) => riskProblem(name, x) === null, { error: (i) => riskProblem(name, i.input as number) ?? "" })
    .default(0.1);

/** Each field's message names it: the API answers them under their paths (settings.alpha, …). */
export const escalationSettings = z.strictObject({
  /** Cheapest first; each later judge sees only the pairs the earlier ones left. */
  judges: z
    .array(z.string().trim().min(1, "a judge's name is empty").max(120, "a judge's name is at most 120 characters"), {
      error: "judges must be a list of judge names, cheapest first",
    })
    .min(1, "name at least one judge")
    .max(5, "a cascade of at most 5 judges")
    .refine((j) => new Set(j).size === j.length, "a judge is named twice"),
  alpha: risk("alpha"),
  delta: risk("delta"),
  /** Pairs drawn at random for the experts to label first; thresholds are set on them. */
  calibrationPairs: z
    .number("calibrationPairs must be a number")
    .int("calibrationPairs must be a whole number")
    .min(
      MIN_ITEMS_AT_THRESHOLD,
      `calibrationPairs must be at least ${MIN_ITEMS_AT_THRESHOLD} (the fewest a threshold is tested on)`,
    )
    .max(5000, "calibrationPairs must be at most 5000")
    .default(200),
  /** Share of the pairs a judge decides that the experts still judge, to keep measuring agreement. */
  auditShare: z
    .number("auditShare must be a number")
    .min(0, "auditShare must be at least 0")
    .max(0.5, "auditShare must be at most 0.5 (half the decided pairs)")
    .default(0.05),
});
export type EscalationSettings = z.output<typeof escalationSettings>;
export type EscalationSettingsInput = z.input<typeof escalationSettings>;

/** Audits needed before the audit may pause the decisions (fewer cannot show much at usual α and δ). */
export const MIN_AUDITS = 10;

/** Where a pair falls in [0, 1) for the audit draw: the first 32 bits of md5(id + ":audit") (fixed per pair). */
export function auditDraw(pairId: string): number {
  return createHash("md5").update(`${pairId}:audit`).digest().readUInt32BE(0) / 4294967296;
}

export interface JudgeAudit {
  judge: string;
  /** Audit pairs the experts completed with a majority, and how many of them agree with the judge's verdict. */
  audited: number;
  agreed: number;
  /** Wilson 95 % interval on the agreement; null before any audit. */
  agreement: { share: number; ci95: [number, number] } | null;
  /**
   * The exact one-sided binomial p-value of "disagreement ≤ α" given the audits: small means the audit shows the
   * judge below the promised agreement.
   */
  pValue: number | null;
}

/** Per judge: the exact binomial test of its audits against the promise (pause when p ≤ δ, with ≥ MIN_AUDITS). */
export function auditJudge(
  judge: string,
  audits: readonly { verdict: Verdict; human: Verdict }[],
  { alpha }: Pick<EscalationSettings, "alpha">,
): JudgeAudit {
  const audited = audits.length;
  const agreed = audits.filter((a) => a.verdict === a.human).length;
  const wrong = audited - agreed;
  // P(Binomial(n, α) ≥ wrong) = 1 − P(Binomial(n, α) ≤ wrong − 1).
  const pValue = audited ? (wrong === 0 ? 1 : 1 - binomLowerTail(wrong - 1, audited, alpha)) : null;
  return { judge, audited, agreed, agreement: wilson(agreed, audited), pValue };
}

/** Why the decisions are paused, or null: the first judge whose audit rejects the promise at level δ. */
export function pauseReason(audits: readonly JudgeAudit[], settings: EscalationSettings): string | null {
  for (const a of audits) {
    if (a.audited < MIN_AUDITS || a.pValue === null || a.pValue > settings.delta) continue;
    const share = ((100 * a.agreed) / a.audited).toFixed(1);
    return (
      `${a.judge} agreed with the experts on ${a.agreed} of ${a.audited} audit pairs (${share} %), below the ` +
      `promised ${(100 * (1 - settings.alpha)).toFixed(0)} % (exact binomial test p = ${a.pValue.toPrecision(2)} ≤ δ = ` +
      `${settings.delta}): its decisions went back to the experts. Recalibrate, change the judges, or turn escalation off.`
    );
  }
  return null;
}

/** A pair of the dataset as the step sees it. */
export interface EscalationPair {
  id: string;
  /** In the calibration sample. */
  calibration: boolean;
  /** The experts' strict majority on a complete pair; null otherwise (open, or no strict majority). */
  human: Verdict | null;
  complete: boolean;
  /** Open, outside the sample, never claimed or judged, and not yet decided: a judge may decide it. */
  untouched: boolean;
  /** The judges' calls on the pair (a judge without one abstains there). */
  judges: Map<string, JudgeCall>;
}

export interface EscalationDecision {
  pairId: string;
  judge: string;
  verdict: Verdict;
  confidence: number;
  threshold: number;
  audit: boolean;
}

export type EscalationPhase =
  | { phase: "calibrating"; labelled: number; sample: number }
  | { phase: "deciding"; stages: StageCalibration[]; calibrationItems: number };

/**
 * One step before the audit: while a calibration pair is still open, wait; once all are complete, calibrate on
 * those with a strict majority (a pair without one has no experts' answer to agree with) and decide the
 * untouched pairs. The audit draw is fixed per pair, so a step repeated decides the same way.
 */
export function escalationStep(
  pairs: Iterable<EscalationPair>,
  settings: EscalationSettings,
): { phase: EscalationPhase; decisions: EscalationDecision[] } {
  const calibration: EscalationItem[] = [];
  const candidates: EscalationItem[] = [];
  let sample = 0,
    labelled = 0;
  for (const p of pairs) {
    if (p.calibration) {
      sample++;
      if (p.complete) {
        labelled++;
        if (p.human) calibration.push({ id: p.id, human: p.human, judges: p.judges });
      }
    } else if (p.untouched && p.judges.size) candidates.push({ id: p.id, human: null, judges: p.judges });
  }
  if (labelled < sample || sample === 0) return { phase: { phase: "calibrating", labelled, sample }, decisions: [] };
  const stages = calibrateCascade(calibration, settings.judges, settings);
  const thresholds = new Map(stages.map((s) => [s.judge, s.threshold]));
  const decisions: EscalationDecision[] = [];
  const byId = new Map(candidates.map((c) => [c.id, c]));
  for (const d of decideItems(candidates, stages)) {
    if (d.judge === null || d.verdict === null) continue;
    decisions.push({
      pairId: d.id,
      judge: d.judge,
      verdict: d.verdict,
      confidence: byId.get(d.id)!.judges.get(d.judge)!.confidence,
      threshold: thresholds.get(d.judge)!,
      audit: auditDraw(d.id) < settings.auditShare,
    });
  }
  return { phase: { phase: "deciding", stages, calibrationItems: calibration.length }, decisions };
}
