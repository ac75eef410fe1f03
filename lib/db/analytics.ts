/** Loads complete pairs for the analytics report, and the adjudication of 1-1-1 splits. */
import { majority, type Verdict } from "../agreement/labels";
import type { RatedPair } from "../agreement/report";
import { poolOf, type Db } from "./client";
import { UserError } from "./users";

export async function ratedPairs(db: Db): Promise<RatedPair[]> {
  const { rows } = await poolOf(db).query<{
    pairId: string; destination: string; dataset: string; destinationId: string; datasetId: string; verdicts: Verdict[]; experts: string[]; lefts: boolean[]; times: number[]; planA: string;
  }>(
    `SELECT p.id AS "pairId", d.name AS destination, ds.name AS dataset, d.id AS "destinationId", ds.id AS "datasetId",
            array_agg(j.verdict::text ORDER BY a.slot) AS verdicts,
            array_agg(u.name ORDER BY a.slot) AS experts,
            array_agg(a."leftPlanId" = p."planAId" ORDER BY a.slot) AS lefts,
            array_agg(j."timeOnTaskMs" ORDER BY a.slot) AS times
     FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" JOIN "Dataset" ds ON ds.id = q."datasetId"
     JOIN "Judgment" j ON j."pairId" = p.id JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "User" u ON u.id = j."userId"
     WHERE p.status = 'COMPLETE'
     GROUP BY p.id, d.name, ds.name, d.id, ds.id`,
  );
  return rows.map((r) => ({
    pairId: r.pairId, destination: r.destination, dataset: r.dataset, destinationId: r.destinationId, datasetId: r.datasetId, verdicts: r.verdicts, experts: r.experts, timeOnTaskMs: r.times,
    // A verdict for A with A on the left (or B with B on the left) chose the left plan.
    choseLeft: r.verdicts.map((v, i) => (v === "NEITHER" ? null : (v === "A") === r.lefts[i])),
  }));
}

export async function adjudicationQueue(db: Db) {
  const pairs = await db.pair.findMany({
    where: { status: "COMPLETE", adjudication: null },
    include: { judgments: { include: { user: { select: { name: true } }, assignment: { select: { slot: true } } } }, query: { include: { destination: true } } },
    orderBy: { createdAt: "asc" },
  });
  return pairs
    .filter((p) => majority(p.judgments.map((j) => j.verdict)).label === null)
    .map((p) => ({
      pairId: p.id, destination: p.query.destination.name, request: p.query.text,
      judgments: p.judgments.sort((a, b) => a.assignment.slot - b.assignment.slot).map((j) => ({ expert: j.user.name, verdict: j.verdict, rationale: j.rationale })),
    }));
}

/** An admin decides a split pair (recorded as an adjudication, not a rating). */
export async function adjudicate(db: Db, pairId: string, label: Verdict, note: string | null, adminId: string) {
  const pair = await db.pair.findUnique({ where: { id: pairId }, include: { judgments: true } });
  if (!pair || pair.status !== "COMPLETE") throw new UserError("Only a complete pair can be adjudicated.", 409);
  if (majority(pair.judgments.map((j) => j.verdict)).label !== null) throw new UserError("This pair has a majority label; there is nothing to adjudicate.", 409);
  await db.$transaction([
    db.adjudication.upsert({ where: { pairId }, create: { pairId, label, note, adminId }, update: { label, note, adminId } }),
    db.auditEvent.create({ data: { actorId: adminId, action: "pair.adjudicate", targetType: "Pair", targetId: pairId, data: { label, note } } }),
  ]);
}

/** Instead of deciding, ask one more expert: the pair reopens with one more slot. */
export async function requestExtraRater(db: Db, pairId: string, adminId: string) {
  const n = await db.$executeRaw`UPDATE "Pair" SET "requiredRaters" = "requiredRaters" + 1, status = 'OPEN' WHERE id = ${pairId} AND status = 'COMPLETE'`;
  if (n !== 1) throw new UserError("Only a complete pair can get one more rater.", 409);
  await db.auditEvent.create({ data: { actorId: adminId, action: "pair.extra-rater", targetType: "Pair", targetId: pairId } });
}

/** Judgments submitted per UTC day. */
export async function judgmentDays(db: Db): Promise<{ day: string; judgments: number }[]> {
  const { rows } = await poolOf(db).query<{ day: string; judgments: number }>(
    `SELECT to_char("createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, COUNT(*)::int AS judgments FROM "Judgment" GROUP BY 1 ORDER BY 1`,
  );
  return rows;
}

/** Skipped assignments per expert name. */
export async function skipsByExpert(db: Db): Promise<Map<string, number>> {
  const { rows } = await poolOf(db).query<{ name: string; skips: number }>(
    `SELECT u.name, COUNT(*)::int AS skips FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE a.status = 'SKIPPED' GROUP BY u.name`,
  );
  return new Map(rows.map((r) => [r.name, r.skips]));
}
