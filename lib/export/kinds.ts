/** The export kinds, their query, and how each record is written as JSONL or CSV (lib/db/exports.ts streams the records). */
import { z } from "zod";
import { isRealDate } from "../dates";
import type {
  AnnotationRecord,
  BattleRecord,
  ExportFilters,
  ExportRecord,
  JudgmentRecord,
  LabelledPairRecord,
} from "./records";
import { TRAINING_CSV_COLUMNS, trainingCsvRow, csvLine, type TrainingPair } from "./training";

export const EXPORT_SCHEMA_VERSION = 1;
export const EXPORT_KINDS = ["judgments", "labelled-pairs", "training-pairs", "annotations", "battles"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A date filter: a real date the database can compare (refused before anything streams, never mid-export). */
const filterDate = z
  .string()
  .max(40)
  .refine(isRealDate, { message: "expected a real date as YYYY-MM-DD between 1900 and 2200" })
  .transform((s) => new Date(s))
  .pipe(z.date().min(new Date("1900-01-01"), "too early").max(new Date("2200-01-01"), "too late"));
/**
 * The end of the range, inclusive of its day: `to=2026-11-24` keeps judgments of that day (the bound the database
 * compares with `<` is the next midnight, UTC). A full timestamp is taken as written (exclusive).
 */
const filterDateTo = z
  .string()
  .max(40)
  .refine(isRealDate, { message: "expected a real date as YYYY-MM-DD between 1900 and 2200" })
  .transform((s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000) : new Date(s)))
  .pipe(z.date().min(new Date("1900-01-01"), "too early").max(new Date("2200-01-02"), "too late"));

/** Query parameters of every export and its card (the web's query string; the command line builds the same). */
export const exportQuery = z.object({
  format: z.enum(["jsonl", "csv"]).default("jsonl"),
  dataset: z.string().max(64).optional(),
  destination: z.string().max(64).optional(),
  from: filterDate.optional(),
  to: filterDateTo.optional(),
  names: z.enum(["0", "1"]).optional(),
  complete: z.enum(["0", "1"]).optional(),
  /** Annotations: only each request's newest FINAL version. */
  final: z.enum(["0", "1"]).optional(),
});

export type ExportQuery = z.infer<typeof exportQuery>;

/** The database filters an export query selects: the one mapping the download, the card, the job and the command line share. */
export function filtersOf(q: ExportQuery): ExportFilters {
  return {
    datasetId: q.dataset,
    destinationId: q.destination,
    from: q.from,
    to: q.to,
    completeOnly: q.complete === "1",
    finalOnly: q.final === "1",
  };
}

export interface ExportOptions {
  /** Real e-mail addresses instead of pseudonymous expert ids (judgments only). */
  names?: boolean;
}

const JUDGMENT_COLUMNS: (keyof JudgmentRecord)[] = [
  "pair_id",
  "query_id",
  "destination",
  "expert",
  "slot",
  "verdict",
  "rationale",
  "time_on_task_ms",
  "left_plan",
  "claimed_at",
  "submitted_at",
];
const LABELLED_COLUMNS: (keyof LabelledPairRecord | "ds_a" | "ds_b" | "ds_neither")[] = [
  "pair_id",
  "query_id",
  "destination",
  "plan_a",
  "plan_b",
  "verdicts",
  "label",
  "label_source",
  "agreement",
  "ds_label",
  "ds_a",
  "ds_b",
  "ds_neither",
];
const ANNOTATION_COLUMNS: (keyof AnnotationRecord)[] = [
  "query_id",
  "source_id",
  "dataset",
  "destination",
  "version",
  "stage",
  "parent_version",
  "author",
  "created_at",
  "note",
  "constraints",
];
const BATTLE_COLUMNS: (keyof BattleRecord)[] = [
  "model_a",
  "model_b",
  "winner",
  "query_id",
  "pair_id",
  "destination",
  "judge",
  "left",
  "submitted_at",
];
const COLUMNS = {
  judgments: JUDGMENT_COLUMNS,
  "labelled-pairs": LABELLED_COLUMNS,
  annotations: ANNOTATION_COLUMNS,
  battles: BATTLE_COLUMNS,
} as Record<string, string[]>;

export function csvHeader(kind: ExportKind): string {
  return csvLine(kind === "training-pairs" ? TRAINING_CSV_COLUMNS : COLUMNS[kind]);
}

export function csvRow(kind: ExportKind, r: ExportRecord): string {
  if (kind === "training-pairs") return trainingCsvRow(r as TrainingPair);
  return csvLine(
    COLUMNS[kind].map((c) => {
      // The soft label's three probabilities have a column each.
      const soft = c === "ds_a" ? "A" : c === "ds_b" ? "B" : c === "ds_neither" ? "NEITHER" : null;
      const v = soft ? (r as LabelledPairRecord).ds_posterior?.[soft] : (r as unknown as Record<string, unknown>)[c];
      // Verdict lists join with |; the constraint list of an annotation stays JSON in its cell.
      return c === "constraints" ? JSON.stringify(v) : Array.isArray(v) ? v.join("|") : v;
    }),
  );
}

export function serialize(kind: ExportKind, format: "jsonl" | "csv", r: ExportRecord): string {
  return format === "csv" ? csvRow(kind, r) : JSON.stringify(r) + "\n";
}

/**
 * An export's text in chunks of about `chunkChars` characters (the CSV header first): one write per row
 * would cost more than the rows themselves. `onRows` hears the running count after each chunk.
 */
export async function* exportText(
  kind: ExportKind,
  format: "jsonl" | "csv",
  rows: AsyncIterable<ExportRecord>,
  chunkChars = 65_536,
  onRows?: (n: number) => void,
): AsyncGenerator<string> {
  let chunk = format === "csv" ? csvHeader(kind) : "";
  let n = 0;
  for await (const r of rows) {
    chunk += serialize(kind, format, r);
    n++;
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = "";
      onRows?.(n);
    }
  }
  if (chunk) yield chunk;
  onRows?.(n);
}
