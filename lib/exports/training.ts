/**
 * Training pairs for weight fitting: one record per labelled pair, JSONL as the fitting tools read it,
 * or CSV flattened to plan_a.<feature> columns.
 */
import { FEATURE_NAMES, reward, type PlanFeatures, type Weights } from "../results/features";
import { trainingLabel, type Verdict } from "../judging/verdict";
import type { DimensionSummary } from "../results/dimensions";
import { LABEL_SOURCE_KEYS, type JudgeDecisionLabel, type LabelSourceFields } from "./records";

export interface TrainingPlan {
  plan_id: string;
  features: Record<(typeof FEATURE_NAMES)[number], number | null>;
  reward: number;
}

export interface TrainingPair extends LabelSourceFields {
  pair_id: string;
  query_id: string;
  destination: string;
  split: string | null;
  label: 1 | -1 | 0;
  plan_a: TrainingPlan;
  plan_b: TrainingPlan;
  /** Dawid–Skene's label and posterior (soft label), beside the majority label (null on a judge's row); not in the CSV. */
  ds_label?: Verdict | null;
  ds_posterior?: Record<Verdict, number> | null;
  /** Per-dimension answers, majority and agreement where the dataset asks dimensions; not in the CSV. */
  dimension_verdicts?: DimensionSummary["dimension_verdicts"];
  dimension_majority?: DimensionSummary["dimension_majority"];
  dimension_agreement?: DimensionSummary["dimension_agreement"];
}

// A loop rather than Object.fromEntries and spreads: this runs twice per exported row.
function plan(id: string, stored: Partial<PlanFeatures> | null, weights: Weights): TrainingPlan {
  const features = {} as Record<string, number | null>;
  for (const f of FEATURE_NAMES) features[f] = (stored?.[f] as number | null | undefined) ?? null;
  const shown = features as TrainingPlan["features"];
  // A plan imported without features has passed no gate: it scores as a format failure (-3), or as a
  // commonsense failure (0) without that gate's score; otherwise both gates are there and reward() applies.
  const r =
    shown.format === null
      ? -3
      : shown.commonsense === null
        ? shown.format < 0
          ? -3
          : 0
        : reward(shown as PlanFeatures, weights);
  return { plan_id: id, features: shown, reward: r };
}

export function trainingPair(
  row: {
    pairId: string;
    queryId: string;
    destination: string;
    split: string | null;
    planAId: string;
    planBId: string;
    featuresA: unknown;
    featuresB: unknown;
  },
  label: Verdict,
  weights: Weights,
  decision: JudgeDecisionLabel | null = null,
): TrainingPair {
  return {
    pair_id: row.pairId,
    query_id: row.queryId,
    destination: row.destination,
    split: row.split,
    label: trainingLabel(label),
    // Written out rather than spread from labelSourceFields: this runs once per exported pair.
    label_source: decision ? "judge" : "experts",
    label_judge: decision?.judge ?? null,
    label_threshold: decision?.threshold ?? null,
    label_confidence: decision?.confidence ?? null,
    plan_a: plan(row.planAId, row.featuresA as Partial<PlanFeatures> | null, weights),
    plan_b: plan(row.planBId, row.featuresB as Partial<PlanFeatures> | null, weights),
  };
}

export const TRAINING_CSV_COLUMNS = [
  "pair_id",
  "query_id",
  "destination",
  "split",
  "label",
  ...LABEL_SOURCE_KEYS,
  ...(["plan_a", "plan_b"] as const).flatMap((p) => [
    `${p}.plan_id`,
    ...FEATURE_NAMES.map((f) => `${p}.${f}`),
    `${p}.reward`,
  ]),
];

/**
 * RFC 4180: quote fields holding quotes, commas or line breaks; double the quotes. Text that a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return: rationales, notes, names) gets a
 * leading apostrophe, as OWASP recommends against CSV injection; numbers stay numbers.
 */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "string" ? (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvField).join(",") + "\r\n";
}

export function trainingCsvRow(t: TrainingPair): string {
  const planCells = (p: TrainingPlan) => [p.plan_id, ...FEATURE_NAMES.map((f) => p.features[f]), p.reward];
  return csvLine([
    t.pair_id,
    t.query_id,
    t.destination,
    t.split,
    t.label,
    t.label_source,
    t.label_judge,
    t.label_threshold,
    t.label_confidence,
    ...planCells(t.plan_a),
    ...planCells(t.plan_b),
  ]);
}
