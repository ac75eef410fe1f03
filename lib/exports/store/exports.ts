/**
 * Exports of judgments and pairs read in pages by key, each page one short statement (keysetRows), so the rows'
 * memory stays flat and no snapshot is held while experts judge (decision 017: one held through an export slowed
 * every claim and submit); each row comes whole from one statement, and a pair that completes while an export runs
 * is in it if its page is read after that. Annotations are read from one snapshot. The labelled- and training-pairs
 * exports also carry Dawid–Skene's soft labels: one fit over every judgment of complete pairs (its judgments held as
 * typed columns while it runs, then only the model is kept: priors and each expert's confusion matrix), and each
 * batch of rows' posteriors from its pairs' judgments, so nothing is held per pair. With `labelSource` "all" the
 * pair-level kinds add the pairs a judge decided (DECIDED), read by the same statements (their JudgeDecision with
 * the pair's row), labelled by the judge's verdict and saying so (records.ts, LabelSourceFields).
 */
import { pseudonymSalt } from "../../judging/store";
import { pairAgreement } from "../../results/agreement";
import { signedPreference, verdictsOfPattern, type Verdict } from "../../judging/verdict";
import type { Weights } from "../../results/features";
import { currentWeights } from "../../results/store";
import { exportQuery, optionsOf, type ExportKind, type ExportOptions } from "../kinds";
import {
  MARGIN_RULES,
  preferenceRows,
  type PreferenceOptions,
  type PreferenceRequest,
  type PreferenceSkip,
} from "../preference";
import { sftRow, type SftSkip } from "../sft";
import { correctionExportRows } from "./corrections";
import { judgeVerdictBattles } from "./judge-battles";
import { pairRecords } from "./pairs";
import { DEFAULT_SPLIT_RULE, splitFor, type SplitRule } from "./split-rule";
import { publishedPlanText } from "./plan-text";
import {
  labelSourceFields,
  pairLabel,
  pseudonym,
  type AnnotationRecord,
  type BattleRecord,
  type ExportFilters,
  type ExportRecord,
  type JudgeDecisionLabel,
  type JudgmentRecord,
  type LabelledPairRecord,
  type PreferenceRecord,
} from "../records";
import { trainingPair, type TrainingPair } from "../training";
import { cursorRows, fromSnapshot, keysetRows, poolOf, type Db } from "../../platform/db";
import { type DimensionAnswers, dimensionSummary, type DimensionSummary } from "../../results/dimensions";
import { softArgmax, softLabelsOfPairs, type RatedPair, type SoftLabels } from "../../quality/reliability";
import { fitSoftLabels } from "../../quality/store";
import { NO_REVIEW, rejectedJudgmentRows, reviewFieldsOf, searchProblem, type ReviewFields } from "../../review/store";
import { pairFilterOf } from "./pair-filter";

export { pairFilterOf };

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
  /** Each judgment's dimension answers in slot order, where the pair's dataset asks dimensions; else null. */
  dimensionAnswers: (DimensionAnswers | null)[] | null;
  /** Its judgments for its soft label (RATINGS), where asked; else null. */
  ratings: RatedPair["ratings"];
  /** The judge's decision that labels it (a DECIDED pair, read with labelSource "all"); else null. */
  decision: JudgeDecisionLabel | null;
}

/**
 * A pair's judgments as its soft label reads them, [expert, verdict] in the fit's order (expert, time, id): all of
 * them, whatever an export's dates, read with the pair's row (the same statement: no second query per batch). As
 * JSON, which the driver hands to JSON.parse: a text[][] goes through a parser in JavaScript, character by
 * character (a fifth of an export's garbage).
 */
const RATINGS = `(SELECT json_agg(json_build_array(j."userId", j.verdict) ORDER BY j."userId", j."createdAt", j.id)
                  FROM "Judgment" j WHERE j."pairId" = p.id) AS ratings`;

/** A judge's decision as a row reads it, from `jd` (its JudgeDecision), or null. */
const DECISION = `CASE WHEN jd."pairId" IS NULL THEN NULL ELSE json_build_object('judge', jd.judge, 'verdict', jd.verdict,
                    'confidence', jd.confidence, 'threshold', jd.threshold) END AS decision`;

/**
 * Which pairs a pair-level export reads (its statement's `decision` column, join and condition on `p`): complete
 * ones; with labelSource "all" also the pairs a judge decided whose decision falls in the date range ($3–$4), their
 * JudgeDecision joined on a DECIDED pair only (an audit pair, complete and decided, is the experts'). Without "all"
 * the statement is the experts' alone, as it was before judges decided pairs.
 */
