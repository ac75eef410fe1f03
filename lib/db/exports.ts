/**
 * Exports read one consistent snapshot (a REPEATABLE READ, READ ONLY transaction) in keyset pages, so the rows'
 * memory stays flat and experts may keep judging while an export runs. The labelled- and training-pairs exports
 * also need Dawid–Skene's soft labels, one fit over every judgment: that fit's memory grows with the judgments
 * (it is held where it runs: this process by default, the admin thread for the web server's downloads).
 */
import { pseudonymSalt } from "./settings";
import { codesOf } from "../agreement/patterns";
import { labelOf, pairAgreement, VERDICTS, type Verdict } from "../agreement/labels";
import type { Weights } from "../features";
import { currentWeights } from "./fits";
import type { ExportKind, ExportOptions } from "../export/kinds";
import {
  pseudonym,
  type AnnotationRecord,
  type BattleRecord,
  type ExportFilters,
  type ExportRecord,
  type JudgmentRecord,
  type LabelledPairRecord,
} from "../export/records";
import { trainingPair, type TrainingPair } from "../export/training";
import { cursorRows, fromSnapshot } from "./cursor";
import { pickSoftLabels, softArgmax, softLabels, type SoftLabels } from "./quality";
import type { Db } from "./client";

export interface LabelledPairRow {
  pairId: string;
  queryId: string;
  destination: string;
  split: string | null;
  planAId: string;
  planBId: string;
  featuresA: unknown;
  featuresB: unknown;
  verdicts: Verdict[];
  requiredRaters: number;
  adjudicated: Verdict | null;
}

/**
 * Complete pairs with their verdicts (slot order), from one snapshot, in one pass over the pairs in key
 * order. A pair's verdicts come from its verdict pattern (kept by the analytics tallies); only pairs
 * with a fourth rater, or a date range that keeps some verdicts out, read their judgments. Plan
 * features are read only for training pairs.
 */
export async function* labelledPairRows(
  db: Db,
  f: ExportFilters = {},
  opts: { features?: boolean } = {},
): AsyncGenerator<LabelledPairRow> {
  const dated = Boolean(f.from || f.to);
  const features = opts.features ?? true;
  const rows = fromSnapshot(db, (client) =>
    cursorRows<LabelledPairRow & { pattern: number | null }>(
      client,
      `SELECT p.id AS "pairId", p."queryId", d.name AS destination, q.split, p."planAId", p."planBId",
              ${features ? `(SELECT features FROM "Plan" WHERE id = p."planAId") AS "featuresA", (SELECT features FROM "Plan" WHERE id = p."planBId") AS "featuresB"` : `NULL AS "featuresA", NULL AS "featuresB"`},
              p."requiredRaters", (SELECT label FROM "Adjudication" adj WHERE adj."pairId" = p.id) AS adjudicated, p."verdictPattern" AS pattern,
              CASE WHEN p."verdictPattern" >= 0 AND NOT $5::boolean THEN NULL ELSE
                (SELECT array_agg(j.verdict::text ORDER BY a.slot) FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId"
                 WHERE j."pairId" = p.id AND ($3::timestamptz IS NULL OR j."createdAt" >= $3) AND ($4::timestamptz IS NULL OR j."createdAt" < $4)) END AS verdicts
       FROM "Pair" p
       JOIN "Query" q ON q.id = p."queryId"
       JOIN "Destination" d ON d.id = q."destinationId"
       WHERE p.status = 'COMPLETE' AND ($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
       ORDER BY p.id`,
      [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null, dated],
    ),
  );
  for await (const r of rows) {
    const verdicts =
      r.verdicts ??
      (!dated && r.pattern !== null && r.pattern >= 0 ? codesOf(r.pattern).map((c) => VERDICTS[c]) : null);
    if (!verdicts?.length) continue;
    yield {
      pairId: r.pairId,
      queryId: r.queryId,
      destination: r.destination,
      split: r.split,
      planAId: r.planAId,
      planBId: r.planBId,
      featuresA: r.featuresA,
      featuresB: r.featuresB,
      verdicts,
      requiredRaters: r.requiredRaters,
      adjudicated: r.adjudicated,
    };
  }
}

/**
 * Training pairs: the labelled pairs with a majority or adjudicated label (1-1-1 splits wait for adjudication),
 * rewards under the given weights or, by default, the weights in use.
 */
export async function* trainingPairs(
  db: Db,
  f: ExportFilters = {},
  weights?: Weights,
  source: SoftLabelSource = localSoftLabels(db),
): AsyncGenerator<TrainingPair> {
  const w = weights ?? (await currentWeights(db)).weights;
  const labelled = async function* () {
    for await (const row of labelledPairRows(db, f)) {
      const label = labelOf(row.verdicts, row.requiredRaters, row.adjudicated).label;
      if (label !== null) yield { ...row, label };
    }
  };
  for await (const [row, p] of withSoftLabels(labelled(), source)) {
    yield { ...trainingPair(row, row.label, w), ds_label: p && softArgmax(p), ds_posterior: p };
  }
}

