-- tj_submit, as in force. This file is its only definition from now on (migration 20261123010000_judging_functions_replayable last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Stores one judgment per assignment; a retry with the same request id finds the stored one. Its checks run in the
-- order tj_gold_submit runs them (session, request id over judgments and gold answers, standing, ownership, status,
-- strength, dimensions), so a gold pair and a real one answer every body alike.
-- Outcomes: unauthorized, not_active, stored, duplicate, request_reused, not_yours, withdrawn, slot_taken,
-- strength_required (an A or B verdict on a dataset with preference strength came without one),
-- strength_not_asked (a strength with Neither, or on a dataset without preference strength),
-- dimensions_not_asked, dimensions_required, dimensions_invalid (the per-dimension answers against the dataset's
-- dimension set: tj_dimensions_check).
-- A paused expert, or one whose qualification failed, stores nothing (not_active; decision 009). A pair of a
-- dataset with adaptive raters whose second judgment here differs from the first asks for its third rater in
-- this same statement, so no process acts on a stale view of the setting; tj_adaptive_after_submit decides it
-- before the judgment counts, so the pair never completes only to be reopened.
-- The verdict for each screen side comes from lib/judging/verdict/ verdictsBySide(); tj_pick_by_side picks the one shown.
-- The per-dimension answers come for either side the screen may have shown, as the verdicts do.
-- The signatures before preference strength and before dimensions are dropped: a call names one function.
DROP FUNCTION IF EXISTS tj_submit(text, integer, text, "Verdict", "Verdict", text, integer, text, text);
DROP FUNCTION IF EXISTS tj_submit(text, integer, text, "Verdict", "Verdict", text, integer, text, text, smallint);
CREATE OR REPLACE FUNCTION tj_submit(
  p_user text, p_session_version integer, p_assignment text, p_verdict_if_left_is_a "Verdict", p_verdict_if_left_is_b "Verdict",
  p_rationale text, p_time_ms integer, p_request_id text, p_new_id text, p_strength smallint DEFAULT NULL,
  p_dimensions_if_left_is_a jsonb DEFAULT NULL, p_dimensions_if_left_is_b jsonb DEFAULT NULL
)
RETURNS TABLE (outcome text, judgment_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_earlier record;
  v_a record;
  v_pair record;
  v_id text;
  v_verdict "Verdict";
  v_strength_on boolean;
  v_set jsonb;
  v_dimensions jsonb;
  v_refusal text;
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
  -- One request-id space with gold answers, checked here as tj_gold_submit checks it (issue 48: an id reused across
  -- the two answered differently on a gold pair and a real one, an oracle that stored nothing).
  IF EXISTS (SELECT 1 FROM "GoldAnswer" o WHERE o."clientRequestId" = p_request_id) THEN
    RETURN QUERY SELECT 'request_reused'::text, NULL::text;
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
  -- REJECTED: a reviewer rejected the judgment this assignment held (tj_review_reject); a late retry stores nothing.
  IF v_a.status IN ('SKIPPED', 'RELEASED', 'REJECTED') THEN
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
  v_verdict := tj_pick_by_side(v_a."leftPlanId" = v_pair."planAId", p_verdict_if_left_is_a, p_verdict_if_left_is_b);
  SELECT d."preferenceStrength", d.dimensions INTO v_strength_on, v_set
    FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" d ON d.id = q."datasetId" WHERE p.id = v_a."pairId";
  IF p_strength IS NOT NULL AND (v_verdict = 'NEITHER' OR NOT v_strength_on) THEN
    RETURN QUERY SELECT 'strength_not_asked'::text, NULL::text;
    RETURN;
  END IF;
  IF p_strength IS NULL AND v_verdict <> 'NEITHER' AND v_strength_on THEN
    RETURN QUERY SELECT 'strength_required'::text, NULL::text;
    RETURN;
  END IF;
  v_dimensions := tj_pick_by_side(v_a."leftPlanId" = v_pair."planAId", p_dimensions_if_left_is_a, p_dimensions_if_left_is_b);
  v_refusal := tj_dimensions_check(v_set, v_dimensions, v_strength_on);
  IF v_refusal IS NOT NULL THEN
    RETURN QUERY SELECT v_refusal, NULL::text;
    RETURN;
  END IF;
  INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, strength, dimensions, rationale, "timeOnTaskMs", "clientRequestId")
    VALUES (p_new_id, v_a.id, v_a."pairId", p_user, v_verdict, p_strength, NULLIF(v_dimensions, '{}'::jsonb), p_rationale, p_time_ms, p_request_id)
    ON CONFLICT DO NOTHING RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    -- A concurrent submit of the same request id got there first.
    SELECT j.id, j."userId", j."assignmentId" INTO v_earlier FROM "Judgment" j WHERE j."clientRequestId" = p_request_id OR j."assignmentId" = p_assignment LIMIT 1;
    RETURN QUERY SELECT CASE WHEN v_earlier."userId" = p_user AND v_earlier."assignmentId" = p_assignment THEN 'duplicate' ELSE 'request_reused' END, v_earlier.id;
    RETURN;
  END IF;
  -- Only a pair asking two raters can be one for adaptive raters to raise to three.
  IF EXISTS (SELECT 1 FROM "Pair" p WHERE p.id = v_a."pairId" AND p."requiredRaters" = 2) THEN
    PERFORM tj_adaptive_after_submit(p_new_id);
  END IF;
  PERFORM tj_move_assignment(v_a.id, 'SUBMITTED');
  RETURN QUERY SELECT 'stored'::text, p_new_id;
END $$;
