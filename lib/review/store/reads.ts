/**
 * What other concepts read of reviews: an expert's rejected judgments (their home page), each expert's accept rate (the
 * Quality page), and the review fields and rejected judgments of the judgment exports.
 */
import { acceptRate, reviewStatusOf, type ReviewStatus } from "../status";
import { keysetRows, poolOf, type Db } from "../../platform/db";

export interface RejectedJudgmentSummary {
  judgmentId: string;
  pairId: string;
  destination: string;
  request: string;
  verdict: "A" | "B" | "NEITHER";
  /** The plan the expert saw on the left ("A" or "B"), so the verdict reads as their screen showed it. */
  leftPlan: "A" | "B";
  rationale: string;
  reason: string;
  judgedAt: Date;
  rejectedAt: Date;
}

/** The expert's rejected judgments, newest first (at most `limit`), with the reason and the request they concern. */
export async function rejectedJudgmentsOf(db: Db, expertId: string, limit = 20): Promise<RejectedJudgmentSummary[]> {
  const { rows } = await poolOf(db).query<RejectedJudgmentSummary>(
    `SELECT r.id AS "judgmentId", r."pairId", d.name AS destination, q.text AS request, r.verdict::text AS verdict,
            CASE WHEN r."leftPlanId" = p."planAId" THEN 'A' ELSE 'B' END AS "leftPlan", r.rationale, r.reason,
            r."createdAt" AS "judgedAt", r."rejectedAt"
       FROM "RejectedJudgment" r JOIN "Pair" p ON p.id = r."pairId" JOIN "Query" q ON q.id = p."queryId"
       JOIN "Destination" d ON d.id = q."destinationId"
      WHERE r."userId" = $1 ORDER BY r."rejectedAt" DESC, r.id LIMIT $2`,
    [expertId, limit],
  );
  return rows;
}

export interface ExpertReviews {
  accepted: number;
  rejected: number;
  /** accepted / (accepted + rejected); null before any (lib/review/status.ts acceptRate). */
  acceptRate: number | null;
}

/**
 * Per expert: their judgments accepted and rejected (each judgment once: one accepted and then rejected counts as
 * rejected). Read from the review records, far fewer than the judgments.
 */
export async function reviewsByExpert(db: Db): Promise<Map<string, ExpertReviews>> {
  const { rows } = await poolOf(db).query<{ expertId: string; accepted: number; rejected: number }>(
    `SELECT r."expertId",
            count(DISTINCT r."judgmentId") FILTER (WHERE r.action = 'ACCEPT' AND NOT EXISTS (
              SELECT 1 FROM "JudgmentReview" x WHERE x."judgmentId" = r."judgmentId" AND x.action = 'REJECT'))::int AS accepted,
            count(DISTINCT r."judgmentId") FILTER (WHERE r.action = 'REJECT')::int AS rejected
       FROM "JudgmentReview" r WHERE r.action <> 'COMMENT' GROUP BY r."expertId"`,
  );
  return new Map(
    rows.map((r) => [
      r.expertId,
      { accepted: r.accepted, rejected: r.rejected, acceptRate: acceptRate(r.accepted, r.rejected) },
    ]),
  );
}

export interface ReviewFields {
  status: ReviewStatus;
  /** The reviewer whose action gave the status (the rejecting or accepting one, else the last to comment); null for none. */
  reviewerId: string | null;
  reviewerEmail: string | null;
  /** A rejection's reason, or for a judgment only commented its last comment; null otherwise. */
  reason: string | null;
}

export const NO_REVIEW: ReviewFields = { status: "none", reviewerId: null, reviewerEmail: null, reason: null };

