/** The plans of a pair an expert judged, offered for correction after the verdict (never before: blindness). */
import { AppError } from "../../kernel";
import { mayCorrect, type Correctors, type Standing } from "../../accounts";
import type { SessionUser } from "../../accounts/store";
import { poolOf, type Db } from "../../platform/db";

/** A judged pair's plans as shown (left, right), with what decides whether its judge may correct them. */
interface Judged {
  left_id: string;
  right_id: string;
  offered: boolean;
  correctors: Correctors;
  standing: Standing;
  assigned: boolean;
}

export async function correctablePlans(
  db: Db,
  pairId: string,
  user: SessionUser,
): Promise<{ left: string; right: string }> {
  const { rows } = await poolOf(db).query<Judged>(
    `SELECT a."leftPlanId" AS left_id, CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END AS right_id,
            ds."correctAfterVerdict" AS offered, ds.correctors, u.standing::text AS standing,
            EXISTS (SELECT 1 FROM "ExpertDestination" e WHERE e."userId" = a."userId" AND e."destinationId" = q."destinationId") AS assigned
       FROM "Assignment" a JOIN "Pair" p ON p.id = a."pairId" JOIN "Query" q ON q.id = p."queryId"
       JOIN "Dataset" ds ON ds.id = q."datasetId" JOIN "User" u ON u.id = a."userId"
      WHERE a."pairId" = $1 AND a."userId" = $2 AND a.status = 'SUBMITTED'`,
    [pairId, user.id],
  );
  const r = rows[0] ?? (await judgedGold(db, pairId, user));
  if (!r) throw new AppError("not_found", "You have not judged this pair, or its plans cannot be corrected.");
  if (!r.offered || r.correctors !== "experts")
    throw new AppError("forbidden", "This dataset does not offer corrections after a verdict.");
  if (!mayCorrect({ ...user, standing: r.standing }, r.correctors, r.assigned))
    throw new AppError("forbidden", "You can correct plans once your standing is active on this destination.");
  return { left: r.left_id, right: r.right_id };
}

/**
 * A gold pair the expert answered, offered as a real pair is (the same settings, the same answer): its partner is
 * a real plan, its altered copy is known by `alteredRef` (lib/corrections/store/gold-corrections.ts). Plan A's place holds the
 * partner (tj_gold_view_parts), so the sides follow `leftIsA` as a real pair's follow its left plan.
 */
async function judgedGold(db: Db, pairId: string, user: SessionUser) {
  const { rows } = await poolOf(db).query<Judged>(
    `SELECT CASE WHEN a."leftIsA" THEN x.a ELSE x.b END AS left_id, CASE WHEN a."leftIsA" THEN x.b ELSE x.a END AS right_id,
            ds."correctAfterVerdict" AS offered, ds.correctors, u.standing::text AS standing,
            EXISTS (SELECT 1 FROM "ExpertDestination" e WHERE e."userId" = a."userId" AND e."destinationId" = g."destinationId") AS assigned
       FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId"
       CROSS JOIN LATERAL (SELECT coalesce(g."partnerPlanId", g."planAId") AS a, coalesce(g."planBId", g."alteredRef") AS b) x
       JOIN "Dataset" ds ON ds.id = g."datasetId" JOIN "User" u ON u.id = a."userId"
      WHERE g.id = $1 AND a."userId" = $2 AND a.status = 'SUBMITTED' AND x.b IS NOT NULL`,
    [pairId, user.id],
  );
  return rows[0] ?? null;
}

export interface RecentlyJudged {
  pairId: string;
  at: Date;
  destination: string;
  request: string;
}

/**
 * The pairs the expert judged last, newest first, for correcting after leaving the judging screen: real pairs and
 * gold pairs alike, in one list of one shape (the gold pair's id is the pair id its screen showed).
 */
export async function recentlyJudged(db: Db, userId: string, limit = 10): Promise<RecentlyJudged[]> {
  const { rows } = await poolOf(db).query<RecentlyJudged>(
    `SELECT "pairId", at, destination, request FROM (
       SELECT j."pairId", j."createdAt" AS at, d.name AS destination, q.text AS request
         FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
         JOIN "Destination" d ON d.id = q."destinationId"
        WHERE j."userId" = $1
       UNION ALL
       SELECT g.id, a."completedAt", d.name, q.text
         FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" JOIN "Query" q ON q.id = g."queryId"
         JOIN "Destination" d ON d.id = q."destinationId"
        WHERE a."userId" = $1 AND a.status = 'SUBMITTED' AND a."completedAt" IS NOT NULL
     ) x ORDER BY at DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}
