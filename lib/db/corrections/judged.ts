/** The plans of a pair an expert judged, offered for correction after the verdict (never before: blindness). */
import { AppError } from "../../errors";
import { mayCorrect, type Correctors, type Standing } from "../../permissions";
import type { SessionUser } from "../accounts/users";
import { poolOf, type Db } from "../infra/client";

export async function correctablePlans(
  db: Db,
  pairId: string,
  user: SessionUser,
): Promise<{ left: string; right: string }> {
  const { rows } = await poolOf(db).query<{
    left_id: string;
    right_id: string;
    offered: boolean;
    correctors: Correctors;
    standing: Standing;
    assigned: boolean;
  }>(
    `SELECT a."leftPlanId" AS left_id, CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END AS right_id,
            ds."correctAfterVerdict" AS offered, ds.correctors, u.standing::text AS standing,
            EXISTS (SELECT 1 FROM "ExpertDestination" e WHERE e."userId" = a."userId" AND e."destinationId" = q."destinationId") AS assigned
       FROM "Assignment" a JOIN "Pair" p ON p.id = a."pairId" JOIN "Query" q ON q.id = p."queryId"
       JOIN "Dataset" ds ON ds.id = q."datasetId" JOIN "User" u ON u.id = a."userId"
      WHERE a."pairId" = $1 AND a."userId" = $2 AND a.status = 'SUBMITTED'`,
    [pairId, user.id],
  );
  const r = rows[0];
  if (!r) throw new AppError("not_found", "You have not judged this pair, or its plans cannot be corrected.");
  if (!r.offered || r.correctors !== "experts")
    throw new AppError("forbidden", "This dataset does not offer corrections after a verdict.");
  if (!mayCorrect({ ...user, standing: r.standing }, r.correctors, r.assigned))
    throw new AppError("forbidden", "You can correct plans once your standing is active on this destination.");
  return { left: r.left_id, right: r.right_id };
}
