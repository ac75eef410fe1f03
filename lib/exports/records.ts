/**
 * What each export kind writes, one record per line (JSONL) or row (CSV), and the filters every kind
 * takes. lib/exports/store/exports.ts reads them from the database; lib/exports/kinds.ts serializes them.
 */
import { createHash } from "node:crypto";
import type { TrainingPair } from "./training";
import { type DimensionVerdict, type DimensionSummary } from "../results/dimensions";
import { type Verdict } from "../judging/verdict";
import { labelOf } from "../results/agreement";
import { col, type Columns } from "./parquet";
import type { PairFilter } from "../review";

export interface ExportFilters {
  datasetId?: string | null;
  destinationId?: string | null;
  /** Judgments submitted in [from, to). */
  from?: Date | null;
  to?: Date | null;
  /** Raw judgments of complete pairs only (labelled and training pairs are always complete). */
  completeOnly?: boolean;
  /** Annotations: only each request's newest FINAL version. */
  finalOnly?: boolean;
  /** Corrections: only those the blind verification accepted. */
  verifiedOnly?: boolean;
  /**
   * Pair-level exports: the experts' labels only ("experts", the default), or also the pairs a judge decided (DECIDED,
   * its JudgeDecision's verdict as their label: "all"). Raw judgments, annotations and corrections are the experts' own.
   */
  labelSource?: LabelSourceFilter;
  /** Pairs: only pairs in this state (`waiting`: open or in progress, i.e. neither complete nor decided). */
  pairStatus?: PairStatusFilter;
  /** Pairs: only pairs one of whose plans this planner wrote (its `model` label). */
  planner?: string;
  /** Battles: an uploaded judge's verdicts as battles (JudgeVerdict), instead of the experts' judgments. */
  judge?: string;
  /** Judgments: add the rejected ones (RejectedJudgment), marked review_status "rejected" (include_rejected=true). */
  includeRejected?: boolean;
  /**
   * The pair browser's filter (`pair_filter`, lib/review/pair-filter.ts): only the pairs it matches, and the judgments
   * of those pairs. Exports of pairs and judgments only (annotations and corrections refuse it).
   */
  pairs?: PairFilter | null;
}

/** A pair's state as the pairs export says it: OPEN split by whether an expert has it yet, COMPLETE, DECIDED. */
export const PAIR_STATUSES = ["open", "in_progress", "complete", "decided"] as const;
export type PairRecordStatus = (typeof PAIR_STATUSES)[number];
/** The pairs export's status filter: one state, or `waiting` (open or in progress: still the experts' to judge). */
export const PAIR_STATUS_FILTERS = ["waiting", ...PAIR_STATUSES] as const;
export type PairStatusFilter = (typeof PAIR_STATUS_FILTERS)[number];

export const LABEL_SOURCE_FILTERS = ["experts", "all"] as const;
export type LabelSourceFilter = (typeof LABEL_SOURCE_FILTERS)[number];

/**
 * Where a record's label comes from, in four flat fields so JSONL, CSV and Parquet carry it alike: "experts" (their
 * judgments: the other three null) or "judge" (a judge decided the pair under guaranteed escalation: its name, the
 * threshold its confidence cleared, and that confidence). An audit pair, decided and still judged by the experts,
 * has the experts' label and says "experts".
 */
export interface LabelSourceFields {
  label_source: "experts" | "judge";
  label_judge: string | null;
  label_threshold: number | null;
  label_confidence: number | null;
}

export const LABEL_SOURCE_KEYS = ["label_source", "label_judge", "label_threshold", "label_confidence"] as const;

/** The same four fields as Parquet columns, in every kind that has a label. */
export const LABEL_SOURCE_COLUMNS: Columns = {
  label_source: col.string(),
  label_judge: col.nullable(col.string()),
  label_threshold: col.nullable(col.double()),
  label_confidence: col.nullable(col.double()),
};

