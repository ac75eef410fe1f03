/**
 * The export kinds, their query, and how each record is written as JSONL, CSV or Parquet (lib/exports/store/exports.ts
 * streams the records; lib/exports/parquet.ts writes a kind's PARQUET_COLUMNS).
 */
import { z } from "zod";
import { isRealDate } from "../kernel";
import { FEATURE_NAMES } from "../results/features";
import {
  LABEL_SOURCE_COLUMNS,
  LABEL_SOURCE_FILTERS,
  LABEL_SOURCE_KEYS,
  REVIEW_COLUMNS,
  REVIEW_KEYS,
  type AnnotationRecord,
  type BattleRecord,
  type ExportFilters,
  type ExportRecord,
  type JudgmentRecord,
  type LabelledPairRecord,
  type PairRecord,
  PAIR_STATUS_FILTERS,
} from "./records";
import { col, parquetChunks, type Columns } from "./parquet";
import {
  checkPreferenceOptions,
  DEFAULT_SPLIT,
  PREFERENCE_TARGETS,
  splitSpec,
  type PreferenceOptions,
} from "./preference";
import { checkSftOptions } from "./sft";
import {
  CORRECTION_AS,
  CORRECTION_COLUMNS,
  checkCorrectionOptions,
  correctionTrainerColumns,
  type CorrectionAs,
} from "./corrections";
import { TRAINING_CSV_COLUMNS, trainingCsvRow, csvLine, type TrainingPair } from "./training";
import { issuesText, pairFilterFromText } from "../review";

/**
 * 2: every labelled record says its label's source (label_source…), and labelled pairs' old label_source is label_basis.
 * 3: raw judgments carry their review (review_status, reviewed_by, review_reason), and a rejected one is left out.
 */
export const EXPORT_SCHEMA_VERSION = 3;
export const EXPORT_KINDS = [
  "judgments",
  "labelled-pairs",
  "training-pairs",
  "annotations",
  "battles",
  "preference-pairs",
  "sft",
  "corrections",
  "pairs",
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ["jsonl", "csv", "parquet"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/**
 * The kinds built from pairs' labels, which take `label_source` (experts|all); the dataset repository (hf-dataset)
 * too. The others are the experts' own judgments and their work (judgments, annotations, corrections).
 */
export const LABEL_SOURCE_KINDS = ["labelled-pairs", "training-pairs", "battles", "preference-pairs", "sft"] as const;
/** What a download of each format says it is (application/vnd.apache.parquet: IANA's registration for Parquet). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  parquet: "application/vnd.apache.parquet",
};

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
export const exportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS).default("jsonl"),
    dataset: z.string().max(64).optional(),
    destination: z.string().max(64).optional(),
    from: filterDate.optional(),
    to: filterDateTo.optional(),
    names: z.enum(["0", "1"]).optional(),
    complete: z.enum(["0", "1"]).optional(),
    /** Annotations: only each request's newest FINAL version. */
    final: z.enum(["0", "1"]).optional(),
    /** Preference pairs (lib/exports/preference.ts): the trainer's shape and what goes in it. */
    target: z.enum(PREFERENCE_TARGETS).default("trl"),
    prompt: z.enum(["request", "tripscore"]).default("request"),
    margin: z.enum(["none", "strength", "votes"]).default("none"),
    min_agreement: z.enum(["2", "3"]).default("2"),
    split: splitSpec.optional(),
    seed: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
    neither: z.enum(["bad"]).optional(),
    with_metadata: z.enum(["0", "1"]).optional(),
    /** Corrections: as correction records, or as SFT or preference rows (lib/exports/corrections.ts). */
    as: z.enum(CORRECTION_AS).default("record"),
    /** Corrections: only those the blind verification accepted. */
    verified_only: z.enum(["0", "1"]).optional(),
    /** Judgments: the rejected ones too (docs/reviewers.md), marked review_status "rejected". */
    include_rejected: z
      .enum(["true", "false", "1", "0"], { message: 'expected "true" (the rejected judgments too) or "false"' })
      .optional(),
    /** Pair-level exports: the experts' labels only, or the judges' decisions too (docs/escalation.md). */
    label_source: z
      .enum(LABEL_SOURCE_FILTERS, {
        message: 'expected "experts" (the experts\' labels only) or "all" (the pairs a judge decided too)',
      })
      .default("experts"),
    /** Pairs: one state, or `waiting` (open or in progress: neither complete nor decided). */
    status: z
      .enum(PAIR_STATUS_FILTERS, {
        message: `expected one of ${PAIR_STATUS_FILTERS.join(", ")} (waiting: open or in progress)`,
      })
      .optional(),
    /** Pairs: only those with a plan of this planner (a plan's `model` label). */
    planner: z.string().trim().min(1).max(200).optional(),
    /** Battles: an uploaded judge's verdicts as battles (its name on the Judges page), instead of the experts'. */
    judge: z.string().trim().min(1).max(200).optional(),
    /**
     * The pair browser's filter: its address's query string, or the whole address (what its "Copy link" gives), parsed
     * by the browser's own schema (lib/review/pair-filter.ts); the view's sort, columns and page are left out.
     */
    pair_filter: z
      .string()
      .max(4000, "a pair filter of 4,000 characters at most")
      .transform((s, ctx) => {
        const r = pairFilterFromText(s);
        if (r.success) return r.data;
        ctx.addIssue({ code: "custom", message: `${issuesText(r.error)} (the pair browser's filter, /admin/pairs)` });
        return z.NEVER;
      })
      .optional(),
  })
  // A range that ends before it begins holds nothing: say so rather than stream an empty file.
  .refine((q) => !q.from || !q.to || q.from < q.to, {
    message: "the range ends before it begins (to is before from)",
    path: ["to"],
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
    verifiedOnly: q.verified_only === "1",
    labelSource: q.label_source,
    pairStatus: q.status,
    planner: q.planner,
    judge: q.judge,
    includeRejected: q.include_rejected === "true" || q.include_rejected === "1",
    pairs: q.pair_filter,
  };
}

