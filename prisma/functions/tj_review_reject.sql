-- tj_review_reject: a reviewer (or an admin) rejects one judgment, in one statement (decision 021). The judgment
-- leaves "Judgment" for "RejectedJudgment", whole, so every figure and export leaves it out unchanged; its assignment
-- becomes REJECTED (the expert never gets the pair again) and its slot opens for another expert.
-- Checked here, in the statement that rejects, as lib/accounts/permissions.ts mayReviewJudgment says: the reviewer is
-- an active reviewer or admin, a reviewer only on a judgment of their destinations, and nobody on their own judgment.
-- Locks in the order a submit takes them: the assignment, the pair, then the tallies — the judgment's day row first
-- (which the delete's trigger updates), then the pair's tallies (in tj_tally_pair's global order, as its reopening
-- takes them back) — so no submit can hold one of them while waiting for another this holds.
-- A complete pair reopens first, while the judgment is still there, so the tally triggers take back exactly what they
-- counted; its adjudication goes (it decided a split that is no longer one); the judgment is copied and deleted (the
-- day tally follows by its trigger); then the assignment moves to REJECTED through tj_move_assignment, which lowers
-- submittedCount and completes the pair again if it still has its raters (a fourth was asked), counted without it.
-- Outcomes: rejected; already (rejected before: a retry changes nothing and answers as the first did); not_found;
-- forbidden (not a standing reviewer or admin, or not their destination); own (the reviewer wrote it).
CREATE OR REPLACE FUNCTION tj_review_reject(p_reviewer text, p_judgment text, p_reason text, p_audit_id text)
RETURNS TABLE (outcome text, pair_id text, expert_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_role "Role";
  v_j record;
  v_row record;
  v_a record;
  v_p record;
  v_before text;
BEGIN
  SELECT u.role INTO v_role FROM "User" u WHERE u.id = p_reviewer AND u.active AND u.role IN ('REVIEWER', 'ADMIN');
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'forbidden'::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  SELECT j."assignmentId", j."pairId", j."userId" INTO v_j FROM "Judgment" j WHERE j.id = p_judgment;
  IF NOT FOUND THEN
    RETURN QUERY SELECT CASE WHEN r.id IS NULL THEN 'not_found' ELSE 'already' END, r."pairId", r."userId"
      FROM (SELECT 1) one LEFT JOIN "RejectedJudgment" r ON r.id = p_judgment;
    RETURN;
  END IF;
  IF v_j."userId" = p_reviewer THEN
    RETURN QUERY SELECT 'own'::text, v_j."pairId", v_j."userId";
    RETURN;
  END IF;
  IF v_role = 'REVIEWER' AND NOT EXISTS (
    SELECT 1 FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "ExpertDestination" ed ON ed."destinationId" = q."destinationId"
     WHERE p.id = v_j."pairId" AND ed."userId" = p_reviewer) THEN
    RETURN QUERY SELECT 'forbidden'::text, v_j."pairId", v_j."userId";
    RETURN;
  END IF;
  -- Locks: assignment → pair → the judgment's day tally → (the pair's tallies, by the reopening below).
  SELECT a.id, a.status::text AS status, a.slot, a."leftPlanId", a."claimedAt" INTO v_a
    FROM "Assignment" a WHERE a.id = v_j."assignmentId" FOR UPDATE;
  SELECT p.id, p.status::text AS status, p."submittedCount" INTO v_p FROM "Pair" p WHERE p.id = v_j."pairId" FOR UPDATE;
  -- Re-read under the locks: a concurrent rejection of the same judgment got there first.
  SELECT j.* INTO v_row FROM "Judgment" j WHERE j.id = p_judgment;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'already'::text, v_j."pairId", v_j."userId";
    RETURN;
  END IF;
  PERFORM 1 FROM "JudgmentDayTally" t WHERE t.day = v_row."createdAt"::date AND t."userId" = v_row."userId" FOR UPDATE;
  SELECT CASE r.action WHEN 'ACCEPT' THEN 'accepted' WHEN 'COMMENT' THEN 'commented' ELSE 'none' END INTO v_before
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT x.action FROM "JudgmentReview" x WHERE x."judgmentId" = p_judgment ORDER BY (x.action = 'ACCEPT') DESC, x."createdAt" DESC LIMIT 1
    ) r ON true;
  IF v_p.status = 'COMPLETE' THEN
    UPDATE "Pair" SET status = 'OPEN' WHERE id = v_p.id;
  END IF;
  DELETE FROM "Adjudication" WHERE "pairId" = v_p.id;
  INSERT INTO "RejectedJudgment" (id, "assignmentId", "pairId", "userId", verdict, strength, dimensions, rationale, "timeOnTaskMs",
                                  "clientRequestId", "createdAt", slot, "leftPlanId", "claimedAt", "reviewerId", reason)
    VALUES (v_row.id, v_row."assignmentId", v_row."pairId", v_row."userId", v_row.verdict, v_row.strength, v_row.dimensions, v_row.rationale,
            v_row."timeOnTaskMs", v_row."clientRequestId", v_row."createdAt", v_a.slot, v_a."leftPlanId", v_a."claimedAt", p_reviewer, p_reason);
  DELETE FROM "Judgment" WHERE id = v_row.id;
  PERFORM tj_move_assignment(v_a.id, 'REJECTED');
  DELETE FROM "ReviewClaim" WHERE "judgmentId" = v_row.id;
  INSERT INTO "JudgmentReview" (id, "judgmentId", "pairId", "expertId", "reviewerId", action, text, "statusBefore", "statusAfter")
    VALUES (p_audit_id, v_row.id, v_row."pairId", v_row."userId", p_reviewer, 'REJECT', p_reason, v_before, 'rejected');
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_reviewer, 'judgment.reject', 'Judgment', v_row.id, jsonb_build_object(
      'pairId', v_row."pairId", 'expertId', v_row."userId", 'reason', p_reason, 'reviewBefore', v_before,
      'pairBefore', v_p.status, 'pairAfter', (SELECT p.status::text FROM "Pair" p WHERE p.id = v_p.id)));
  RETURN QUERY SELECT 'rejected'::text, v_row."pairId", v_row."userId";
END $$;