/** A judge's decision on a pair (JudgeDecision), as the pair-level exports read it with the pair's row. */
export interface JudgeDecisionLabel {
  judge: string;
  verdict: Verdict;
  confidence: number;
  threshold: number;
}

/** The label-source fields of a record: the judge's decision where the pair has one that labels it, else the experts'. */
export function labelSourceFields(d: JudgeDecisionLabel | null | undefined): LabelSourceFields {
  return d
    ? { label_source: "judge", label_judge: d.judge, label_threshold: d.threshold, label_confidence: d.confidence }
    : { label_source: "experts", label_judge: null, label_threshold: null, label_confidence: null };
}

/**
 * A pair's label as every labelled export gives it: a judge's decision where one labels the pair (a DECIDED pair's;
 * an audit pair's is the experts'), else the experts' verdicts in slot order (labelOf: majority or adjudication).
 * The pair's page (lib/review) shows the same.
 */
export function pairLabel(
  verdicts: readonly Verdict[],
  requiredRaters: number,
  adjudicated: Verdict | null,
  decision: JudgeDecisionLabel | null | undefined,
): { label: Verdict | null; basis: LabelBasis } {
  if (decision) return { label: decision.verdict, basis: "judge" };
  const l = labelOf(verdicts, requiredRaters, adjudicated);
  return { label: l.label, basis: l.source };
}

export interface JudgmentRecord extends LabelSourceFields {
  pair_id: string;
  query_id: string;
  destination: string;
  expert: string;
  slot: number;
  verdict: Verdict;
  rationale: string;
  time_on_task_ms: number;
  /** Which of the pair's plans the expert saw on the left. */
  left_plan: "A" | "B";
  claimed_at: string;
  submitted_at: string;
  /** 1 slightly, 2 clearly, 3 decisively better, with an A or B verdict on a dataset with preference strength; else null. */
  strength: number | null;
  /** −3…+3, negative = A better, Neither 0 (HelpSteer3's convention); null for A or B without a strength. */
  signed_preference: number | null;
  /**
   * Reviewers' decision (docs/reviewers.md): "none" (never reviewed), "commented" (comments only), "accepted", or
   * "rejected" (only with include_rejected: a rejected judgment is in no other export or figure).
   */
  review_status: "none" | "commented" | "accepted" | "rejected";
  /** The reviewer whose action gave the status, pseudonymous as experts are (an address with names); null for none. */
  reviewed_by: string | null;
  /** A rejection's reason, or a commented judgment's last comment; null otherwise. */
  review_reason: string | null;
  /** Per dimension, where the dataset asks them (absent otherwise): the answer in the pair's terms and its strength. */
  dimensions?: Record<string, { verdict: DimensionVerdict; strength: number | null }>;
}

/**
 * How a labelled pair's label was reached: a strict majority, an admin's adjudication, a split not adjudicated (no
 * label), a date range that kept only part of the pair's judgments (no label), a judge's decision (label_source=all).
 * docs/admins.md says what each means; lib/exports/docs.test.ts holds it to this list.
 */
export const LABEL_BASES = ["majority", "adjudication", "unresolved", "incomplete", "judge"] as const;
export type LabelBasis = (typeof LABEL_BASES)[number];

export interface LabelledPairRecord extends LabelSourceFields {
  pair_id: string;
  query_id: string;
  destination: string;
  plan_a: string;
  plan_b: string;
  verdicts: Verdict[];
  label: Verdict | null;
  /** How the label was reached (LABEL_BASES): the experts' majority or an adjudication (or none), or a judge's decision. */
  label_basis: LabelBasis;
  agreement: number | null;
  /**
   * Dawid–Skene's label and posterior (soft label) for the pair, fitted on every judgment of complete pairs; null on a
   * judge's row (the model is of the experts: that row's soft label is its label_confidence).
   */
  ds_label: Verdict | null;
  ds_posterior: SoftLabel | null;
  /** Where the dataset asks dimensions (lib/results/dimensions/summary.ts); absent otherwise. */
  dimension_verdicts?: DimensionSummary["dimension_verdicts"];
  dimension_majority?: DimensionSummary["dimension_majority"];
  dimension_agreement?: DimensionSummary["dimension_agreement"];
  /** The request's split (the dataset's own, or by --split and --seed): a request's pairs are all in one. */
  split: string;
}

