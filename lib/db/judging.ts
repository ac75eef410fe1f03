/**
 * The judging queue in the database: claim the next pair under row locks (safe across processes),
 * submit idempotently, skip, and the admin's release and reassign. Invariants kept here and by the
 * partial unique index on (pairId, slot): each pair gets at most `requiredRaters` live assignments,
 * from distinct experts who have the pair's destination, and an expert never gets a pair twice.
 */
import { randomUUID } from "node:crypto";
import { freeSlot, leaseEnd, pickLeftPlan, verdictFor, type Choice, type JudgingSettings } from "../assignment/policy";
import { poolOf, type Db } from "./client";
import { Prisma } from "./generated/client";
import { UserError } from "./users";

type Tx = Prisma.TransactionClient;

export interface ClaimResult {
  assignmentId: string;
  pairId: string;
  resumed: boolean;
}

/** Live claims of an expert (not expired), oldest first. */
async function liveClaims(db: Db, userId: string) {
  const { rows } = await poolOf(db).query<{ id: string; pairId: string }>({ name: "tj_live_claims", text: `SELECT id, "pairId" FROM "Assignment" WHERE "userId" = $1 AND status = 'CLAIMED' AND "leaseExpiresAt" > now() ORDER BY "claimedAt"`, values: [userId] },
  );
  return rows;
}

/**
 * The expert's next pair: a live claim not in `exclude` if there is one (resume after reload),
 * else a new claim on the best open pair of their destinations. null when nothing waits.
 */
export async function claimNext(
  db: Db,
  userId: string,
  settings: JudgingSettings,
  opts: { destinationId?: string | null; exclude?: string[] } = {},
): Promise<ClaimResult | null> {
  const exclude = new Set(opts.exclude ?? []);
  const live = await liveClaims(db, userId);
  const resumable = live.find((a) => !exclude.has(a.id));
  if (resumable) return { assignmentId: resumable.id, pairId: resumable.pairId, resumed: true };
  if (live.length >= settings.maxClaimsPerExpert) return null;

  await sweepExpiredLeases(db);
  // The hot path of the queue runs on the plain driver: one connection, few round trips.
  const client = await poolOf(db).connect();
  try {
    const tried: string[] = [];
    let swept = false;
    const order = settings.queueOrder === "completion" ? `p."submittedCount" DESC, p."claimedCount" DESC, p."createdAt" ASC` : `p."createdAt" ASC`;
    for (let attempt = 0; attempt < 20; attempt++) {
      await client.query("BEGIN");
      try {
        // Open pairs of the expert's destinations that they never had, with a free slot, best first.
        // SKIP LOCKED lets concurrent claimers pass each other instead of queueing on one pair.
        const { rows } = await client.query<{ id: string; planAId: string; planBId: string; requiredRaters: number }>({ name: `tj_claim_candidate_${settings.queueOrder}`, text: `SELECT p.id, p."planAId", p."planBId", p."requiredRaters"
           FROM "Pair" p
           JOIN "Query" q ON q.id = p."queryId"
           JOIN "ExpertDestination" ed ON ed."destinationId" = q."destinationId" AND ed."userId" = $1
           WHERE p.status = 'OPEN' AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
             AND ($2::text IS NULL OR q."destinationId" = $2) AND NOT (p.id = ANY($3::text[]))
             AND NOT EXISTS (SELECT 1 FROM "Assignment" m WHERE m."pairId" = p.id AND m."userId" = $1)
           ORDER BY ${order}
           LIMIT 1
           FOR UPDATE OF p SKIP LOCKED`, values: [userId, opts.destinationId ?? null, tried] },
        );
        const pair = rows[0];
        if (!pair) {
          await client.query("COMMIT");
          // Before saying "nothing left", return the slots of leases that ran out since the last sweep.
          // (On this connection: asking the pool for another could wait on claims that wait on us.)
          if (!swept && ((await client.query(SWEEP_SQL)).rowCount ?? 0) > 0) {
            swept = true;
            continue;
          }
          return null;
        }
        // Under the pair's lock, with a fresh snapshot: the slots actually held.
        const held = await client.query<{ slot: number; userId: string }>({ name: "tj_claim_held", text: `SELECT slot, "userId" FROM "Assignment" WHERE "pairId" = $1 AND status IN ('CLAIMED', 'SUBMITTED')`, values: [pair.id] },
        );
        const slot = freeSlot(held.rows.map((h) => h.slot), pair.requiredRaters);
        if (slot === null || held.rows.some((h) => h.userId === userId)) {
          await client.query("COMMIT");
          tried.push(pair.id);
          continue;
        }
        const id = randomUUID();
        await client.query({ name: "tj_claim_insert", text: `WITH a AS (INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt")
                      VALUES ($1, $2, $3, $4, 'CLAIMED', $5, $6) RETURNING "pairId")
           UPDATE "Pair" SET "claimedCount" = "claimedCount" + 1 WHERE id = (SELECT "pairId" FROM a)`, values: [id, pair.id, userId, slot, pickLeftPlan(pair.planAId, pair.planBId), leaseEnd(new Date(), settings)] },
        );
        await client.query("COMMIT");
        return { assignmentId: id, pairId: pair.id, resumed: false };
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw e;
      }
    }
    return null;
  } finally {
    client.release();
  }
}