/** An expert's name in an export: the address with `names`, else the stable pseudonym (computed once per expert). */
async function expertNamer(db: Db, opts: { names?: boolean; salt?: string }) {
  const salt = opts.salt ?? (await pseudonymSalt(db));
  const pseudonyms = new Map<string, string>();
  return (userId: string, email: string) => {
    if (opts.names) return email;
    let p = pseudonyms.get(userId);
    if (!p) pseudonyms.set(userId, (p = pseudonym(userId, salt)));
    return p;
  };
}

/** The judgment filters of the raw exports ($1 dataset, $2 destination, $3–$4 dates, $5 complete pairs only). */
const JUDGMENT_SCOPE = `($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
         AND ($3::timestamptz IS NULL OR j."createdAt" >= $3) AND ($4::timestamptz IS NULL OR j."createdAt" < $4)
         AND (NOT $5::boolean OR p.status = 'COMPLETE')`;
const judgmentScopeValues = (f: ExportFilters) => [
  f.datasetId ?? null,
  f.destinationId ?? null,
  f.from ?? null,
  f.to ?? null,
  f.completeOnly ?? false,
];

/** Raw judgments, one per row, from one snapshot (one statement through a server-side cursor). */
export async function* judgmentRecords(
  db: Db,
  f: ExportFilters = {},
  opts: { names?: boolean; salt?: string } = {},
): AsyncGenerator<JudgmentRecord> {
  const expert = await expertNamer(db, opts);
  yield* fromSnapshot(db, async function* (client) {
    const rows = cursorRows<{
      pairId: string;
      queryId: string;
      destination: string;
      userId: string;
      email: string;
      slot: number;
      verdict: Verdict;
      rationale: string;
      timeOnTaskMs: number;
      leftIsA: boolean;
      claimedAt: Date;
      createdAt: Date;
    }>(
      client,
      `SELECT j."pairId", p."queryId", d.name AS destination, j."userId", u.email, a.slot, j.verdict, j.rationale, j."timeOnTaskMs",
              a."leftPlanId" = p."planAId" AS "leftIsA", a."claimedAt", j."createdAt"
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" JOIN "User" u ON u.id = j."userId"
       WHERE ${JUDGMENT_SCOPE}
       ORDER BY j.id`,
      judgmentScopeValues(f),
    );
    for await (const r of rows) {
      yield {
        pair_id: r.pairId,
        query_id: r.queryId,
        destination: r.destination,
        expert: expert(r.userId, r.email),
        slot: r.slot,
        verdict: r.verdict,
        rationale: r.rationale,
        time_on_task_ms: r.timeOnTaskMs,
        left_plan: r.leftIsA ? "A" : "B",
        claimed_at: r.claimedAt.toISOString(),
        submitted_at: r.createdAt.toISOString(),
      };
    }
  });
}

const WINNER = { A: "model_a", B: "model_b", NEITHER: "tie" } as const;

/** Judgments as battles between the plans' planners (FastChat's shape; a planner against itself is left out). */
export async function* battleRecords(
  db: Db,
  f: ExportFilters = {},
  opts: { names?: boolean; salt?: string } = {},
): AsyncGenerator<BattleRecord> {
  const expert = await expertNamer(db, opts);
  yield* fromSnapshot(db, async function* (client) {
    const rows = cursorRows<{
      modelA: string;
      modelB: string;
      verdict: Verdict;
      queryId: string;
      pairId: string;
      destination: string;
      userId: string;
      email: string;
      leftIsA: boolean;
      createdAt: Date;
    }>(
      client,
      `SELECT pa.model AS "modelA", pb.model AS "modelB", j.verdict, p."queryId", j."pairId", d.name AS destination, j."userId", u.email,
              a."leftPlanId" = p."planAId" AS "leftIsA", j."createdAt"
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" JOIN "User" u ON u.id = j."userId"
       WHERE ${JUDGMENT_SCOPE} AND pa.model <> pb.model
       ORDER BY j.id`,
      judgmentScopeValues(f),
    );
    for await (const r of rows) {
      yield {
        model_a: r.modelA,
        model_b: r.modelB,
        winner: WINNER[r.verdict],
        query_id: r.queryId,
        pair_id: r.pairId,
        destination: r.destination,
        judge: expert(r.userId, r.email),
        left: r.leftIsA ? "model_a" : "model_b",
        submitted_at: r.createdAt.toISOString(),
      };
    }
  });
}

/** Complete pairs with their verdicts, label (majority, adjudicated, or unresolved) and agreement. */
export async function* labelledPairRecords(
  db: Db,
  f: ExportFilters = {},
  source: SoftLabelSource = localSoftLabels(db),
): AsyncGenerator<LabelledPairRecord> {
  for await (const [row, p] of withSoftLabels(labelledPairRows(db, f, { features: false }), source)) {
    const l = labelOf(row.verdicts, row.requiredRaters, row.adjudicated);
    yield {
      pair_id: row.pairId,
      query_id: row.queryId,
      destination: row.destination,
      plan_a: row.planAId,
      plan_b: row.planBId,
      verdicts: row.verdicts,
      label: l.label,
      label_source: l.source,
      agreement: pairAgreement(row.verdicts),
      ds_label: p && softArgmax(p),
      ds_posterior: p,
    };
  }
}