export interface ExportOptions {
  /** Real e-mail addresses instead of pseudonymous expert ids (judgments only). */
  names?: boolean;
  /** Preference pairs only. */
  preference?: PreferenceOptions;
  /** Corrections: records, or trainer rows of which kind. */
  correctionsAs?: CorrectionAs;
}

/** The options an export query asks for (the download, the job and the command line alike). */
export function optionsOf(q: ExportQuery): ExportOptions {
  return {
    names: q.names === "1",
    preference: {
      target: q.target,
      prompt: q.prompt,
      margin: q.margin,
      minAgreement: q.min_agreement === "3" ? 3 : 2,
      split: q.split ?? DEFAULT_SPLIT,
      ownSplitFirst: q.split === undefined,
      seed: q.seed,
      neitherBad: q.neither === "bad",
      withMetadata: q.with_metadata === "1",
    },
    correctionsAs: q.as,
  };
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
  "strength",
  "signed_preference",
  ...LABEL_SOURCE_KEYS,
  ...REVIEW_KEYS,
  "dimensions",
];
const LABELLED_COLUMNS: (keyof LabelledPairRecord | "ds_a" | "ds_b" | "ds_neither")[] = [
  "pair_id",
  "query_id",
  "destination",
  "plan_a",
  "plan_b",
  "verdicts",
  "label",
  "label_basis",
  ...LABEL_SOURCE_KEYS,
  "agreement",
  "ds_label",
  "ds_a",
  "ds_b",
  "ds_neither",
  "dimension_majority",
  "split",
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
  "id",
  "model_a",
  "model_b",
  "winner",
  "query_id",
  "pair_id",
  "destination",
  "judge",
  "left",
  "submitted_at",
  "dimensions",
  "split",
  ...LABEL_SOURCE_KEYS,
];
const PAIR_COLUMNS: (keyof PairRecord)[] = [
  "pair_id",
  "dataset_id",
  "dataset",
  "destination",
  "status",
  "judgments",
  "required_raters",
  "escalation",
  "verification",
  "query_id",
  "query_text",
  "plan_a",
  "plan_a_planner",
  "plan_a_text",
  "plan_b",
  "plan_b_planner",
  "plan_b_text",
];
const COLUMNS = {
  judgments: JUDGMENT_COLUMNS,
  "labelled-pairs": LABELLED_COLUMNS,
  annotations: ANNOTATION_COLUMNS,
  battles: BATTLE_COLUMNS,
  pairs: PAIR_COLUMNS,
} as Record<string, string[]>;

/** Why a kind takes no judge's labels (label_source=all). */
const EXPERTS_ONLY: Partial<Record<ExportKind, string>> = {
  judgments: "raw judgments are the experts' own verdicts",
  annotations: "annotations carry no labels",
  corrections: "a correction is verified by experts only",
  pairs: "a pair's status already says whether a judge decided it",
};

/** Why a kind takes no pair filter (it is not made of pairs). */
const NOT_OF_PAIRS: Partial<Record<ExportKind, string>> = {
  annotations: "annotations are a request's constraint versions, not pairs",
  corrections: "corrections are plans, not pairs",
};

/** Why this kind cannot take the query's pair filter, or null (the download, the job, the card and the command line). */
export function pairFilterRefusal(kind: ExportKind, q: ExportQuery): string | null {
  return q.pair_filter && NOT_OF_PAIRS[kind]
    ? `pair_filter (--pair-filter) is for the exports of pairs and judgments: ${NOT_OF_PAIRS[kind]}`
    : null;
}

