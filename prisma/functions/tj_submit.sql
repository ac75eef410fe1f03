-- tj_submit, as in force. This file is its only definition from now on (migration 20261123010000_judging_functions_replayable last defined it);
-- lib/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Stores one judgment per assignment; a retry with the same request id finds the stored one.
-- Outcomes: unauthorized, not_active, stored, duplicate, request_reused, not_yours, withdrawn, slot_taken.
-- A paused expert, or one whose qualification failed, stores nothing (not_active; decision 009). A pair of a
-- dataset with adaptive raters that completes here with two different verdicts asks for its third rater in
-- this same statement (tj_adaptive_after_submit), so no process acts on a stale view of the setting.
-- The verdict for each screen side comes from lib/assignment/policy.ts verdictFor().
CREATE OR REPLACE FUNCTION tj_submit(
  p_user text, p_session_version integer, p_assignment text, p_verdict_if_left_is_a "Verdict", p_verdict_if_left_is_b "Verdict",
  p_rationale text, p_time_ms integer, p_request_id text, p_new_id text
)
RETURNS TABLE (outcome text, judgment_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_earlier record;
  v_a record;
  v_pair record;
  v_id text;
BEGIN
  IF p_session_version IS NOT NULL AND NOT tj_session_ok(p_user, p_session_version, 'EXPERT') THEN
    RETURN QUERY SELECT 'unauthorized'::text, NULL::text;
    RETURN;
  END IF;
  SELECT j.id, j."userId", j."assignmentId" INTO v_earlier FROM "Judgment" j WHERE j."clientRequestId" = p_request_id;
  IF FOUND THEN
    RETURN QUERY SELECT CASE WHEN v_earlier."userId" = p_user AND v_earlier."assignmentId" = p_assignment THEN 'duplicate' ELSE 'request_reused' END, v_earlier.id;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM "User" u WHERE u.id = p_user AND u.standing IN ('PAUSED', 'QUALIFICATION_FAILED')) THEN
    RETURN QUERY SELECT 'not_active'::text, NULL::text;
    RETURN;
  END IF;
  SELECT a.id, a."userId", a."pairId", a.status::text AS status, a.slot, a."leftPlanId" INTO v_a
    FROM "Assignment" a WHERE a.id = p_assignment FOR UPDATE;
  IF NOT FOUND OR v_a."userId" <> p_user THEN
    RETURN QUERY SELECT 'not_yours'::text, NULL::text;
    RETURN;
  END IF;
  IF v_a.status = 'SUBMITTED' THEN
    RETURN QUERY SELECT 'duplicate'::text, j.id FROM "Judgment" j WHERE j."assignmentId" = p_assignment;
    RETURN;
  END IF;
  IF v_a.status IN ('SKIPPED', 'RELEASED') THEN
    RETURN QUERY SELECT 'withdrawn'::text, NULL::text;
    RETURN;
  END IF;
  IF v_a.status = 'EXPIRED' THEN
    -- A claim whose lease ran out may still be submitted while its slot is free.
    SELECT p."planAId", p."requiredRaters", p.status::text AS status, p."submittedCount" INTO v_pair FROM "Pair" p WHERE p.id = v_a."pairId" FOR UPDATE;
    IF v_pair."submittedCount" >= v_pair."requiredRaters" OR v_pair.status = 'COMPLETE'
       OR EXISTS (SELECT 1 FROM "Assignment" h WHERE h."pairId" = v_a."pairId" AND h.slot = v_a.slot AND h.status IN ('CLAIMED', 'SUBMITTED') AND h.id <> v_a.id) THEN
      RETURN QUERY SELECT 'slot_taken'::text, NULL::text;
      RETURN;
    END IF;
  ELSE
    -- The pair is locked before the judgment goes in (whose foreign key would take a weaker lock first): the
    -- order assignment → pair → tallies is the one every writer keeps (tj_remove_judgments too).
    SELECT p."planAId" INTO v_pair FROM "Pair" p WHERE p.id = v_a."pairId" FOR NO KEY UPDATE;
  END IF;
  INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, rationale, "timeOnTaskMs", "clientRequestId")
    VALUES (p_new_id, v_a.id, v_a."pairId", p_user,
            CASE WHEN v_a."leftPlanId" = v_pair."planAId" THEN p_verdict_if_left_is_a ELSE p_verdict_if_left_is_b END,
            p_rationale, p_time_ms, p_request_id)
    ON CONFLICT DO NOTHING RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    -- A concurrent submit of the same request id got there first.
    SELECT j.id, j."userId", j."assignmentId" INTO v_earlier FROM "Judgment" j WHERE j."clientRequestId" = p_request_id OR j."assignmentId" = p_assignment LIMIT 1;
    RETURN QUERY SELECT CASE WHEN v_earlier."userId" = p_user AND v_earlier."assignmentId" = p_assignment THEN 'duplicate' ELSE 'request_reused' END, v_earlier.id;
    RETURN;
  END IF;
  PERFORM tj_move_assignment(v_a.id, 'SUBMITTED');
  -- Only a pair that just completed with two raters can be one for adaptive raters to reopen.
  IF EXISTS (SELECT 1 FROM "Pair" p WHERE p.id = v_a."pairId" AND p.status = 'COMPLETE' AND p."requiredRaters" = 2) THEN
    PERFORM tj_adaptive_after_submit(p_new_id);
  END IF;
  RETURN QUERY SELECT 'stored'::text, p_new_id;
END $$;