const SWEEP_SQL = `
  WITH expired AS (
    UPDATE "Assignment" SET status = 'EXPIRED', "completedAt" = now()
    WHERE status = 'CLAIMED' AND "leaseExpiresAt" <= now()
    RETURNING "pairId"
  ), per_pair AS (SELECT "pairId", COUNT(*)::int AS n FROM expired GROUP BY "pairId")
  UPDATE "Pair" p SET "claimedCount" = GREATEST(0, p."claimedCount" - per_pair.n) FROM per_pair WHERE p.id = per_pair."pairId"`;

let lastSweep = 0;

/**
 * Leases that ran out return their slots: CLAIMED → EXPIRED, and the pairs' counters follow.
 * Claims call it at most once a second per process (`force` for callers that must see it now).
 */
export async function sweepExpiredLeases(db: Db, force = false): Promise<number> {
  if (!force && Date.now() - lastSweep < 1000) return 0;
  lastSweep = Date.now();
  return (await poolOf(db).query(SWEEP_SQL)).rowCount ?? 0;
}

/** $1 assignment, $2 new status, $3 change of claimedCount, $4 change of submittedCount, $5 pair. */
const TRANSITION_SQL = `
  WITH moved AS (UPDATE "Assignment" SET status = $2::"AssignmentStatus", "completedAt" = now() WHERE id = $1 RETURNING id)
  UPDATE "Pair" SET "claimedCount" = GREATEST(0, "claimedCount" + $3::int), "submittedCount" = "submittedCount" + $4::int,
    status = (CASE WHEN "submittedCount" + $4::int >= "requiredRaters" THEN 'COMPLETE' ELSE status END)::"PairStatus"
  WHERE id = $5 AND EXISTS (SELECT 1 FROM moved)`;

/** Moves an assignment from one status to another under lock, keeping the pair's counters in step. */
async function transition(tx: Tx, assignment: { id: string; pairId: string; status: string }, to: "SUBMITTED" | "SKIPPED" | "RELEASED") {
  await tx.$executeRawUnsafe(TRANSITION_SQL, assignment.id, to, assignment.status === "CLAIMED" ? -1 : 0, to === "SUBMITTED" ? 1 : 0, assignment.pairId);
}