/** The review fields of a page of judgments (ids), by id; judgments never reviewed are absent (NO_REVIEW). */
export async function reviewFieldsOf(db: Db, judgmentIds: string[]): Promise<Map<string, ReviewFields>> {
  const out = new Map<string, ReviewFields>();
  if (!judgmentIds.length) return out;
  const { rows } = await poolOf(db).query<{
    judgmentId: string;
    action: "ACCEPT" | "REJECT" | "COMMENT";
    reviewerId: string;
    email: string | null;
    text: string | null;
  }>(
    `SELECT r."judgmentId", r.action::text AS action, r."reviewerId", u.email, r.text
       FROM "JudgmentReview" r LEFT JOIN "User" u ON u.id = r."reviewerId"
      WHERE r."judgmentId" = ANY($1) ORDER BY r."judgmentId", r."createdAt", r.id`,
    [judgmentIds],
  );
  const byJudgment = new Map<string, typeof rows>();
  for (const r of rows) byJudgment.set(r.judgmentId, [...(byJudgment.get(r.judgmentId) ?? []), r]);
  for (const [id, actions] of byJudgment) {
    const status = reviewStatusOf(actions.map((a) => a.action));
    const deciding =
      status === "rejected"
        ? actions.findLast((a) => a.action === "REJECT")
        : status === "accepted"
          ? actions.findLast((a) => a.action === "ACCEPT")
          : actions.findLast((a) => a.action === "COMMENT");
    out.set(id, {
      status,
      reviewerId: deciding?.reviewerId ?? null,
      reviewerEmail: deciding?.email ?? null,
      reason: status === "rejected" || status === "commented" ? (deciding?.text ?? null) : null,
    });
  }
  return out;
}

/** The filters of a judgment export that rejected judgments take (lib/exports/records.ts ExportFilters). */
export interface RejectedFilters {
  datasetId?: string | null;
  destinationId?: string | null;
  from?: Date | null;
  to?: Date | null;
  completeOnly?: boolean;
}

export interface RejectedJudgmentRow {
  id: string;
  pairId: string;
  queryId: string;
  split: string | null;
  destination: string;
  userId: string;
  email: string;
  slot: number;
  verdict: "A" | "B" | "NEITHER";
  strength: number | null;
  dimensions: Record<string, { v: string; s?: number }> | null;
  rationale: string;
  timeOnTaskMs: number;
  leftIsA: boolean;
  claimedAt: Date;
  createdAt: Date;
  reviewerId: string;
  reviewerEmail: string;
  reason: string;
}

/**
 * Rejected judgments under a judgment export's filters (the day they were made, as for judgments), in pages by id:
 * the rows a judgment export adds with include_rejected. `browsed`: the export's pair filter, a condition on the pair
 * `p` whose placeholders follow the five filters ($6 on), with its values (lib/exports/store/exports.ts, pairFilterOf).
 */
export function rejectedJudgmentRows(
  db: Db,
  f: RejectedFilters,
  browsed: { condition: string; values: unknown[] } = { condition: "TRUE", values: [] },
): AsyncGenerator<RejectedJudgmentRow> {
  const values = [
    f.datasetId ?? null,
    f.destinationId ?? null,
    f.from ?? null,
    f.to ?? null,
    f.completeOnly ?? false,
    ...browsed.values,
  ];
  return keysetRows<RejectedJudgmentRow>(
    db,
    `SELECT r.id, r."pairId", p."queryId", q.split, d.name AS destination, r."userId", u.email, r.slot, r.verdict, r.strength,
            r.dimensions, r.rationale, r."timeOnTaskMs", r."leftPlanId" = p."planAId" AS "leftIsA", r."claimedAt", r."createdAt",
            r."reviewerId", rv.email AS "reviewerEmail", r.reason
       FROM "RejectedJudgment" r JOIN "Pair" p ON p.id = r."pairId" JOIN "Query" q ON q.id = p."queryId"
       JOIN "Destination" d ON d.id = q."destinationId" JOIN "User" u ON u.id = r."userId" JOIN "User" rv ON rv.id = r."reviewerId"
      WHERE ($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
        AND ($3::timestamptz IS NULL OR r."createdAt" >= $3) AND ($4::timestamptz IS NULL OR r."createdAt" < $4)
        AND (NOT $5::boolean OR p.status = 'COMPLETE') AND ${browsed.condition}
        AND r.id > $${values.length + 1} ORDER BY r.id LIMIT $${values.length + 2}`,
    values,
    (r) => [r.id],
    [""],
  );
}
