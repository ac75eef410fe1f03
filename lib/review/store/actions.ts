/**
 * Reviewers' actions on one judgment (decision 021). Accept and comment are records only (JudgmentReview, with an audit
 * event): no figure changes. Reject is tj_review_reject, one statement that moves the judgment out of every figure and
 * reopens its slot (decision 016's functions); it checks the reviewer there too.
 */
import { randomUUID } from "node:crypto";
import { AppError } from "../../kernel";
import { mayReviewJudgment, type Asker } from "../../accounts";
import { poolOf, type Db } from "../../platform/db";
import { inScope } from "../scope";
import { reviewStatusOf, type ReviewActionAnswer, type ReviewActionInput, type ReviewStatus } from "../status";
import { reviewScope } from "./scope";

const OWN = "You wrote this judgment: another reviewer reviews it.";
const NOT_YOURS = "This judgment's destination is not one of yours: an admin assigns reviewers their destinations.";

/** Accept or comment: the judgment row is locked for the insert, so a rejection waits for it (or it sees the rejection). */
async function record(db: Db, user: Asker, judgmentId: string, action: "ACCEPT" | "COMMENT", text: string | null) {
  const scope = await reviewScope(db, user);
  const client = await poolOf(db).connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ userId: string; pairId: string; destinationId: string }>(
      `SELECT j."userId", j."pairId", q."destinationId" FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId"
         JOIN "Query" q ON q.id = p."queryId" WHERE j.id = $1 FOR NO KEY UPDATE OF j`,
      [judgmentId],
    );
    const j = rows[0];
    if (!j) {
      const rejected = await client.query(`SELECT 1 FROM "RejectedJudgment" WHERE id = $1`, [judgmentId]);
      throw rejected.rowCount
        ? new AppError("conflict", "This judgment was rejected: it can be neither accepted nor commented any more.")
        : new AppError("not_found", "There is no such judgment.");
    }
    const destinationAssigned = inScope(scope, j.destinationId);
    if (j.userId === user.id) throw new AppError("forbidden", OWN);
    if (!mayReviewJudgment(user, { expertId: j.userId, destinationAssigned }))
      throw new AppError("forbidden", NOT_YOURS);
    const before = reviewStatusOf(
      (
        await client.query<{ action: "ACCEPT" | "COMMENT" }>(
          `SELECT action::text AS action FROM "JudgmentReview" WHERE "judgmentId" = $1`,
          [judgmentId],
        )
      ).rows.map((r) => r.action),
    );
    // A second accept (a double press, a retry) records nothing: the judgment is accepted.
    if (action === "ACCEPT" && before === "accepted") {
      await client.query("ROLLBACK");
      return { judgmentId, status: before, changed: false };
    }
    const after: ReviewStatus = action === "ACCEPT" ? "accepted" : before === "none" ? "commented" : before;
    const id = randomUUID();
    await client.query(
      `INSERT INTO "JudgmentReview" (id, "judgmentId", "pairId", "expertId", "reviewerId", action, text, "statusBefore", "statusAfter")
       VALUES ($1, $2, $3, $4, $5, $6::"ReviewAction", $7, $8, $9)`,
      [id, judgmentId, j.pairId, j.userId, user.id, action, text, before, after],
    );
    await client.query(
      `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data) VALUES ($1, $2, $3, 'Judgment', $4, $5)`,
      [
        id,
        user.id,
        action === "ACCEPT" ? "judgment.accept" : "judgment.comment",
        judgmentId,
        JSON.stringify({ pairId: j.pairId, expertId: j.userId, before, after, ...(text ? { text } : {}) }),
      ],
    );
    // An accepted judgment leaves the queue: its claim and its place in it go.
    if (action === "ACCEPT") {
      await client.query(`DELETE FROM "ReviewClaim" WHERE "judgmentId" = $1`, [judgmentId]);
      await client.query(`DELETE FROM "ReviewPending" WHERE "judgmentId" = $1`, [judgmentId]);
    }
    await client.query("COMMIT");
    return { judgmentId, status: after, changed: true };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

const REJECT_REFUSALS: Record<string, () => AppError> = {
  not_found: () => new AppError("not_found", "There is no such judgment."),
  forbidden: () => new AppError("forbidden", NOT_YOURS),
  own: () => new AppError("forbidden", OWN),
};

/**
 * Rejects a judgment (tj_review_reject); a judgment rejected already answers as the first rejection did, changing
 * nothing. A deadlock with another admin action is tried once more before it is reported (503).
 */
async function reject(db: Db, user: Asker, judgmentId: string, reason: string): Promise<ReviewActionAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await poolOf(db).query<{ outcome: string }>(
        "SELECT outcome FROM tj_review_reject($1, $2, $3, $4)",
        [user.id, judgmentId, reason, randomUUID()],
      );
      const outcome = rows[0]?.outcome ?? "not_found";
      const refusal = REJECT_REFUSALS[outcome];
      if (refusal) throw refusal();
      return { judgmentId, status: "rejected", changed: outcome === "rejected" };
    } catch (e) {
      if (attempt < 2 && (e as { code?: string }).code === "40P01") continue;
      throw e;
    }
  }
}

/** One review action by a reviewer or an admin (POST /api/review/judgments/<id>). */
export async function reviewJudgment(
  db: Db,
  user: Asker,
  judgmentId: string,
  input: ReviewActionInput,
): Promise<ReviewActionAnswer> {
  if (input.action === "reject") return reject(db, user, judgmentId, input.reason);
  return record(
    db,
    user,
    judgmentId,
    input.action === "accept" ? "ACCEPT" : "COMMENT",
    input.action === "comment" ? input.text : null,
  );
}
