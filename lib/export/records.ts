/**
 * What each export kind writes, one record per line (JSONL) or row (CSV), and the filters every kind
 * takes. lib/db/exports.ts reads them from the database; lib/export/kinds.ts serializes them.
 */
import { createHash } from "node:crypto";
import type { Verdict } from "../agreement/labels";
import type { TrainingPair } from "./training";

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
}

export interface JudgmentRecord {
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
}

export interface LabelledPairRecord {
  pair_id: string;
  query_id: string;
  destination: string;
  plan_a: string;
  plan_b: string;
  verdicts: Verdict[];
  label: Verdict | null;
  label_source: "majority" | "adjudication" | "unresolved" | "incomplete";
  agreement: number | null;
  /** Dawid–Skene's label and posterior (soft label) for the pair, fitted on every judgment of complete pairs. */
  ds_label: Verdict | null;
  ds_posterior: SoftLabel | null;
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
export interface BattleRecord {
  model_a: string;
  model_b: string;
  winner: "model_a" | "model_b" | "tie";
  query_id: string;
  pair_id: string;
  destination: string;
  /** Pseudonymous like experts in raw judgments. */
  judge: string;
  /** The planner whose plan the expert saw on the left. */
  left: "model_a" | "model_b";
  submitted_at: string;
}

export type ExportRecord = JudgmentRecord | LabelledPairRecord | TrainingPair | AnnotationRecord | BattleRecord;

/** A stable pseudonym: the same expert gets the same id in every export, and it reveals nothing. */
export function pseudonym(userId: string, salt: string): string {
  return `expert-${createHash("sha256").update(`${salt}:${userId}`).digest("hex").slice(0, 10)}`;
}