async function lockAssignment(tx: Tx, id: string) {
  const rows = await tx.$queryRaw<{ id: string; userId: string; pairId: string; status: string; slot: number; leftPlanId: string }[]>`
    SELECT id, "userId", "pairId", status, slot, "leftPlanId" FROM "Assignment" WHERE id = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

export interface SubmitInput {
  assignmentId: string;
  choice: Choice;
  rationale: string;
  timeOnTaskMs: number;
  clientRequestId: string;
}

/** Stores one judgment per assignment; a retry with the same request id returns the stored one. */
export async function submitJudgment(db: Db, userId: string, input: SubmitInput, settings: JudgingSettings) {
  const rationale = input.rationale.trim();
  if (rationale.length < settings.rationaleMinLength) throw new UserError(`Write a rationale of at least ${settings.rationaleMinLength} characters.`, 400);
  const client = await poolOf(db).connect();
  const earlierFor = async () => {
    const { rows } = await client.query<{ id: string; userId: string; assignmentId: string }>(
      `SELECT id, "userId", "assignmentId" FROM "Judgment" WHERE "clientRequestId" = $1`,
      [input.clientRequestId],
    );
    return rows[0] ?? null;
  };
  try {
    const earlier = await earlierFor();
    if (earlier) {
      if (earlier.userId !== userId || earlier.assignmentId !== input.assignmentId) throw new UserError("This request id was used for another judgment.", 409);
      return { judgmentId: earlier.id, duplicate: true };
    }
    await client.query("BEGIN");
    try {
      const { rows: arows } = await client.query<{ id: string; userId: string; pairId: string; status: string; slot: number; leftPlanId: string; judgmentId: string | null }>({ name: "tj_submit_lock", text: `SELECT a.id, a."userId", a."pairId", a.status, a.slot, a."leftPlanId", j.id AS "judgmentId"
         FROM "Assignment" a LEFT JOIN "Judgment" j ON j."assignmentId" = a.id WHERE a.id = $1 FOR UPDATE OF a`, values: [input.assignmentId] },
      );
      const a = arows[0];
      if (!a || a.userId !== userId) throw new UserError("This pair is not assigned to you.", 404);
      if (a.judgmentId) {
        await client.query("COMMIT");
        return { judgmentId: a.judgmentId, duplicate: true };
      }
      if (a.status === "SKIPPED" || a.status === "RELEASED") throw new UserError("This pair was skipped or taken back by an admin; your judgment was not stored.", 409);
      const { rows: prows } = await client.query<{ planAId: string; requiredRaters: number; status: string; submittedCount: number }>({ name: "tj_submit_pair", text: `SELECT "planAId", "requiredRaters", status, "submittedCount" FROM "Pair" WHERE id = $1 FOR UPDATE`, values: [a.pairId] },
      );
      const pair = prows[0];
      if (a.status === "EXPIRED") {
        // A claim whose lease ran out may still be submitted while its slot is free.
        const { rows: taken } = await client.query(
          `SELECT 1 FROM "Assignment" WHERE "pairId" = $1 AND slot = $2 AND status IN ('CLAIMED', 'SUBMITTED') AND id <> $3`,
          [a.pairId, a.slot, a.id],
        );
        if (taken.length > 0 || pair.submittedCount >= pair.requiredRaters || pair.status === "COMPLETE") {
          throw new UserError("Your claim on this pair expired and its slot went to another expert. Your draft is kept; take the next pair.", 409);
        }
      }
      const id = randomUUID();
      await client.query({ name: "tj_submit_insert", text: `INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, rationale, "timeOnTaskMs", "clientRequestId")
         VALUES ($1, $2, $3, $4, $5::"Verdict", $6, $7, $8)`, values: [id, a.id, a.pairId, userId, verdictFor(input.choice, a.leftPlanId, pair.planAId), rationale, Math.max(0, Math.round(input.timeOnTaskMs)), input.clientRequestId] },
      );
      await client.query(TRANSITION_SQL, [a.id, "SUBMITTED", a.status === "CLAIMED" ? -1 : 0, 1, a.pairId]);
      await client.query("COMMIT");
      return { judgmentId: id, duplicate: false };
    } catch (e) {
      await client.query("ROLLBACK").catch(() => {});
      // Two concurrent submits of the same request: the loser finds the winner's row.
      if ((e as { code?: string }).code === "23505") {
        const winner = await earlierFor();
        if (winner && winner.userId === userId) return { judgmentId: winner.id, duplicate: true };
        const { rows } = await client.query<{ id: string }>(`SELECT id FROM "Judgment" WHERE "assignmentId" = $1 AND "userId" = $2`, [input.assignmentId, userId]);
        if (rows[0]) return { judgmentId: rows[0].id, duplicate: true };
      }
      throw e;
    }
  } finally {
    client.release();
  }
}

export async function skipAssignment(db: Db, userId: string, assignmentId: string, reason: string) {
  await db.$transaction(async (tx) => {
    const a = await lockAssignment(tx, assignmentId);
    if (!a || a.userId !== userId || (a.status !== "CLAIMED" && a.status !== "EXPIRED")) {
      throw new UserError("This pair is not claimed by you (already submitted, skipped or released).", 409);
    }
    await transition(tx, a, "SKIPPED");
    await tx.assignment.update({ where: { id: a.id }, data: { skipReason: reason.trim().slice(0, 500) } });
  });
}

/** Admin: take a claim back; the slot returns to the pool (that expert will not be offered the pair again). */
export async function releaseAssignment(db: Db, assignmentId: string, actorId: string) {
  await db.$transaction(async (tx) => {
    const a = await lockAssignment(tx, assignmentId);
    if (!a || a.status !== "CLAIMED") throw new UserError("Only a claimed (not yet submitted) assignment can be released.", 409);
    await transition(tx, a, "RELEASED");
    await tx.auditEvent.create({ data: { actorId, action: "assignment.release", targetType: "Assignment", targetId: assignmentId } });
  });
}

/** Admin: give a claimed slot to another expert of the destination (fresh lease, same slot). */
export async function reassignAssignment(db: Db, assignmentId: string, toUserId: string, actorId: string, settings: JudgingSettings) {
  return db.$transaction(async (tx) => {
    const locked = await lockAssignment(tx, assignmentId);
    const a = locked && (await tx.assignment.findUnique({ where: { id: assignmentId }, include: { pair: { include: { query: true } } } }));
    if (!a || a.status !== "CLAIMED") throw new UserError("Only a claimed (not yet submitted) assignment can be reassigned.", 409);
    const knows = await tx.expertDestination.findUnique({ where: { userId_destinationId: { userId: toUserId, destinationId: a.pair.query.destinationId } } });
    if (!knows) throw new UserError("That expert does not have this pair's destination.", 400);
    if (await tx.assignment.findUnique({ where: { pairId_userId: { pairId: a.pairId, userId: toUserId } } })) throw new UserError("That expert already had this pair.", 409);
    await transition(tx, a, "RELEASED");
    await tx.$executeRaw`UPDATE "Pair" SET "claimedCount" = "claimedCount" + 1 WHERE id = ${a.pairId}`;
    const created = await tx.assignment.create({
      data: { pairId: a.pairId, userId: toUserId, slot: a.slot, status: "CLAIMED", leftPlanId: pickLeftPlan(a.pair.planAId, a.pair.planBId), leaseExpiresAt: leaseEnd(new Date(), settings) },
    });
    await tx.auditEvent.create({ data: { actorId, action: "assignment.reassign", targetType: "Assignment", targetId: a.id, data: { to: toUserId, newAssignment: created.id } } });
    return created.id;
  });
}