/** What an export query cannot be, said before anything streams (null: it can be). */
export function exportRefusal(kind: ExportKind, q: ExportQuery): string | null {
  if ((q.include_rejected === "true" || q.include_rejected === "1") && kind !== "judgments")
    return "include_rejected (--include-rejected) is for judgments: every other kind is built from the judgments that stand";
  const pairs = pairFilterRefusal(kind, q);
  if (pairs) return pairs;
  if (q.label_source === "all" && EXPERTS_ONLY[kind])
    return `label_source=all (--label-source all) is for ${LABEL_SOURCE_KINDS.join(", ")} and hf-dataset: ${EXPERTS_ONLY[kind]}`;
  if ((q.status || q.planner) && kind !== "pairs")
    return `status and planner (--status, --planner) are filters of the pairs export, not of ${kind}`;
  if (kind === "pairs" && (q.from || q.to))
    return "pairs are not selected by date (from, to): filter them by status, dataset, destination or planner";
  if (q.judge && kind !== "battles") return `judge (--judge) is for battles (an uploaded judge's battles), not ${kind}`;
  if (q.judge && (q.label_source === "all" || q.complete === "1" || q.from || q.to))
    return "judge (--judge) exports that judge's battles alone: label_source=all, complete, from and to are for the experts' battles";
  if (kind === "corrections") return checkCorrectionOptions(q.as, optionsOf(q).preference!, q.format);
  if (kind === "sft") {
    if (q.format === "csv") return "SFT rows hold message lists: export them as jsonl or parquet";
    return checkSftOptions(optionsOf(q).preference!);
  }
  if (kind !== "preference-pairs") return null;
  if (q.format === "csv") return "preference pairs hold message lists: export them as jsonl or parquet";
  return checkPreferenceOptions(optionsOf(q).preference!);
}

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
      // Verdict lists join with |; the constraint list of an annotation and dimension answers stay JSON in their cell.
      if (c === "constraints" || ((c === "dimensions" || c === "dimension_majority") && v !== null && v !== undefined))
        return JSON.stringify(v);
      return Array.isArray(v) ? v.join("|") : v;
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

/** Dawid–Skene's posterior: a STRUCT of the three verdicts' probabilities, null where the pair has none. */
const SOFT_LABEL = col.nullable(col.struct({ A: col.double(), B: col.double(), NEITHER: col.double() }));
const TRAINING_PLAN = col.struct({
  plan_id: col.string(),
  features: col.struct(Object.fromEntries(FEATURE_NAMES.map((f) => [f, col.nullable(col.double())]))),
  reward: col.double(),
});

/**
 * Each kind's Parquet columns: every key of its JSONL record, in the record's order, typed as lib/exports/parquet.ts
 * describes (a kind whose columns depend on the export's options declares a function of them).
 */
/** A labelled or training pair's dimension fields, where its dataset asks dimensions (lib/results/dimensions/summary.ts). */
const DIMENSION_COLUMNS: Columns = {
  dimension_verdicts: col.nullable(col.json()),
  dimension_majority: col.nullable(col.json()),
  dimension_agreement: col.nullable(col.json()),
};