function pairsOf(f: ExportFilters) {
  if (f.labelSource !== "all") return { decision: "NULL AS decision", join: "", where: `p.status = 'COMPLETE'` };
  return {
    decision: DECISION,
    join: `LEFT JOIN "JudgeDecision" jd ON jd."pairId" = p.id AND p.status = 'DECIDED'`,
    where: `(p.status = 'COMPLETE' OR (p.status = 'DECIDED' AND jd."pairId" IS NOT NULL
              AND ($3::timestamptz IS NULL OR jd."createdAt" >= $3) AND ($4::timestamptz IS NULL OR jd."createdAt" < $4)))`,
  };
}

/**
 * Complete pairs with their verdicts (slot order), in one pass over the pairs in key order (pages by key). A pair's
 * verdicts come from its verdict pattern (kept by the analytics tallies); only pairs with a fourth rater, or a date
 * range that keeps some verdicts out, read their judgments. Plan features are read only for training pairs;
 * dimension answers only for pairs whose dataset asks them; the judgments for soft labels with `ratings`. A pair a
 * judge decided (labelSource "all") comes with its decision and the few verdicts its experts gave, if any.
 */
export async function* labelledPairRows(
  db: Db,
  f: ExportFilters = {},
  opts: { features?: boolean; ratings?: boolean } = {},
): AsyncGenerator<LabelledPairRow> {
  const dated = Boolean(f.from || f.to);
  const features = opts.features ?? true;
  const pairs = pairsOf(f);
  const values: unknown[] = [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null, dated];
  const browsed = await pairFilterOf(db, f, values);
  const rows = keysetRows<LabelledPairRow & { pattern: number | null }>(
    db,
    `SELECT p.id AS "pairId", p."queryId", d.name AS destination, q.split, p."planAId", p."planBId", ${pairs.decision},
              ${features ? `(SELECT features FROM "Plan" WHERE id = p."planAId") AS "featuresA", (SELECT features FROM "Plan" WHERE id = p."planBId") AS "featuresB"` : `NULL AS "featuresA", NULL AS "featuresB"`},
              p."requiredRaters", (SELECT label FROM "Adjudication" adj WHERE adj."pairId" = p.id) AS adjudicated, p."verdictPattern" AS pattern,
              CASE WHEN p.status = 'COMPLETE' AND p."verdictPattern" >= 0 AND NOT $5::boolean THEN NULL ELSE
                (SELECT array_agg(j.verdict::text ORDER BY a.slot) FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId"
                 WHERE j."pairId" = p.id AND ($3::timestamptz IS NULL OR j."createdAt" >= $3) AND ($4::timestamptz IS NULL OR j."createdAt" < $4)) END AS verdicts,
              CASE WHEN ds.dimensions IS NULL THEN NULL ELSE
                (SELECT json_agg(j.dimensions ORDER BY a.slot) FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId"
                 WHERE j."pairId" = p.id AND ($3::timestamptz IS NULL OR j."createdAt" >= $3) AND ($4::timestamptz IS NULL OR j."createdAt" < $4)) END AS "dimensionAnswers",
              ${opts.ratings ? RATINGS : "NULL AS ratings"}
       FROM "Pair" p
       JOIN "Query" q ON q.id = p."queryId"
       JOIN "Dataset" ds ON ds.id = q."datasetId"
       JOIN "Destination" d ON d.id = q."destinationId"
       ${pairs.join}
       WHERE ${pairs.where} AND ($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
         AND ${browsed} AND p.id > $${values.length + 1}
       ORDER BY p.id LIMIT $${values.length + 2}`,
    values,
    (r) => [r.pairId],
    [""],
  );
  for await (const r of rows) {
    // A decided pair is labelled by its judge, with or without verdicts of its experts.
    if (r.decision) {
      r.verdicts ??= [];
      yield r;
      continue;
    }
    const verdicts =
      r.verdicts ?? (!dated && r.pattern !== null && r.pattern >= 0 ? verdictsOfPattern(r.pattern) : null);
    if (!verdicts?.length) continue;
    // The driver's row itself (it is this reader's own), not a copy: an export makes one per pair.
    r.verdicts = verdicts;
    yield r;
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
  splits: SplitRule = DEFAULT_SPLIT_RULE,
): AsyncGenerator<TrainingPair> {
  const w = weights ?? (await currentWeights(db)).weights;
  // Fields set on the record as made rather than spread into copies: this runs once per exported pair.
  for await (const [row, p] of withSoftLabels(labelledPairRows(db, f, { ratings: true }), source)) {
    const { label } = pairLabel(row.verdicts, row.requiredRaters, row.adjudicated, row.decision);
    if (label === null) continue;
    row.split = splitFor(row.queryId, row.split, splits);
    const t = trainingPair(row, label, w, row.decision);
    // Dawid–Skene's model is of the experts: a judge's row has its label_confidence instead.
    const soft = row.decision ? null : p;
    t.ds_label = soft && softArgmax(soft);
    t.ds_posterior = soft;
    if (row.dimensionAnswers) Object.assign(t, dimensionFields(row.dimensionAnswers));
    yield t;
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

/** The judgments a raw export's statement (…WHERE JUDGMENT_SCOPE …) selects under `f`, in pages by their id. */
async function* judgmentPages<T extends { id: string }>(db: Db, statement: string, f: ExportFilters) {
  const values: unknown[] = [
    f.datasetId ?? null,
    f.destinationId ?? null,
    f.from ?? null,
    f.to ?? null,
    f.completeOnly ?? false,
  ];
  const browsed = await pairFilterOf(db, f, values);
  yield* keysetRows<T>(
    db,
    `${statement} AND ${browsed} AND j.id > $${values.length + 1} ORDER BY j.id LIMIT $${values.length + 2}`,
    values,
    (r) => [r.id],
    [""],
  );
}

/** A raw judgment's row as the judgment export reads it (from Judgment, or from RejectedJudgment with its reviewer). */
interface JudgmentRow {
  id: string;
  pairId: string;
  queryId: string;
  split: string | null;
  destination: string;
  userId: string;
  email: string;
  slot: number;
  verdict: Verdict;
  strength: number | null;
  dimensions: DimensionAnswers | null;
  rationale: string;
  timeOnTaskMs: number;
  leftIsA: boolean;
  claimedAt: Date;
  createdAt: Date;
}

/** Judgments a page at a time for their reviews (one statement each): the records' memory stays one page. */
const REVIEW_PAGE = 500;

/**
 * Raw judgments, one per row, in key order (pages by key), each with its review (review_status, reviewed_by,
 * review_reason); with `includeRejected`, then the rejected judgments (RejectedJudgment) in key order, marked rejected.
 */
export async function* judgmentRecords(
  db: Db,
  f: ExportFilters = {},
  opts: { names?: boolean; salt?: string; splits?: SplitRule } = {},
): AsyncGenerator<JudgmentRecord & { split?: string }> {
  const expert = await expertNamer(db, opts);
  const reviewer = (id: string | null, email: string | null) => (id && email ? expert(id, email) : null);
  const record = (r: JudgmentRow, review: ReviewFields) => ({
    pair_id: r.pairId,
    query_id: r.queryId,
    destination: r.destination,
    expert: expert(r.userId, r.email),
    slot: r.slot,
    verdict: r.verdict,
    rationale: r.rationale,
    time_on_task_ms: r.timeOnTaskMs,
    left_plan: r.leftIsA ? ("A" as const) : ("B" as const),
    claimed_at: r.claimedAt.toISOString(),
    submitted_at: r.createdAt.toISOString(),
    strength: r.strength,
    signed_preference: signedPreference(r.verdict, r.strength),
    ...EXPERTS,
    review_status: review.status,
    reviewed_by: reviewer(review.reviewerId, review.reviewerEmail),
    review_reason: review.reason,
    ...(r.dimensions ? { dimensions: dimensionRecord(r.dimensions) } : {}),
    // Only where asked (a dataset repository's judgments configuration): the request's split.
    ...(opts.splits ? { split: splitFor(r.queryId, r.split, opts.splits) } : {}),
  });
  const rows = judgmentPages<JudgmentRow>(
    db,
    `SELECT j.id, j."pairId", p."queryId", q.split, d.name AS destination, j."userId", u.email, a.slot, j.verdict, j.strength, j.dimensions, j.rationale, j."timeOnTaskMs",
              a."leftPlanId" = p."planAId" AS "leftIsA", a."claimedAt", j."createdAt"
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" JOIN "User" u ON u.id = j."userId"
       WHERE ${JUDGMENT_SCOPE}`,
    f,
  );
  let page: JudgmentRow[] = [];
  const flush = async function* () {
    const reviews = await reviewFieldsOf(
      db,
      page.map((r) => r.id),
    );
    for (const r of page) yield record(r, reviews.get(r.id) ?? NO_REVIEW);
    page = [];
  };
  for await (const r of rows) {
    page.push(r);
    if (page.length >= REVIEW_PAGE) yield* flush();
  }
  if (page.length) yield* flush();
  if (!f.includeRejected) return;
  // The pair filter's condition, its placeholders after the five filters rejectedJudgmentRows binds first.
  const values: unknown[] = [null, null, null, null, null];
  const condition = await pairFilterOf(db, f, values);
  for await (const r of rejectedJudgmentRows(db, f, { condition, values: values.slice(5) }))
    yield record(r as JudgmentRow, {
      status: "rejected",
      reviewerId: r.reviewerId,
      reviewerEmail: r.reviewerEmail,
      reason: r.reason,
    });
}

const WINNER = { A: "model_a", B: "model_b", NEITHER: "tie" } as const;
/** The label-source fields of a record from the experts' judgments (the same four null-filled fields everywhere). */
const EXPERTS = labelSourceFields(null);

/**
 * Judgments as battles between the plans' planners (FastChat's shape; a planner against itself is left out), each
 * under its pair's id (`id`: a judge's battle on the pair has it too); with labelSource "all", then each decision of
 * a judge on a pair it decided, as one battle.
 */
export async function* battleRecords(
  db: Db,
  f: ExportFilters = {},
  opts: { names?: boolean; salt?: string; splits?: SplitRule } = {},
): AsyncGenerator<BattleRecord> {
  const expert = await expertNamer(db, opts);
  const rows = judgmentPages<{
    id: string;
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
    dimensions: DimensionAnswers | null;
    split: string | null;
  }>(
    db,
    `SELECT j.id, pa.model AS "modelA", pb.model AS "modelB", j.verdict, j.dimensions, q.split, p."queryId", j."pairId", d.name AS destination, j."userId", u.email,
              a."leftPlanId" = p."planAId" AS "leftIsA", j."createdAt"
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" JOIN "User" u ON u.id = j."userId"
       WHERE ${JUDGMENT_SCOPE} AND pa.model <> pb.model`,
    f,
  );
  for await (const r of rows) {
    yield {
      id: r.pairId,
      model_a: r.modelA,
      model_b: r.modelB,
      winner: WINNER[r.verdict],
      query_id: r.queryId,
      pair_id: r.pairId,
      destination: r.destination,
      judge: expert(r.userId, r.email),
      left: r.leftIsA ? "model_a" : "model_b",
      submitted_at: r.createdAt.toISOString(),
      ...(r.dimensions ? { dimensions: dimensionWinners(r.dimensions) } : {}),
      split: splitFor(r.queryId, r.split, opts.splits ?? DEFAULT_SPLIT_RULE),
      ...EXPERTS,
    };
  }
  if (f.labelSource === "all") yield* judgeBattles(db, f, opts.splits ?? DEFAULT_SPLIT_RULE);
}

/**
 * The judges' battles (labelSource "all"): a decided pair's decision, dated by it, in pages by pair; the judge is
 * named, and `left` is null (a judge has no screen side). `complete` does not apply: a decided pair is labelled.
 */
async function* judgeBattles(db: Db, f: ExportFilters, splits: SplitRule): AsyncGenerator<BattleRecord> {
  const values: unknown[] = [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null];
  const browsed = await pairFilterOf(db, f, values);
  const rows = keysetRows<{
    pairId: string;
    modelA: string;
    modelB: string;
    queryId: string;
    destination: string;
    split: string | null;
    decision: JudgeDecisionLabel;
    createdAt: Date;
  }>(
    db,
    `SELECT p.id AS "pairId", pa.model AS "modelA", pb.model AS "modelB", p."queryId", d.name AS destination, q.split, jd."createdAt", ${DECISION}
       FROM "Pair" p JOIN "JudgeDecision" jd ON jd."pairId" = p.id
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
      WHERE p.status = 'DECIDED' AND pa.model <> pb.model
        AND ($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
        AND ($3::timestamptz IS NULL OR jd."createdAt" >= $3) AND ($4::timestamptz IS NULL OR jd."createdAt" < $4)
        AND ${browsed} AND p.id > $${values.length + 1}
      ORDER BY p.id LIMIT $${values.length + 2}`,
    values,
    (r) => [r.pairId],
    [""],
  );
  for await (const r of rows)
    yield {
      id: r.pairId,
      model_a: r.modelA,
      model_b: r.modelB,
      winner: WINNER[r.decision.verdict],
      query_id: r.queryId,
      pair_id: r.pairId,
      destination: r.destination,
      judge: r.decision.judge,
      left: null,
      submitted_at: r.createdAt.toISOString(),
      split: splitFor(r.queryId, r.split, splits),
      ...labelSourceFields(r.decision),
    };
}

/**
 * Complete pairs with their verdicts, label (majority, adjudicated, or unresolved) and agreement; with labelSource
 * "all", the pairs a judge decided too, labelled by its verdict.
 */
export async function* labelledPairRecords(
  db: Db,
  f: ExportFilters = {},
  source: SoftLabelSource = localSoftLabels(db),
  splits: SplitRule = DEFAULT_SPLIT_RULE,
): AsyncGenerator<LabelledPairRecord> {
  for await (const [row, p] of withSoftLabels(labelledPairRows(db, f, { features: false, ratings: true }), source)) {
    const d = row.decision;
    const l = pairLabel(row.verdicts, row.requiredRaters, row.adjudicated, d);
    // Dawid–Skene's model is of the experts: a judge's row has its label_confidence instead.
    const soft = d ? null : p;
    yield {
      pair_id: row.pairId,
      query_id: row.queryId,
      destination: row.destination,
      plan_a: row.planAId,
      plan_b: row.planBId,
      verdicts: row.verdicts,
      label: l.label,
      label_basis: l.basis,
      ...labelSourceFields(d),
      agreement: d ? null : pairAgreement(row.verdicts),
      ds_label: soft && softArgmax(soft),
      ds_posterior: soft,
      ...dimensionFields(row.dimensionAnswers),
      split: splitFor(row.queryId, row.split, splits),
    };
  }
}

const DIMENSION_WINNER = { A: "model_a", B: "model_b", SAME: "tie", NA: null } as const;

/** A judgment's dimension answers as battle winners: "about the same" a tie, not applicable null. */
function dimensionWinners(a: DimensionAnswers): NonNullable<BattleRecord["dimensions"]> {
  const out: NonNullable<BattleRecord["dimensions"]> = {};
  for (const [k, x] of Object.entries(a)) out[k] = DIMENSION_WINNER[x.v];
  return out;
}

/**
 * The per-dimension fields of a labelled or training pair, where its dataset asks dimensions; none otherwise, so a
 * dataset without dimensions exports exactly the fields it always did.
 */
function dimensionFields(answers: (DimensionAnswers | null)[] | null): Partial<DimensionSummary> {
  const s = answers && dimensionSummary(answers);
  return s ?? {};
}

/** A judgment's dimension answers as the export writes them: verdict and strength (null without one) per key. */
function dimensionRecord(a: DimensionAnswers): NonNullable<JudgmentRecord["dimensions"]> {
  const out: NonNullable<JudgmentRecord["dimensions"]> = {};
  for (const [k, x] of Object.entries(a)) out[k] = { verdict: x.v, strength: x.s ?? null };
  return out;
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

/**
 * Why an export's dataset, destination, planner or judge filter, or its pair filter's search, cannot be met (it names
 * none that exists), or null: a misspelt name is said, never answered with an empty file.
 */
export async function scopeProblem(db: Db, f: ExportFilters): Promise<string | null> {
  const search = await searchProblem(db, f.pairs?.q);
  if (search) return `pair_filter: q: ${search}`;
  const { rows } = await poolOf(db).query<{
    dataset: boolean;
    destination: boolean;
    planner: boolean;
    judge: boolean;
  }>(
    `SELECT ($1::text IS NULL OR EXISTS (SELECT 1 FROM "Dataset" WHERE id = $1)) AS dataset,
            ($2::text IS NULL OR EXISTS (SELECT 1 FROM "Destination" WHERE id = $2)) AS destination,
            ($3::text IS NULL OR EXISTS (SELECT 1 FROM "Plan" WHERE model = $3)) AS planner,
            ($4::text IS NULL OR EXISTS (SELECT 1 FROM "JudgeVerdict" WHERE judge = $4)) AS judge`,
    [f.datasetId ?? null, f.destinationId ?? null, f.planner ?? null, f.judge ?? null],
  );
  if (!rows[0].dataset)
    return `there is no dataset ${JSON.stringify(f.datasetId)} (the Import page lists them with their ids)`;
  if (!rows[0].destination)
    return `there is no destination ${JSON.stringify(f.destinationId)} (the Users & destinations page lists them)`;
  if (!rows[0].planner)
    return `no plan has the planner ${JSON.stringify(f.planner)} (a plan's "model", as the Leaderboard names planners)`;
  if (!rows[0].judge)
    return `no uploaded judge is named ${JSON.stringify(f.judge)} (the Judges page lists them; judges' names are exact)`;
  return null;
}

/** Records who exported what (the query, the rows written, the job when one wrote it). */
export async function auditExport(
  db: Db,
  actorId: string | null,
  kind: ExportKind | "hf-dataset",
  query: object,
  count: number,
  jobId?: string,
) {
  await db.auditEvent.create({
    data: { actorId, action: `export.${kind}`, data: { ...query, count, ...(jobId ? { job: jobId } : {}) } },
  });
}

/**
 * Where an export gets Dawid–Skene's soft labels for a batch of its rows' pairs: by default the model is fitted
 * here once, when the first row arrives (an export whose filter matches nothing costs nothing; its pages hold no
 * snapshot meanwhile); an admin process shares one model between exports (lib/platform/offload/soft-labels.ts). A pair's
 * label comes from its judgments as its row's statement read them (RATINGS): no second query per batch.
 */
export type SoftLabelSource = (pairs: readonly RatedPair[]) => Promise<SoftLabels>;

/** Soft labels from a model fitted in this process, once per export. */
export function localSoftLabels(db: Db): SoftLabelSource {
  let fit: ReturnType<typeof fitSoftLabels> | null = null;
  return async (pairs) => {
    fit ??= fitSoftLabels(db);
    const model = await fit;
    return model ? softLabelsOfPairs(model, pairs) : new Map();
  };
}

/** The rows with their pairs' soft labels, asked for `size` rows at a time. */
async function* withSoftLabels<T extends RatedPair>(
  rows: AsyncIterable<T>,
  source: SoftLabelSource,
  size = 500,
): AsyncGenerator<[T, Record<Verdict, number> | null]> {
  let batch: T[] = [];
  const flush = async function* () {
    const soft = await source(batch);
    for (const r of batch) yield [r, soft.get(r.pairId) ?? null] as [T, Record<Verdict, number> | null];
    batch = [];
  };
  for await (const r of rows) {
    batch.push(r);
    if (batch.length >= size) yield* flush();
  }
  if (batch.length) yield* flush();
}

/** The records of one export kind (web server, admin process, job worker and CLI alike). */
export function records(
  kind: ExportKind,
  db: Db,
  f: ExportFilters,
  o: ExportOptions = {},
  soft: SoftLabelSource = localSoftLabels(db),
): AsyncGenerator<ExportRecord> {
  if (kind === "judgments") return judgmentRecords(db, f, { names: o.names });
  if (kind === "annotations") return annotationRecords(db, f, { names: o.names });
  const splits = o.preference ?? DEFAULT_SPLIT_RULE;
  if (kind === "labelled-pairs") return labelledPairRecords(db, f, soft, splits);
  if (kind === "battles")
    return f.judge ? judgeVerdictBattles(db, f, f.judge, splits) : battleRecords(db, f, { names: o.names, splits });
  if (kind === "pairs") return pairRecords(db, f);
  if (kind === "preference-pairs")
    return preferencePairRecords(db, f, o.preference ?? optionsOf(exportQuery.parse({})).preference!, soft);
  if (kind === "sft") return sftRecords(db, f, o.preference ?? optionsOf(exportQuery.parse({})).preference!);
  if (kind === "corrections")
    return correctionExportRows(
      db,
      f,
      o.correctionsAs ?? "record",
      o.preference ?? optionsOf(exportQuery.parse({})).preference!,
      {
        names: o.names,
      },
    );
  return trainingPairs(db, f, undefined, soft, splits);
}

/**
 * Preference pairs (lib/exports/preference.ts): complete pairs in key order (pages by key), each with its request,
 * the two plans as published (publishedPlanText: never re-serialized) and its judgments; Dawid–Skene's soft
 * labels only when the metadata is asked for. `tally` hears what each pair gave (rows and split, or why none).
 */
export async function* preferencePairRecords(
  db: Db,
  f: ExportFilters,
  o: PreferenceOptions,
  source: SoftLabelSource = localSoftLabels(db),
  tally?: (queryId: string, split: string, rows: number, skipped?: PreferenceSkip, judged?: boolean) => void,
): AsyncGenerator<PreferenceRecord> {
  const rows = completePairsForTrainers(db, f, "p.id", o.withMetadata);
  const labelled = async function* () {
    for await (const r of rows) if (r.judgments?.length || r.decision) yield r;
  };
  const withSoft = o.withMetadata ? withSoftLabels(labelled(), source) : pairsWithoutSoftLabels(labelled());
  for await (const [r, soft] of withSoft) {
    const js = r.judgments ?? [];
    const summary = dimensionSummary(js.map((j) => j.d));
    const out = preferenceRows(
      {
        pairId: r.pairId,
        queryId: r.queryId,
        ownSplit: r.split,
        request: { ...r, preferences: r.preferences ?? {} },
        planA: r.planA,
        planB: r.planB,
        judgments: js.map((j) => ({ verdict: j.verdict, strength: j.strength })),
        requiredRaters: r.requiredRaters,
        adjudicated: r.adjudicated,
        dsPosterior: soft,
        ...(summary ? { dimensionMajority: summary.dimension_majority } : {}),
        decision: r.decision,
      },
      o,
    );
    tally?.(r.queryId, out.split, out.rows.length, out.skipped, r.decision !== null);
    yield* out.rows;
  }
}

/** A complete pair as the trainer exports read it: its request, both plans as published, its judgments. */
type TrainerPairRow = PreferenceRequest & {
  pairId: string;
  queryId: string;
  split: string | null;
  planAId: string;
  planBId: string;
  planA: string;
  planB: string;
  requiredRaters: number;
  adjudicated: Verdict | null;
  judgments: { verdict: Verdict; strength: number | null; d: DimensionAnswers | null }[] | null;
  ratings: RatedPair["ratings"];
  decision: JudgeDecisionLabel | null;
};

/**
 * Complete pairs in `order`, pages by key (the plans as published, never re-serialized), verification pairs left
 * to the corrections export; with labelSource "all", the pairs a judge decided too, with its decision.
 */
async function* completePairsForTrainers(
  db: Db,
  f: ExportFilters,
  order: "p.id" | `p."queryId", p.id`,
  ratings = false,
) {
  const byRequest = order !== "p.id";
  const pairs = pairsOf(f);
  const values: unknown[] = [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null];
  const browsed = await pairFilterOf(db, f, values);
  const n = values.length;
  yield* keysetRows<TrainerPairRow>(
    db,
    `SELECT p.id AS "pairId", p."queryId", q.split, q.text, d.name AS destination, q.origin, q.days, q.people, q."startDate",
              q.preferences, p."planAId", p."planBId", ${publishedPlanText("pa")} AS "planA", ${publishedPlanText("pb")} AS "planB", p."requiredRaters", ${pairs.decision},
              (SELECT label FROM "Adjudication" adj WHERE adj."pairId" = p.id) AS adjudicated,
              (SELECT json_agg(json_build_object('verdict', j.verdict, 'strength', j.strength, 'd', j.dimensions) ORDER BY a.slot, j.id)
                 FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId"
                WHERE j."pairId" = p.id AND ($3::timestamptz IS NULL OR j."createdAt" >= $3) AND ($4::timestamptz IS NULL OR j."createdAt" < $4)) AS judgments,
              ${ratings ? RATINGS : "NULL AS ratings"}
         FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
         JOIN "Dataset" ds ON ds.id = q."datasetId" JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
         ${pairs.join}
        WHERE ${pairs.where} AND ($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
          -- A correction's verification pair is exported with its correction (tripjudge export corrections --as …).
          AND NOT EXISTS (SELECT 1 FROM "Correction" c WHERE c."verificationPairId" = p.id)
          AND ${browsed} AND ${byRequest ? `(p."queryId", p.id) > ($${n + 1}, $${n + 2})` : `p.id > $${n + 1}`}
        ORDER BY ${order} LIMIT $${byRequest ? n + 3 : n + 2}`,
    values,
    (r) => (byRequest ? [r.queryId, r.pairId] : [r.pairId]),
    byRequest ? ["", ""] : [""],
  );
}

/**
 * SFT rows (lib/exports/sft.ts): one per request whose experts prefer a plan, in request order, a request's complete
 * pairs at a time (memory: one request's pairs). `tally` hears what each request gave (its split, or why none).
 */
export async function* sftRecords(
  db: Db,
  f: ExportFilters,
  o: PreferenceOptions,
  tally?: (queryId: string, split: string, skipped?: SftSkip, judged?: boolean) => void,
): AsyncGenerator<PreferenceRecord> {
  let group: TrainerPairRow[] = [];
  const flush = () => {
    const first = group[0];
    const plans = new Map<string, string>();
    for (const r of group) plans.set(r.planAId, r.planA).set(r.planBId, r.planB);
    const out = sftRow(
      {
        queryId: first.queryId,
        ownSplit: first.split,
        request: { ...first, preferences: first.preferences ?? {} },
        plans,
        pairs: group.map((r) => ({
          pairId: r.pairId,
          planAId: r.planAId,
          planBId: r.planBId,
          verdicts: (r.judgments ?? []).map((j) => j.verdict),
          requiredRaters: r.requiredRaters,
          adjudicated: r.adjudicated,
          decision: r.decision,
        })),
      },
      o,
    );
    tally?.(first.queryId, out.split, out.skipped, Boolean(out.preferred?.judgePairs));
    group = [];
    return out.row;
  };
  for await (const r of completePairsForTrainers(db, f, `p."queryId", p.id`)) {
    if (!r.judgments?.length && !r.decision) continue;
    if (group.length && group[0].queryId !== r.queryId) {
      const row = flush();
      if (row) yield row;
    }
    group.push(r);
  }
  if (group.length) {
    const row = flush();
    if (row) yield row;
  }
}

/** An export's rows by their label's source (label_source: a judge's only with labelSource "all"). */
export type LabelSourceCounts = { experts: number; judge: number };

export interface SftCard {
  rows: number;
  label_sources: LabelSourceCounts;
  /** Per split: its requests, one row each (`pairs`: the labelled pairs behind them are not counted here, 0). */
  splits: Record<string, { pairs: number; requests: number }>;
  left_out: Record<SftSkip, number>;
}

/** The SFT rows' card: rows and requests per split, and the requests left out and why. */
export async function sftCard(db: Db, f: ExportFilters, o: PreferenceOptions): Promise<SftCard> {
  const card: SftCard = {
    rows: 0,
    label_sources: { experts: 0, judge: 0 },
    splits: {},
    left_out: { unlabelled: 0, no_winner: 0, tied: 0 },
  };
  const rows = sftRecords(db, f, { ...o, withMetadata: false }, (_q, split, skipped, judged) => {
    if (skipped) return void card.left_out[skipped]++;
    card.rows++;
    card.label_sources[judged ? "judge" : "experts"]++;
    (card.splits[split] ??= { pairs: 0, requests: 0 }).requests++;
  });
  for await (const _ of rows) void _;
  return card;
}

async function* pairsWithoutSoftLabels<T>(rows: AsyncIterable<T>): AsyncGenerator<[T, null]> {
  for await (const r of rows) yield [r, null];
}

export interface PreferenceCard {
  rows: number;
  label_sources: LabelSourceCounts;
  /** Per split: the labelled pairs it holds and their requests (a request is in one split only). */
  splits: Record<string, { pairs: number; requests: number }>;
  left_out: Record<PreferenceSkip, number>;
  /** What the rows' margin measures (adjudicated pairs included); null without a margin. */
  margin: { kind: "votes" | "strength"; rule: string } | null;
}

/**
 * The preference pairs' card: what each split holds and what was left out and why, from one pass over the rows
 * (no soft labels: the card needs none). Memory: the request ids of each split, to count them once.
 */
export async function preferenceCard(db: Db, f: ExportFilters, o: PreferenceOptions): Promise<PreferenceCard> {
  const card: PreferenceCard = {
    rows: 0,
    label_sources: { experts: 0, judge: 0 },
    splits: {},
    left_out: { unlabelled: 0, not_unanimous: 0, neither: 0 },
    margin: o.margin === "none" ? null : { kind: o.margin, rule: MARGIN_RULES[o.margin] },
  };
  const requests = new Map<string, Set<string>>();
  const tally = (queryId: string, split: string, n: number, skipped?: PreferenceSkip, judged?: boolean) => {
    if (skipped) card.left_out[skipped]++;
    if (!n) return;
    card.rows += n;
    card.label_sources[judged ? "judge" : "experts"] += n;
    const s = (card.splits[split] ??= { pairs: 0, requests: 0 });
    s.pairs++;
    let set = requests.get(split);
    if (!set) requests.set(split, (set = new Set()));
    set.add(queryId);
  };
  const rows = preferencePairRecords(db, f, { ...o, withMetadata: false }, undefined, tally);
  for await (const _ of rows) void _;
  for (const [split, set] of requests) card.splits[split].requests = set.size;
  return card;
}

/** Preference pairs or SFT rows, each with its request's split (`tripjudge export … --out DIR`: a file per split). */
export async function* splitTaggedRecords(
  kind: "preference-pairs" | "sft",
  db: Db,
  f: ExportFilters,
  o: PreferenceOptions,
): AsyncGenerator<{ split: string; row: PreferenceRecord }> {
  let split = "";
  const rows =
    kind === "sft"
      ? sftRecords(db, f, o, (_q, s) => (split = s))
      : preferencePairRecords(db, f, o, undefined, (_q, s) => (split = s));
  for await (const row of rows) yield { split, row };
}
