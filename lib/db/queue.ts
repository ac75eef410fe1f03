/** What waits for an expert: pairs of their destinations with an open slot that they have not taken. */
import type { Db } from "./client";
import { sweepExpiredLeases } from "./judging";

export interface WaitingByDestination {
  destinationId: string;
  name: string;
  country: string;
  familiarity: number;
  waiting: number;
}

export async function waitingPairsByDestination(db: Db, userId: string): Promise<WaitingByDestination[]> {
  await sweepExpiredLeases(db);
  return db.$queryRaw<WaitingByDestination[]>`
    SELECT d.id AS "destinationId", d.name, d.country, ed.familiarity,
           COUNT(p.id)::int AS waiting
    FROM "ExpertDestination" ed
    JOIN "Destination" d ON d.id = ed."destinationId"
    LEFT JOIN "Query" q ON q."destinationId" = d.id
    LEFT JOIN "Pair" p ON p."queryId" = q.id AND p.status = 'OPEN'
      AND NOT EXISTS (SELECT 1 FROM "Assignment" mine WHERE mine."pairId" = p.id AND mine."userId" = ${userId})
      AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
    WHERE ed."userId" = ${userId}
    GROUP BY d.id, d.name, d.country, ed.familiarity
    ORDER BY d.name`;
}