export type SoftLabel = Record<Verdict, number>;

export interface AnnotationRecord {
  query_id: string;
  source_id: string;
  dataset: string;
  destination: string;
  version: number;
  stage: string;
  parent_version: number | null;
  /** Pseudonymous like experts in raw judgments; null for imported versions. */
  author: string | null;
  created_at: string;
  note: string | null;
  constraints: { code: string; note: string }[];
}

/** A judgment as a battle between the two plans' planners, in FastChat's battle shape (self-battles left out). */
export interface BattleRecord extends LabelSourceFields {
  /**
   * The pair's id, under lmarena's field name: what `tripjudge leaderboard --judge-battles` matches a judge's battle
   * to the experts' battles by (each of a pair's judgments carries it; a judge's battle on the pair too).
   */
  id: string;
  model_a: string;
  model_b: string;
  winner: "model_a" | "model_b" | "tie";
  query_id: string;
  pair_id: string;
  destination: string;
  /** Pseudonymous like experts in raw judgments; a judge's battle (label_source=all, or an uploaded judge's) names the judge. */
  judge: string;
  /** The planner whose plan the expert saw on the left; null on a judge's battle (no screen). */
  left: "model_a" | "model_b" | null;
  submitted_at: string;
  /**
   * Per dimension, where the dataset asks them (absent otherwise): the winner by that dimension's answer, "about the
   * same" a tie, null for not applicable (`tripjudge leaderboard --dimension KEY` reads it).
   */
  dimensions?: Record<string, "model_a" | "model_b" | "tie" | null>;
  /** The request's split, as the preference pairs and labelled pairs give it. */
  split: string;
}

/**
 * A pair of the experts' queue with its query and both plans as published (the `pairs` export): what an admin runs
 * their own judge on, its verdicts then uploaded by `pair_id` (docs/admins.md, Judges). Gold pairs are not pairs of
 * the queue and are not exported.
 */
export interface PairRecord {
  pair_id: string;
  dataset_id: string;
  dataset: string;
  destination: string;
  /** open: no expert has it yet; in_progress: judged or claimed, short of its raters; complete; decided by a judge. */
  status: PairRecordStatus;
  /** The experts' judgments so far, and how many the pair needs. */
  judgments: number;
  required_raters: number;
  /** Its part in the dataset's guaranteed escalation: in the calibration sample, an audit pair, or neither (null). */
  escalation: "calibration" | "audit" | null;
  /** A correction against its source plan (a verification pair), judged like any pair. */
  verification: boolean;
  query_id: string;
  query_text: string;
  /** Each plan's id, its planner (the plan's `model`) and the plan as its dataset published it (JSON text). */
  plan_a: string;
  plan_a_planner: string;
  plan_a_text: string;
  plan_b: string;
  plan_b_planner: string;
  plan_b_text: string;
}

/** A preference pair in its trainer's shape (lib/exports/preference.ts): keys vary with the target and options. */
export type PreferenceRecord = Record<string, unknown>;

export type ExportRecord =
  JudgmentRecord | LabelledPairRecord | TrainingPair | AnnotationRecord | BattleRecord | PairRecord | PreferenceRecord;

/** The review columns of raw judgments, in order (every format). */
export const REVIEW_KEYS = ["review_status", "reviewed_by", "review_reason"] as const;

export const REVIEW_COLUMNS: Columns = {
  review_status: col.string(),
  reviewed_by: col.nullable(col.string()),
  review_reason: col.nullable(col.string()),
};

/** A stable pseudonym: the same expert gets the same id in every export, and it reveals nothing. */
export function pseudonym(userId: string, salt: string): string {
  return `expert-${createHash("sha256").update(`${salt}:${userId}`).digest("hex").slice(0, 10)}`;
}
