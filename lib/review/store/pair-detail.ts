/**
 * A pair's page from the database (lib/review/pair-detail.ts says what it holds): a handful of short statements by
 * the pair's id — its row with request, dataset, plans (each itinerary only up to PLAN_CHARS_CAP), adjudication and
 * judge decision; its assignments and judgments; judges' verdicts; corrections of its plans; the audit events naming
 * it — then the history (lib/review/history.ts) and the people it names. A pair outside the reader's scope is
 * refused as one that does not exist; a gold pair's id is refused with what it is.
 */
import { pseudonymSalt } from "../../judging/store";
import { pairLabel, pseudonym } from "../../exports";
import { pairAgreement } from "../../results/agreement";
import type { Verdict } from "../../judging/verdict";
import type { Itinerary } from "../../datasets";
import type { DimensionAnswers } from "../../results/dimensions";
import { AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";
import {
  pairHistory,
  type HistoryAssignment,
  type HistoryAudit,
  type HistoryReview,
  type HistoryRows,
} from "../history";
import {
  PAIR_ROWS_CAP,
  PLAN_CHARS_CAP,
  type PairDetail,
  type PairJudgeVerdict,
  type PairJudgment,
  type PairPerson,
  type PairRejectedJudgment,
} from "../pair-detail";
import { NO_REVIEW, reviewFieldsOf } from "./reads";
import type { ReviewScope } from "../scope";

interface HeadRow {
  id: string;
  status: PairDetail["pair"]["status"];
  requiredRaters: number;
  submittedCount: number;
  claimedCount: number;
  createdAt: Date;
  calibration: boolean;
  escalationCalibration: boolean;
  planAId: string;
  planBId: string;
  queryId: string;
  querySourceId: string;
  text: string;
  origin: string | null;
  days: number;
  people: number;
  startDate: string | null;
  preferences: Record<string, unknown> | null;
  dslStage: string | null;
  destinationId: string;
  destination: string;
  country: string;
  lat: number;
  lon: number;
  datasetId: string;
  dataset: string;
  preferenceStrength: boolean;
  dimensions: { key: string; name: string }[] | null;
  plannerA: string;
  sourceA: string;
  charsA: number;
  itineraryA: Itinerary | null;
  plannerB: string;
  sourceB: string;
  charsB: number;
  itineraryB: Itinerary | null;
  adjLabel: Verdict | null;
  adjNote: string | null;
  adjAdminId: string | null;
  adjAt: Date | null;
  jdJudge: string | null;
  jdVerdict: Verdict | null;
  jdConfidence: number | null;
  jdThreshold: number | null;
  jdAudit: boolean | null;
  jdAt: Date | null;
  goldPairId: string | null;
  verifies: { id: string; userId: string } | null;
}

/** The pair's row with everything read once per pair; null when there is none in the scope. */
async function headRow(db: Db, pairId: string, scope: ReviewScope): Promise<HeadRow | null> {
  const plan = (x: "A" | "B", alias: string) =>
    `${alias}.model AS "planner${x}", ${alias}."sourceId" AS "source${x}", length(${alias}.itinerary::text) AS "chars${x}",
     CASE WHEN length(${alias}.itinerary::text) <= $3 THEN ${alias}.itinerary END AS "itinerary${x}"`;
  const { rows } = await poolOf(db).query<HeadRow>(
    `SELECT p.id, p.status::text AS status, p."requiredRaters", p."submittedCount", p."claimedCount", p."createdAt",
            p.calibration, p."escalationCalibration", p."planAId", p."planBId",
            q.id AS "queryId", q."sourceId" AS "querySourceId", q.text, q.origin, q.days, q.people, q."startDate",
            q.preferences, q."dslStage"::text AS "dslStage",
            d.id AS "destinationId", d.name AS destination, d.country, d.lat, d.lon,
            ds.id AS "datasetId", ds.name AS dataset, ds."preferenceStrength",
            CASE WHEN jsonb_typeof(ds.dimensions) = 'array' THEN ds.dimensions END AS dimensions,
            ${plan("A", "pa")}, ${plan("B", "pb")},
            adj.label AS "adjLabel", adj.note AS "adjNote", adj."adminId" AS "adjAdminId", adj."createdAt" AS "adjAt",
            jd.judge AS "jdJudge", jd.verdict AS "jdVerdict", jd.confidence AS "jdConfidence",
            jd.threshold AS "jdThreshold", jd.audit AS "jdAudit", jd."createdAt" AS "jdAt",
            (SELECT g.id FROM "GoldPair" g WHERE g."sourcePairId" = p.id) AS "goldPairId",
            (SELECT json_build_object('id', c.id, 'userId', c."userId") FROM "Correction" c
              WHERE c."verificationPairId" = p.id) AS verifies
       FROM "Pair" p
       JOIN "Query" q ON q.id = p."queryId"
       JOIN "Destination" d ON d.id = q."destinationId"
       JOIN "Dataset" ds ON ds.id = q."datasetId"
       JOIN "Plan" pa ON pa.id = p."planAId"
       JOIN "Plan" pb ON pb.id = p."planBId"
       LEFT JOIN "Adjudication" adj ON adj."pairId" = p.id
       LEFT JOIN "JudgeDecision" jd ON jd."pairId" = p.id
      WHERE p.id = $1 AND ($2::text[] IS NULL OR q."destinationId" = ANY($2))`,
    [pairId, scope.destinationIds, PLAN_CHARS_CAP],
  );
  return rows[0] ?? null;
}

/** Why there is no pair page for this id: a gold pair in the scope says what it is; anything else is unknown. */
async function refusal(db: Db, id: string, scope: ReviewScope): Promise<AppError> {
  const { rows } = await poolOf(db).query<{ origin: string; sourcePairId: string | null }>(
    `SELECT g.origin::text AS origin, g."sourcePairId" FROM "GoldPair" g
      WHERE g.id = $1 AND ($2::text[] IS NULL OR g."destinationId" = ANY($2))`,
    [id, scope.destinationIds],
  );
  const g = rows[0];
  if (!g) return new AppError("not_found", `There is no pair ${JSON.stringify(id)}.`);
  const what =
    g.origin === "PROMOTED" && g.sourcePairId
      ? `a gold pair promoted from the real pair ${g.sourcePairId}, which has a page of its own`
      : "a gold pair (a plan with an injected defect beside another plan of its request)";
  return new AppError(
    "not_found",
    `${id} is ${what}. Gold pairs check experts and are never labels, so they have no pair page; their answers are on the Quality page.`,
    { goldPair: { origin: g.origin, sourcePairId: g.sourcePairId } },
  );
}

interface JudgmentRow {
  id: string;
  userId: string;
  slot: number;
  verdict: Verdict;
  strength: number | null;
  dimensions: DimensionAnswers | null;
  rationale: string;
  timeOnTaskMs: number;
  leftIsA: boolean;
  claimedAt: Date;
  submittedAt: Date;
}

interface RejectedRow extends JudgmentRow {
  reviewerId: string;
  reason: string;
  rejectedAt: Date;
}

/** Up to PAIR_ROWS_CAP + 1 rows: one more than shown says the list was cut. */
const LIMIT = PAIR_ROWS_CAP + 1;

async function lists(db: Db, h: HeadRow) {
  const pool = poolOf(db);
  const [assignments, judgments, judges, corrections, rejected] = await Promise.all([
    pool.query<HistoryAssignment>(
      `SELECT a.id, a."userId", a.slot, a.status::text AS status, a."leftPlanId" = $2 AS "leftIsA", a."claimedAt",
              a."completedAt", a."skipReason", coalesce(j."createdAt", r."createdAt") AS "submittedAt",
              coalesce(j.verdict, r.verdict) AS verdict
         FROM "Assignment" a LEFT JOIN "Judgment" j ON j."assignmentId" = a.id
         LEFT JOIN "RejectedJudgment" r ON r."assignmentId" = a.id
        WHERE a."pairId" = $1 ORDER BY a."claimedAt", a.id LIMIT $3`,
      [h.id, h.planAId, LIMIT],
    ),
    // A pair's judgments are few (its raters): read whole, whatever the cap cut from its assignments.
    pool.query<JudgmentRow>(
      `SELECT j.id, j."userId", a.slot, j.verdict, j.strength, j.dimensions, j.rationale, j."timeOnTaskMs",
              a."leftPlanId" = $2 AS "leftIsA", a."claimedAt", j."createdAt" AS "submittedAt"
         FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId"
        WHERE j."pairId" = $1 ORDER BY a.slot, j."createdAt", j.id`,
      [h.id, h.planAId],
    ),
    pool.query<PairJudgeVerdict & { uploadedAt: Date; judges: string[] }>(
      `SELECT v.judge, v.verdict, v."order", v."scoreA", v."scoreB", v."pA", v."pB", v."pNeither",
              v.samples::text[] AS samples, i.name AS upload, i."createdAt" AS "uploadedAt", i.judges
         FROM "JudgeVerdict" v JOIN "JudgeImport" i ON i.id = v."importId"
        WHERE v."pairId" = $1 ORDER BY i."createdAt", v.judge, v.id LIMIT $2`,
      [h.id, LIMIT],
    ),
    pool.query<{ id: string; userId: string; plan: "A" | "B"; createdAt: Date }>(
      `SELECT c.id, c."userId", CASE WHEN c."sourcePlanId" = $1 THEN 'A' ELSE 'B' END AS plan, c."createdAt"
         FROM "Correction" c WHERE c."sourcePlanId" IN ($1, $2) ORDER BY c."createdAt", c.id LIMIT $3`,
      [h.planAId, h.planBId, LIMIT],
    ),
    // Rejected judgments are few too (each one reopened a slot of the pair's raters).
    pool.query<RejectedRow>(
      `SELECT r.id, r."userId", r.slot, r.verdict, r.strength, r.dimensions, r.rationale, r."timeOnTaskMs",
              r."leftPlanId" = $2 AS "leftIsA", r."claimedAt", r."createdAt" AS "submittedAt",
              r."reviewerId", r.reason, r."rejectedAt"
         FROM "RejectedJudgment" r WHERE r."pairId" = $1 ORDER BY r."rejectedAt", r.id LIMIT $3`,
      [h.id, h.planAId, LIMIT],
    ),
  ]);
  const ids = [...judgments.rows, ...rejected.rows].map((j) => j.id);
  // The reviews of those judgments (by their index), and each standing judgment's status.
  const [reviews, fields] = await Promise.all([
    pool.query<HistoryReview>(
      `SELECT v."judgmentId", v."reviewerId", v."expertId", coalesce(a.slot, r.slot) AS slot, v.action::text AS action, v.text,
              v."createdAt"
         FROM "JudgmentReview" v LEFT JOIN "Judgment" j ON j.id = v."judgmentId"
         LEFT JOIN "Assignment" a ON a.id = j."assignmentId" LEFT JOIN "RejectedJudgment" r ON r.id = v."judgmentId"
        WHERE v."judgmentId" = ANY($1::text[]) ORDER BY v."createdAt", v.id LIMIT $2`,
      [ids, LIMIT],
    ),
    reviewFieldsOf(
      db,
      judgments.rows.map((j) => j.id),
    ),
  ]);
  return {
    assignments: assignments.rows,
    judgments: judgments.rows.map((j) => ({ ...j, review: (fields.get(j.id) ?? NO_REVIEW).status })),
    judges: judges.rows,
    corrections: corrections.rows,
    rejected: rejected.rows,
    reviews: reviews.rows,
  };
}

/** The audit events about the pair, its assignments, and removals of the judgments of experts it released. */
async function auditsOf(db: Db, pairId: string, assignments: HistoryAssignment[]): Promise<HistoryAudit[]> {
  const released = [...new Set(assignments.filter((a) => a.status === "RELEASED").map((a) => a.userId))];
  const { rows } = await poolOf(db).query<HistoryAudit>(
    `SELECT e.action, e."actorId", e."targetType", e."targetId", e.data, e."createdAt" FROM "AuditEvent" e
      WHERE (e."targetType" = 'Pair' AND e."targetId" = $1)
         OR (e."targetType" = 'Assignment' AND e."targetId" = ANY($2::text[]))
         OR (e.action = 'expert.remove_judgments' AND e."targetId" = ANY($3::text[]))
      ORDER BY e."createdAt", e.id LIMIT $4`,
    [pairId, assignments.map((a) => a.id), released, LIMIT],
  );
  return rows;
}

/** Everyone the page names, by key: experts by pseudonym (or name and address with `names`), admins by name. */
async function peopleOf(db: Db, keys: Map<string, string>, names: boolean): Promise<Record<string, PairPerson>> {
  if (keys.size === 0) return {};
  const { rows } = await poolOf(db).query<{ id: string; name: string; email: string; role: string }>(
    `SELECT id, name, email, role::text AS role FROM "User" WHERE id = ANY($1::text[])`,
    [[...keys.keys()]],
  );
  const out: Record<string, PairPerson> = {};
  for (const key of keys.values()) out[key] = { label: key, email: null, role: "EXPERT" };
  for (const u of rows) {
    const key = keys.get(u.id)!;
    const named = names || u.role !== "EXPERT";
    out[key] = named ? { label: u.name, email: u.email, role: u.role } : { label: key, email: null, role: u.role };
  }
  return out;
}

/**
 * A pair's page, or a not_found refusal (no such pair in the scope; a gold pair's id says what it is). `names`:
 * experts by name and address instead of their pseudonyms (the caller records that it asked: recordNameReveal).
 */
export async function pairDetail(
  db: Db,
  pairId: string,
  scope: ReviewScope,
  opts: { names?: boolean } = {},
): Promise<PairDetail> {
  const h = await headRow(db, pairId, scope);
  if (!h) throw await refusal(db, pairId, scope);
  const names = opts.names ?? false;
  const [l, salt] = await Promise.all([lists(db, h), pseudonymSalt(db)]);
  const assignments = l.assignments.slice(0, PAIR_ROWS_CAP);
  const audits = await auditsOf(db, h.id, assignments);
  const keys = new Map<string, string>();
  const who = (userId: string | null) => {
    if (!userId) return null;
    let k = keys.get(userId);
    if (!k) keys.set(userId, (k = pseudonym(userId, salt)));
    return k;
  };
  const imports = new Map<string, HistoryRows["judgeImports"][number]>();
  for (const v of l.judges.slice(0, PAIR_ROWS_CAP)) {
    const key = `${v.upload}\u0000${v.uploadedAt.toISOString()}`;
    const i = imports.get(key) ?? { name: v.upload, judges: [], createdAt: v.uploadedAt };
    if (!i.judges.includes(v.judge)) i.judges.push(v.judge);
    imports.set(key, i);
  }
  const adjudication = h.adjLabel
    ? { label: h.adjLabel, note: h.adjNote, adminId: h.adjAdminId, createdAt: h.adjAt! }
    : null;
  const decision = h.jdJudge
    ? {
        judge: h.jdJudge,
        verdict: h.jdVerdict!,
        confidence: h.jdConfidence!,
        threshold: h.jdThreshold!,
        audit: h.jdAudit!,
        createdAt: h.jdAt!,
      }
    : null;
  const history = pairHistory(
    {
      pair: { createdAt: h.createdAt },
      assignments,
      audits: audits.slice(0, PAIR_ROWS_CAP),
      adjudication,
      decision,
      judgeImports: [...imports.values()],
      corrections: l.corrections.slice(0, PAIR_ROWS_CAP),
      reviews: l.reviews.slice(0, PAIR_ROWS_CAP),
    },
    who,
  );
  const judgments: PairJudgment[] = l.judgments.map((j) => ({
    id: j.id,
    who: who(j.userId)!,
    slot: j.slot,
    verdict: j.verdict,
    strength: j.strength,
    dimensions: j.dimensions,
    rationale: j.rationale,
    timeOnTaskMs: j.timeOnTaskMs,
    leftPlan: j.leftIsA ? "A" : "B",
    claimedAt: j.claimedAt.toISOString(),
    submittedAt: j.submittedAt.toISOString(),
    review: j.review,
    comments: l.reviews
      .filter((v) => v.judgmentId === j.id && v.action === "COMMENT" && v.text)
      .map((v) => ({ by: who(v.reviewerId)!, at: v.createdAt.toISOString(), text: v.text! })),
  }));
  const rejected: PairRejectedJudgment[] = l.rejected.slice(0, PAIR_ROWS_CAP).map((j) => ({
    id: j.id,
    who: who(j.userId)!,
    slot: j.slot,
    verdict: j.verdict,
    strength: j.strength,
    dimensions: j.dimensions,
    rationale: j.rationale,
    timeOnTaskMs: j.timeOnTaskMs,
    leftPlan: j.leftIsA ? "A" : "B",
    claimedAt: j.claimedAt.toISOString(),
    submittedAt: j.submittedAt.toISOString(),
    reason: j.reason,
    rejectedBy: who(j.reviewerId)!,
    rejectedAt: j.rejectedAt.toISOString(),
  }));
  const verdicts = l.judgments.map((j) => j.verdict);
  // As the exports label a pair: a judge's decision labels a DECIDED pair only (an audit pair is the experts').
  const labelling = h.status === "DECIDED" ? decision : null;
  const label = pairLabel(verdicts, h.requiredRaters, adjudication?.label ?? null, labelling);
  const verifies = h.verifies && { correctionId: h.verifies.id, by: who(h.verifies.userId)! };
  const adjudicatedBy = adjudication && who(adjudication.adminId);
  const plan = (x: "A" | "B") => ({
    id: x === "A" ? h.planAId : h.planBId,
    planner: x === "A" ? h.plannerA : h.plannerB,
    sourceId: x === "A" ? h.sourceA : h.sourceB,
    chars: x === "A" ? h.charsA : h.charsB,
    itinerary: x === "A" ? h.itineraryA : h.itineraryB,
  });
  return {
    pair: {
      id: h.id,
      status: h.status,
      requiredRaters: h.requiredRaters,
      submitted: h.submittedCount,
      claimed: h.claimedCount,
      createdAt: h.createdAt.toISOString(),
      calibration: h.calibration,
      escalationCalibration: h.escalationCalibration,
      goldPairId: h.goldPairId,
      verifies,
    },
    dataset: {
      id: h.datasetId,
      name: h.dataset,
      askStrength: h.preferenceStrength,
      dimensions: (h.dimensions ?? []).map((d) => ({ key: d.key, name: d.name })),
    },
    query: {
      id: h.queryId,
      sourceId: h.querySourceId,
      text: h.text,
      origin: h.origin,
      days: h.days,
      people: h.people,
      startDate: h.startDate,
      preferences: h.preferences ?? {},
      destination: { id: h.destinationId, name: h.destination, country: h.country, lat: h.lat, lon: h.lon },
      dslStage: h.dslStage,
    },
    plans: { A: plan("A"), B: plan("B") },
    judgments,
    rejected,
    judges: {
      verdicts: l.judges.slice(0, PAIR_ROWS_CAP).map((v): PairJudgeVerdict => ({
        judge: v.judge,
        verdict: v.verdict,
        order: v.order,
        scoreA: v.scoreA,
        scoreB: v.scoreB,
        pA: v.pA,
        pB: v.pB,
        pNeither: v.pNeither,
        samples: v.samples,
        upload: v.upload,
      })),
      more: l.judges.length > PAIR_ROWS_CAP,
    },
    label: {
      label: label.label,
      basis: label.basis,
      verdicts,
      agreement: pairAgreement(verdicts),
      decision: decision && {
        judge: decision.judge,
        verdict: decision.verdict,
        confidence: decision.confidence,
        threshold: decision.threshold,
        audit: decision.audit,
      },
      adjudication: adjudication && {
        label: adjudication.label,
        note: adjudication.note,
        by: adjudicatedBy,
        at: adjudication.createdAt.toISOString(),
      },
    },
    history,
    historyCut: [l.assignments, l.corrections, audits, l.judges, l.reviews, l.rejected].some(
      (x) => x.length > PAIR_ROWS_CAP,
    ),
    people: await peopleOf(db, keys, names),
    names,
  };
}

/** Records that an admin (or reviewer) read a pair's experts by name, as an export with names is recorded. */
export async function recordNameReveal(db: Db, actorId: string, pairId: string): Promise<void> {
  await db.auditEvent.create({ data: { actorId, action: "pair.names", targetType: "Pair", targetId: pairId } });
}