/** Constraint annotations: every version (or each request's newest FINAL one), from one snapshot. */
export async function* annotationRecords(
  db: Db,
  f: ExportFilters = {},
  opts: { names?: boolean; salt?: string } = {},
): AsyncGenerator<AnnotationRecord> {
  const salt = opts.salt ?? (await pseudonymSalt(db));
  yield* fromSnapshot(db, async function* (client) {
    const rows = cursorRows<{
      queryId: string;
      sourceId: string;
      dataset: string;
      destination: string;
      version: number;
      stage: string;
      parentVersion: number | null;
      authorId: string | null;
      email: string | null;
      createdAt: Date;
      note: string | null;
      constraints: { code: string; note: string }[];
    }>(
      client,
      `SELECT v."queryId", q."sourceId", ds.name AS dataset, d.name AS destination, v.version, v.stage, p.version AS "parentVersion", v."authorId", u.email, v."createdAt", v.note, v.constraints
       FROM "DslVersion" v JOIN "Query" q ON q.id = v."queryId" JOIN "Dataset" ds ON ds.id = q."datasetId" JOIN "Destination" d ON d.id = q."destinationId"
       LEFT JOIN "DslVersion" p ON p.id = v."parentId" LEFT JOIN "User" u ON u.id = v."authorId"
       WHERE ($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
         AND ($3::timestamptz IS NULL OR v."createdAt" >= $3) AND ($4::timestamptz IS NULL OR v."createdAt" < $4)
         AND (NOT $5::boolean OR (v.stage = 'FINAL' AND v.version = (SELECT max(w.version) FROM "DslVersion" w WHERE w."queryId" = v."queryId" AND w.stage = 'FINAL')))
       ORDER BY q."datasetId", q."sourceId", v.version`,
      [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null, f.finalOnly ?? false],
      1000,
    );
    for await (const r of rows) {
      yield {
        query_id: r.queryId,
        source_id: r.sourceId,
        dataset: r.dataset,
        destination: r.destination,
        version: r.version,
        stage: r.stage,
        parent_version: r.parentVersion,
        author: r.authorId ? (opts.names ? r.email : pseudonym(r.authorId, salt)) : null,
        created_at: r.createdAt.toISOString(),
        note: r.note,
        constraints: r.constraints,
      };
    }
  });
}

/** Records who exported what (the query, the rows written, the job when one wrote it). */
export async function auditExport(
  db: Db,
  actorId: string | null,
  kind: ExportKind,
  query: object,
  count: number,
  jobId?: string,
) {
  await db.auditEvent.create({
    data: { actorId, action: `export.${kind}`, data: { ...query, count, ...(jobId ? { job: jobId } : {}) } },
  });
}

/**
 * Where an export gets Dawid–Skene's soft labels (one fit over every judgment) for a batch of its rows' pairs:
 * by default fitted here once, when the first row arrives (an export whose filter matches nothing costs
 * nothing); the web server's keeps the fit in its admin thread and sends only each batch's labels across
 * (lib/offload), so its own memory does not grow with the judgments.
 */
export type SoftLabelSource = (pairIds: string[]) => Promise<SoftLabels>;

/** Soft labels fitted in this process, once per export. */
export function localSoftLabels(db: Db): SoftLabelSource {
  let fit: Promise<SoftLabels> | null = null;
  return async (pairIds) => {
    fit ??= softLabels(db);
    return pickSoftLabels(await fit, pairIds);
  };
}

/** The rows with their pairs' soft labels, asked for `size` rows at a time. */
async function* withSoftLabels<T extends { pairId: string }>(
  rows: AsyncIterable<T>,
  source: SoftLabelSource,
  size = 500,
): AsyncGenerator<[T, Record<Verdict, number> | null]> {
  let batch: T[] = [];
  const flush = async function* () {
    const soft = await source(batch.map((r) => r.pairId));
    for (const r of batch) yield [r, soft.get(r.pairId) ?? null] as [T, Record<Verdict, number> | null];
    batch = [];
  };
  for await (const r of rows) {
    batch.push(r);
    if (batch.length >= size) yield* flush();
  }
  if (batch.length) yield* flush();
}

/** The records of one export kind. */
export function records(
  kind: ExportKind,
  db: Db,
  f: ExportFilters,
  o: ExportOptions = {},
  soft?: SoftLabelSource,
): AsyncGenerator<ExportRecord> {
  if (kind === "judgments") return judgmentRecords(db, f, { names: o.names });
  if (kind === "annotations") return annotationRecords(db, f, { names: o.names });
  if (kind === "labelled-pairs") return labelledPairRecords(db, f, soft);
  if (kind === "battles") return battleRecords(db, f, { names: o.names });
  return trainingPairs(db, f, undefined, soft);
}
