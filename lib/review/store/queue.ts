/**
 * The review queue (issue 46, docs/reviewers.md): the next judgment of the reviewer's destinations in the review sample
 * (lib/review/settings.ts) that nobody accepted or rejected, never their own, oldest first (read from the queue's
 * table, pending.ts). Each is held for its
 * reviewer by a short claim (ReviewClaim, one row per judgment: its primary key makes two reviewers' claims of one
 * judgment one winner), as experts hold a pair; a reviewer holds one at a time. "Next" passes a judgment for the
 * session (the client sends the ones passed: `exclude`), as the judging screen's resume does.
 */
import { AppError } from "../../kernel";
import { mayReview, type Asker } from "../../accounts";
import { pseudonymSalt } from "../../judging/store";
import { poolOf, type Db } from "../../platform/db";
import { pseudonym } from "../../exports";
import { REVIEW_CLAIM_MINUTES, REVIEW_WAITING_CAP, type ReviewItem, type ReviewNextAnswer } from "../queue";
import type { ReviewScope } from "../scope";
import { reviewStatusOf } from "../status";
import { fillPending } from "./pending";
import { reviewScope } from "./scope";

/**
 * Judgments the reviewer may be served, from the queue's table (pending.ts: the sample's judgments nobody accepted,
 * read oldest first by its index): $1 the reviewer, $2 the scope's destinations (null: every one), $3 the judgments
 * passed. An accept that raced the last fill is left out here too.
 */
const CANDIDATES = `FROM "ReviewPending" rp
  WHERE ($2::text[] IS NULL OR rp."destinationId" = ANY($2)) AND rp."userId" <> $1 AND NOT (rp."judgmentId" = ANY($3::text[]))
    AND NOT EXISTS (SELECT 1 FROM "JudgmentReview" r WHERE r."judgmentId" = rp."judgmentId" AND r.action = 'ACCEPT')`;

async function candidateParams(db: Db, reviewerId: string, scope: ReviewScope, exclude: string[], fill = true) {
  if (fill) await fillPending(db);
  return [reviewerId, scope.destinationIds, exclude];
}

/**
 * The reviewer's next judgment, claimed for REVIEW_CLAIM_MINUTES: the one they hold if it is still to review and not
 * passed, else the oldest candidate no other reviewer holds. Null when none is left.
 */
export async function claimForReview(
  db: Db,
  user: Asker,
  exclude: string[] = [],
): Promise<{ judgmentId: string; expiresAt: Date } | null> {
  const scope = await reviewScope(db, user);
  if (scope.destinationIds?.length === 0) return null;
  const pool = poolOf(db);
  const params = await candidateParams(db, user.id, scope, exclude);
  const held = await pool.query<{ judgmentId: string }>(
    `SELECT c."judgmentId" FROM "ReviewClaim" c
      WHERE c."reviewerId" = $4 AND c."expiresAt" > now()
        AND EXISTS (SELECT 1 ${CANDIDATES} AND rp."judgmentId" = c."judgmentId") LIMIT 1`,
    [...params, user.id],
  );
  const claim = (id: string) =>
    pool.query<{ judgmentId: string; expiresAt: Date }>(
      `INSERT INTO "ReviewClaim" ("judgmentId", "reviewerId", "expiresAt") VALUES ($1, $2, now() + make_interval(mins => $3))
       ON CONFLICT ("judgmentId") DO UPDATE SET "reviewerId" = EXCLUDED."reviewerId", "expiresAt" = EXCLUDED."expiresAt"
        WHERE "ReviewClaim"."expiresAt" <= now() OR "ReviewClaim"."reviewerId" = EXCLUDED."reviewerId"
       RETURNING "judgmentId", "expiresAt"`,
      [id, user.id, REVIEW_CLAIM_MINUTES],
    );
  if (held.rows[0]) return (await claim(held.rows[0].judgmentId)).rows[0] ?? null;
  // One claim at a time: the ones held before (passed, or no longer to review) go back.
  await pool.query(`DELETE FROM "ReviewClaim" WHERE "reviewerId" = $1`, [user.id]);
  const tried: string[] = [];
  // A candidate another reviewer claims between the read and the insert is lost to them: try the next one.
  for (let attempt = 0; attempt < 20; attempt++) {
    const { rows } = await pool.query<{ id: string }>(
      `SELECT rp."judgmentId" AS id ${CANDIDATES} AND NOT (rp."judgmentId" = ANY($4::text[]))
          AND NOT EXISTS (SELECT 1 FROM "ReviewClaim" c WHERE c."judgmentId" = rp."judgmentId" AND c."expiresAt" > now())
        ORDER BY rp."createdAt", rp."judgmentId" LIMIT 1`,
      [...params, tried],
    );
    if (!rows[0]) return null;
    const won = (await claim(rows[0].id)).rows[0];
    if (won) return won;
    tried.push(rows[0].id);
  }
  throw new AppError("unavailable", "Other reviewers are taking judgments this moment; ask again.", undefined, 1);
}

