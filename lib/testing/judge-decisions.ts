/**
 * Pairs a judge decided, written straight into a seedHistory history (its `prefix`), as the guaranteed escalation
 * leaves them: for each of its first `count` requests a new pair of its plan A and a third plan (model "mc"),
 * DECIDED, with a JudgeDecision (judges "judge-small" and "judge-large" in turn, verdicts A, B, NEITHER in turn,
 * confidence 0.9 + i/1000 over threshold 0.875); every third also has one expert's judgment, given before the judge
 * decided. The last decided pair sets plan A against a plan of the same model (a self-battle, which battles leave out).
 * One complete pair (the history's first) becomes an audit pair: decided and still judged by its experts.
 */
import { poolOf, type Db } from "../platform/db";

export async function seedJudgeDecisions(db: Db, count: number, prefix = "h"): Promise<{ decided: string[] }> {
  const sql = (text: string, values: unknown[] = []) => poolOf(db).query(text, values);
  const x = prefix;
  await sql(
    `INSERT INTO "Plan" (id, "queryId", "sourceId", model, raw, itinerary, features, "contentHash", "itemCount", style)
     SELECT $1 || 'p' || i || 'c', a."queryId", 'c', CASE WHEN i = $2 THEN a.model ELSE 'mc' END, a.raw, a.itinerary,
            a.features, 'hc', a."itemCount", a.style
       FROM generate_series(1, $2) i JOIN "Plan" a ON a.id = $1 || 'p' || i || 'a'`,
    [x, count],
  );
  await sql(
    `INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", status, "submittedCount", "requiredRaters")
     SELECT $1 || 'dpair' || i, $1 || 'q' || i, $1 || 'p' || i || 'a', $1 || 'p' || i || 'c', 'OPEN', 0, 3
       FROM generate_series(1, $2) i`,
    [x, count],
  );
  // One expert's verdict on every third, before the judge decided (the pair then left the experts' queue).
  await sql(
    `INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt")
     SELECT $1 || 'da' || i, $1 || 'dpair' || i, $1 || 'u1', 1, 'SUBMITTED', $1 || 'p' || i || 'a', now()
       FROM generate_series(1, $2) i WHERE i % 3 = 0`,
    [x, count],
  );
  await sql(
    `INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, rationale, "timeOnTaskMs", "clientRequestId", "createdAt")
     SELECT $1 || 'dj' || i, $1 || 'da' || i, $1 || 'dpair' || i, $1 || 'u1', 'B', 'because', 30000, $1 || 'dr' || i, now() - interval '1 hour'
       FROM generate_series(1, $2) i WHERE i % 3 = 0`,
    [x, count],
  );
  await sql(
    `UPDATE "Pair" SET "submittedCount" = 1 WHERE id LIKE $1 || 'dpair%' AND id IN (SELECT "pairId" FROM "Judgment")`,
    [x],
  );
  await sql(
    `INSERT INTO "JudgeDecision" ("pairId", "datasetId", judge, verdict, confidence, threshold, audit)
     SELECT $1 || 'dpair' || i, $1 || 'ds', CASE WHEN i % 2 = 0 THEN 'judge-large' ELSE 'judge-small' END,
            (ARRAY['A', 'B', 'NEITHER'])[1 + i % 3]::"Verdict", 0.9 + i / 1000.0, 0.875, false
       FROM generate_series(1, $2) i`,
    [x, count],
  );
  await sql(`UPDATE "Pair" SET status = 'DECIDED' WHERE id LIKE $1 || 'dpair%'`, [x]);
  await sql(
    `INSERT INTO "JudgeDecision" ("pairId", "datasetId", judge, verdict, confidence, threshold, audit)
     VALUES ($1 || 'pair1', $1 || 'ds', 'judge-small', 'A', 0.99, 0.875, true)`,
    [x],
  );
  return { decided: Array.from({ length: count }, (_, i) => `${x}dpair${i + 1}`) };
}