export const PARQUET_COLUMNS: Record<ExportKind, Columns | ((o: ExportOptions) => Columns)> = {
  judgments: {
    pair_id: col.string(),
    query_id: col.string(),
    destination: col.string(),
    expert: col.string(),
    slot: col.int64(),
    verdict: col.string(),
    rationale: col.string(),
    time_on_task_ms: col.int64(),
    left_plan: col.string(),
    claimed_at: col.string(),
    submitted_at: col.string(),
    strength: col.nullable(col.int64()),
    signed_preference: col.nullable(col.int64()),
    ...LABEL_SOURCE_COLUMNS,
    ...REVIEW_COLUMNS,
    // Keyed by the dataset's dimensions (absent where it asks none): JSON text, as col.json says why.
    dimensions: col.nullable(col.json()),
  },
  "labelled-pairs": {
    pair_id: col.string(),
    query_id: col.string(),
    destination: col.string(),
    plan_a: col.string(),
    plan_b: col.string(),
    verdicts: col.list(col.string()),
    label: col.nullable(col.string()),
    label_basis: col.string(),
    ...LABEL_SOURCE_COLUMNS,
    agreement: col.nullable(col.double()),
    ds_label: col.nullable(col.string()),
    ds_posterior: SOFT_LABEL,
    ...DIMENSION_COLUMNS,
    split: col.string(),
  },
  "training-pairs": {
    pair_id: col.string(),
    query_id: col.string(),
    destination: col.string(),
    split: col.nullable(col.string()),
    label: col.int64(),
    ...LABEL_SOURCE_COLUMNS,
    plan_a: TRAINING_PLAN,
    plan_b: TRAINING_PLAN,
    ds_label: col.nullable(col.string()),
    ds_posterior: SOFT_LABEL,
    ...DIMENSION_COLUMNS,
  },
  annotations: {
    query_id: col.string(),
    source_id: col.string(),
    dataset: col.string(),
    destination: col.string(),
    version: col.int64(),
    stage: col.string(),
    parent_version: col.nullable(col.int64()),
    author: col.nullable(col.string()),
    created_at: col.string(),
    note: col.nullable(col.string()),
    constraints: col.list(col.struct({ code: col.string(), note: col.string() })),
  },
  battles: {
    id: col.string(),
    model_a: col.string(),
    model_b: col.string(),
    winner: col.string(),
    query_id: col.string(),
    pair_id: col.string(),
    destination: col.string(),
    judge: col.string(),
    left: col.nullable(col.string()),
    submitted_at: col.string(),
    dimensions: col.nullable(col.json()),
    split: col.string(),
    ...LABEL_SOURCE_COLUMNS,
  },
  pairs: {
    pair_id: col.string(),
    dataset_id: col.string(),
    dataset: col.string(),
    destination: col.string(),
    status: col.string(),
    judgments: col.int64(),
    required_raters: col.int64(),
    escalation: col.nullable(col.string()),
    verification: col.boolean(),
    query_id: col.string(),
    query_text: col.string(),
    plan_a: col.string(),
    plan_a_planner: col.string(),
    plan_a_text: col.string(),
    plan_b: col.string(),
    plan_b_planner: col.string(),
    plan_b_text: col.string(),
  },
  "preference-pairs": (o) => preferenceColumns(o),
  corrections: (o) =>
    !o.correctionsAs || o.correctionsAs === "record"
      ? CORRECTION_COLUMNS
      : correctionTrainerColumns(o.correctionsAs, o.preference!),
  sft: (o) => ({
    messages: MESSAGES,
    ...(o.preference?.withMetadata
      ? {
          query_id: col.string(),
          plan_id: col.string(),
          split: col.string(),
          basis: col.string(),
          wins: col.int64(),
          losses: col.int64(),
          labelled_pairs: col.int64(),
          judge_pairs: col.int64(),
          ...LABEL_SOURCE_COLUMNS,
        }
      : {}),
  }),
};

const MESSAGES = col.list(col.struct({ role: col.string(), content: col.string() }));

/** A preference pair's columns: the target's keys, a margin when asked, the metadata when asked. */
function preferenceColumns(o: ExportOptions): Columns {
  const p = o.preference;
  const meta: Columns = p?.withMetadata
    ? {
        pair_id: col.string(),
        query_id: col.string(),
        split: col.string(),
        votes: col.struct({ A: col.int64(), B: col.int64(), NEITHER: col.int64() }),
        ds_posterior: SOFT_LABEL,
        signed_preference: col.nullable(col.double()),
        dimension_majority: col.nullable(col.json()),
        ...LABEL_SOURCE_COLUMNS,
      }
    : {};
  if (p?.target === "openai")
    return {
      input: col.struct({
        messages: MESSAGES,
        tools: col.list(col.string()),
        parallel_tool_calls: col.boolean(),
      }),
      preferred_output: MESSAGES,
      non_preferred_output: MESSAGES,
      ...meta,
    };
  if (p?.target === "kto") return { prompt: MESSAGES, completion: MESSAGES, label: col.boolean(), ...meta };
  return {
    prompt: MESSAGES,
    chosen: MESSAGES,
    rejected: MESSAGES,
    ...(p && p.margin !== "none" ? { margin: col.nullable(col.double()) } : {}),
    ...meta,
  };
}

export function parquetColumns(kind: ExportKind, o: ExportOptions = {}): Columns {
  const c = PARQUET_COLUMNS[kind];
  return typeof c === "function" ? c(o) : c;
}

/**
 * An export's bytes in chunks of about `chunkBytes`: JSONL and CSV as exportText writes them, Parquet a row group
 * at a time (at most `chunkBytes` a chunk). `onRows` hears the running count after each chunk or row group.
 */
export async function* exportBytes(
  kind: ExportKind,
  format: ExportFormat,
  rows: AsyncIterable<ExportRecord>,
  o: { chunkBytes?: number; onRows?: (n: number) => void; options?: ExportOptions } = {},
): AsyncGenerator<Uint8Array> {
  const chunkBytes = o.chunkBytes ?? 65_536;
  if (format === "parquet") {
    const metadata = { "tripjudge.kind": kind, "tripjudge.schema_version": String(EXPORT_SCHEMA_VERSION) };
    yield* parquetChunks(parquetColumns(kind, o.options), rows, { chunkBytes, onRows: o.onRows, metadata });
    return;
  }
  const enc = new TextEncoder();
  for await (const s of exportText(kind, format, rows, chunkBytes, o.onRows)) yield enc.encode(s);
}
