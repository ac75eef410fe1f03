/**
 * Expert corrections as exports (issue 29 item 5): one record per correction (the source and the corrected plan as
 * the dataset's format holds them, the edits with their reasons, the checks fixed, features, reward and constraints
 * before and after, and the blind verification's votes), or the same corrections as trainer rows: `--as sft` the
 * corrected plan as the assistant turn, `--as preference` corrected ≻ original in the preference target's shape.
 * A plan corrected by two experts gives two records, each marked with its correction id.
 */
import {
  checkPreferenceOptions,
  promptMessages,
  splitOf,
  type PreferenceOptions,
  type PreferenceRequest,
} from "./preference";
import { checkSftOptions } from "./sft";
import { col, type Columns } from "./parquet";
import { verificationState, type EditRow, type Verification } from "../corrections";
import { LABEL_SOURCE_COLUMNS, labelSourceFields } from "./records";

export const CORRECTION_AS = ["record", "sft", "preference"] as const;
export type CorrectionAs = (typeof CORRECTION_AS)[number];

export interface CorrectionRow {
  correctionId: string;
  queryId: string;
  ownSplit: string | null;
  request: PreferenceRequest;
  sourcePlanId: string;
  correctedPlanId: string;
  expert: string;
  /** The records' JSON text as stored (the source as imported, the correction as serialized in its format). */
  original: string;
  corrected: string;
  /** The plans alone as trainers get them (a TripCraft record's day records, without the persona). */
  originalPlan: string;
  correctedPlan: string;
  edits: EditRow[];
  checksFixed: { group: string; label: string; message: string }[];
  featuresBefore: unknown;
  featuresAfter: unknown;
  rewardBefore: number;
  rewardAfter: number;
  constraintsBefore: unknown[];
  constraintsAfter: unknown[];
  verification: Verification;
  createdAt: string;
}

/** The correction record (`tripjudge export corrections`). */
export function correctionRecord(r: CorrectionRow): Record<string, unknown> {
  const state = verificationState(r.verification);
  return {
    correction_id: r.correctionId,
    query_id: r.queryId,
    source_plan_id: r.sourcePlanId,
    corrected_plan_id: r.correctedPlanId,
    expert: r.expert,
    original: JSON.parse(r.original),
    corrected: JSON.parse(r.corrected),
    // In the documented order (the database's jsonb keeps keys in its own order).
    edits: r.edits.map((e) => ({
      op: e.op,
      day: e.day,
      item: e.item,
      name: e.name,
      from: e.from,
      to: e.to,
      reason: { kind: e.reason.kind, text: e.reason.text ?? null },
    })),
    checks_fixed: r.checksFixed,
    features_before: r.featuresBefore,
    features_after: r.featuresAfter,
    reward_before: r.rewardBefore,
    reward_after: r.rewardAfter,
    constraints_before: r.constraintsBefore,
    constraints_after: r.constraintsAfter,
    verification: { votes: r.verification.votes, verified: state === "pending" ? null : state === "verified" },
    created_at: r.createdAt,
    // Verified by experts only: a judge's decision never verifies a correction.
    ...labelSourceFields(null),
  };
}

const assistant = (content: string) => [{ role: "assistant", content }];

/**
 * A verified correction as trainer rows: SFT (the corrected plan) or preference (corrected ≻ original), marked when
 * asked (the caller keeps unverified ones out).
 */
export function correctionTrainerRows(
  r: CorrectionRow,
  as: "sft" | "preference",
  o: PreferenceOptions,
): Record<string, unknown>[] {
  const prompt = promptMessages(r.request, o.prompt);
  const meta = o.withMetadata
    ? {
        correction_id: r.correctionId,
        query_id: r.queryId,
        split: splitOf(r.queryId, o.ownSplitFirst ? r.ownSplit : null, o.split, o.seed),
        verified: verificationState(r.verification) === "verified",
        ...labelSourceFields(null),
      }
    : {};
  if (as === "sft") return [{ messages: [...prompt, ...assistant(r.correctedPlan)], ...meta }];
  if (o.target === "kto")
    return [
      { prompt, completion: assistant(r.correctedPlan), label: true, ...meta },
      { prompt, completion: assistant(r.originalPlan), label: false, ...meta },
    ];
  if (o.target === "openai")
    return [
      {
        input: { messages: prompt, tools: [], parallel_tool_calls: true },
        preferred_output: assistant(r.correctedPlan),
        non_preferred_output: assistant(r.originalPlan),
      },
    ];
  return [{ prompt, chosen: assistant(r.correctedPlan), rejected: assistant(r.originalPlan), ...meta }];
}

const REASON = col.struct({ kind: col.string(), text: col.nullable(col.string()) });

/** The correction record's columns (Parquet); the trainer rows take their target's columns. */
export const CORRECTION_COLUMNS: Columns = {
  correction_id: col.string(),
  query_id: col.string(),
  source_plan_id: col.string(),
  corrected_plan_id: col.string(),
  expert: col.string(),
  original: col.json(),
  corrected: col.json(),
  edits: col.list(
    col.struct({
      op: col.string(),
      day: col.int64(),
      item: col.nullable(col.int64()),
      name: col.string(),
      from: col.nullable(col.string()),
      to: col.nullable(col.string()),
      reason: REASON,
    }),
  ),
  checks_fixed: col.list(col.struct({ group: col.string(), label: col.string(), message: col.string() })),
  features_before: col.json(),
  features_after: col.json(),
  reward_before: col.double(),
  reward_after: col.double(),
  constraints_before: col.list(col.struct({ constraint: col.string(), passed: col.boolean() })),
  constraints_after: col.list(col.struct({ constraint: col.string(), passed: col.boolean() })),
  verification: col.struct({
    votes: col.struct({ corrected: col.int64(), original: col.int64(), neither: col.int64() }),
    verified: col.nullable(col.boolean()),
  }),
  created_at: col.string(),
  ...LABEL_SOURCE_COLUMNS,
};

const MESSAGES = col.list(col.struct({ role: col.string(), content: col.string() }));

/** The columns of `--as sft|preference` rows: the target's keys, and the correction's marks with metadata. */
export function correctionTrainerColumns(as: "sft" | "preference", o: PreferenceOptions): Columns {
  const meta: Columns = o.withMetadata
    ? {
        correction_id: col.string(),
        query_id: col.string(),
        split: col.string(),
        verified: col.boolean(),
        ...LABEL_SOURCE_COLUMNS,
      }
    : {};
  if (as === "sft") return { messages: MESSAGES, ...meta };
  if (o.target === "openai")
    return {
      input: col.struct({ messages: MESSAGES, tools: col.list(col.string()), parallel_tool_calls: col.boolean() }),
      preferred_output: MESSAGES,
      non_preferred_output: MESSAGES,
    };
  if (o.target === "kto") return { prompt: MESSAGES, completion: MESSAGES, label: col.boolean(), ...meta };
  return { prompt: MESSAGES, chosen: MESSAGES, rejected: MESSAGES, ...meta };
}

/** What a corrections export cannot be, said before anything streams (null: it can be). */
export function checkCorrectionOptions(as: CorrectionAs, o: PreferenceOptions, format: string): string | null {
  if (format === "csv") return "corrections hold plans and lists: export them as jsonl or parquet";
  if (as === "record") return null;
  if (as === "sft") return checkSftOptions(o);
  if (o.margin !== "none") return "corrections carry no margin: the corrected plan is preferred by construction";
  if (o.neitherBad) return "neither=bad is for kto preference pairs: a correction has no Neither";
  // Otherwise what preference pairs cannot carry.
  return checkPreferenceOptions(o);
}