/** How many judgments of the reviewer's sample wait for review (up to REVIEW_WAITING_CAP, read no further). */
/** `filled`: the queue's table was filled a moment ago (by the claim of the same call), so it is not filled again. */
export async function waitingForReview(
  db: Db,
  user: Asker,
  filled = false,
): Promise<{ waiting: number; capped: boolean }> {
  const scope = await reviewScope(db, user);
  if (scope.destinationIds?.length === 0) return { waiting: 0, capped: false };
  const params = await candidateParams(db, user.id, scope, [], !filled);
  const { rows } = await poolOf(db).query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${CANDIDATES} LIMIT $4) w`,
    [...params, REVIEW_WAITING_CAP + 1],
  );
  const n = rows[0]?.n ?? 0;
  return { waiting: Math.min(n, REVIEW_WAITING_CAP), capped: n > REVIEW_WAITING_CAP };
}

/** One judgment as the review screen shows it (the reviewer's claim's end given); null when it is gone. */
export async function reviewItem(
  db: Db,
  user: Asker,
  judgmentId: string,
  claimExpiresAt: Date,
): Promise<ReviewItem | null> {
  const pool = poolOf(db);
  const [{ rows }, reviews] = await Promise.all([
    pool.query<{
      id: string;
      pairId: string;
      userId: string;
      name: string;
      email: string;
      verdict: ReviewItem["verdict"];
      strength: number | null;
      dimensions: ReviewItem["dimensions"];
      rationale: string;
      timeOnTaskMs: number;
      leftIsA: boolean;
      createdAt: Date;
      query: ReviewItem["query"];
      dimensionsAsked: ReviewItem["dimensionsAsked"];
      itineraryA: ReviewItem["planA"]["itinerary"];
      itineraryB: ReviewItem["planB"]["itinerary"];
    }>(
      `SELECT j.id, j."pairId", j."userId", u.name, u.email, j.verdict, j.strength, j.dimensions, j.rationale, j."timeOnTaskMs",
              a."leftPlanId" = p."planAId" AS "leftIsA", j."createdAt",
              json_build_object('id', q.id, 'text', q.text, 'origin', q.origin, 'days', q.days, 'people', q.people,
                'startDate', q."startDate", 'preferences', q.preferences,
                'destination', json_build_object('name', d.name, 'country', d.country, 'lat', d.lat, 'lon', d.lon)) AS query,
              -- The dimensions asked, as the judging screen shows them (tj_view_parts: without the checks they are compared with).
              (SELECT coalesce(json_agg(e - 'signal' ORDER BY n), '[]'::json)
                 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ds.dimensions) = 'array' THEN ds.dimensions ELSE '[]'::jsonb END)
                 WITH ORDINALITY x(e, n)) AS "dimensionsAsked",
              pa.itinerary AS "itineraryA", pb.itinerary AS "itineraryB"
         FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
         JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
         JOIN "Dataset" ds ON ds.id = q."datasetId" JOIN "User" u ON u.id = j."userId"
         JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
        WHERE j.id = $1`,
      [judgmentId],
    ),
    pool.query<{ action: "ACCEPT" | "REJECT" | "COMMENT"; text: string | null; reviewerId: string; createdAt: Date }>(
      `SELECT action::text AS action, text, "reviewerId", "createdAt" FROM "JudgmentReview" WHERE "judgmentId" = $1 ORDER BY "createdAt", id`,
      [judgmentId],
    ),
  ]);
  const r = rows[0];
  if (!r) return null;
  const expert = user.role === "ADMIN" ? `${r.name} (${r.email})` : pseudonym(r.userId, await pseudonymSalt(db));
  return {
    judgmentId: r.id,
    pairId: r.pairId,
    claimExpiresAt: claimExpiresAt.toISOString(),
    expert,
    verdict: r.verdict,
    strength: r.strength,
    dimensions: r.dimensions,
    dimensionsAsked: r.dimensionsAsked,
    rationale: r.rationale,
    timeOnTaskMs: r.timeOnTaskMs,
    leftPlan: r.leftIsA ? "A" : "B",
    submittedAt: r.createdAt.toISOString(),
    status: reviewStatusOf(reviews.rows.map((x) => x.action)),
    comments: reviews.rows
      .filter((x) => x.action === "COMMENT" && x.text)
      .map((x) => ({ text: x.text!, at: x.createdAt.toISOString(), mine: x.reviewerId === user.id })),
    query: r.query,
    planA: { itinerary: r.itineraryA },
    planB: { itinerary: r.itineraryB },
  };
}

/** POST /api/review/next: the reviewer's next judgment (claimed) and how many wait. */
export async function nextForReview(db: Db, user: Asker, exclude: string[] = []): Promise<ReviewNextAnswer> {
  if (!mayReview(user)) throw new AppError("forbidden", "Reviewing is for reviewers and admins.");
  // A judgment rejected between the claim and the read is gone: claim the next one (a few times at most).
  for (let attempt = 0; attempt < 5; attempt++) {
    const claim = await claimForReview(db, user, exclude);
    const item = claim && (await reviewItem(db, user, claim.judgmentId, claim.expiresAt));
    if (!claim || item) {
      const { waiting, capped } = await waitingForReview(db, user, !!claim);
      return { item: item ?? null, waiting, waitingCapped: capped };
    }
    exclude = [...exclude, claim.judgmentId];
  }
  throw new AppError("unavailable", "Other reviewers are taking judgments this moment; ask again.", undefined, 1);
}
