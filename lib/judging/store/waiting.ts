/**
 * What waits for an expert, as they will get it: pairs of their destinations with an open slot that they have not
 * taken, the pairs they hold (the judging screen resumes them, the next one claimed ahead included), and the gold
 * pairs that may still be served to them (tj_gold_candidates; decision 009), which tj_next serves once no real pair
 * is left — so judging either kind makes the count drop alike, and the count does not tell a gold pair from a real
 * one.
 */
import { poolOf, type Db } from "../../platform/db";
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
  const { rows } = await poolOf(db).query<WaitingByDestination>(
    `SELECT d.id AS "destinationId", d.name, d.country, ed.familiarity,
            ((SELECT count(*) FROM "Pair" p JOIN "Query" q ON q.id = p."queryId"
               WHERE q."destinationId" = d.id AND p.status = 'OPEN' AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
                 AND NOT EXISTS (SELECT 1 FROM "Assignment" mine WHERE mine."pairId" = p.id AND mine."userId" = $1))
           + (SELECT count(*) FROM "Assignment" held JOIN "Pair" p ON p.id = held."pairId" JOIN "Query" q ON q.id = p."queryId"
               WHERE held."userId" = $1 AND held.status = 'CLAIMED' AND held."leaseExpiresAt" > now() AND q."destinationId" = d.id)
           + (SELECT count(*) FROM "GoldAnswer" held JOIN "GoldPair" g ON g.id = held."goldPairId"
               WHERE held."userId" = $1 AND held.status = 'CLAIMED' AND g."destinationId" = d.id)
           + (SELECT count(*) FROM tj_gold_candidates($1, d.id) g WHERE g.rate > 0))::int AS waiting
       FROM "ExpertDestination" ed JOIN "Destination" d ON d.id = ed."destinationId"
      WHERE ed."userId" = $1
      ORDER BY d.name`,
    [userId],
  );
  return rows;
}
