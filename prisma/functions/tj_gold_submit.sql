-- tj_gold_submit: stores an expert's answer to a gold pair (decision 009), in the statement that locks the
-- answer and checks the session (as tj_submit does) and the standing, in tj_submit's order over one request-id space
-- with real judgments (issue 48). Outcomes: not_gold (no such answer), unauthorized, duplicate (this request id stored
-- it already, or the answer was submitted), request_reused (the id is another gold answer's or a real judgment's),
-- not_active, not_assigned, withdrawn, rationale_too_short (p_rationale comes trimmed), strength_required, strength_not_asked (as
-- tj_submit: the gold pair's dataset decides, so a gold pair asks exactly what a real one does), dimensions_not_asked,
-- dimensions_required, dimensions_invalid (tj_dimensions_check, as tj_submit), stored. The verdict for each screen side comes from
-- lib/judging/verdict/ verdictsBySide() (tj_pick_by_side picks the one shown), as for tj_submit. The pause test and the qualification decision
-- follow in the caller's transaction (lib/quality/reliability/ decides; tj_gold_pause and tj_qualification_decided write).
DROP FUNCTION IF EXISTS tj_gold_submit(text, integer, text, "Verdict", "Verdict", text, integer, text, text, integer);
DROP FUNCTION IF EXISTS tj_gold_submit(text, integer, text, "Verdict", "Verdict", text, integer, text, text, integer, smallint);
CREATE OR REPLACE FUNCTION tj_gold_submit(
  p_user text, p_session_version integer, p_answer text, p_verdict_if_left_is_a "Verdict", p_verdict_if_left_is_b "Verdict",
  p_rationale text, p_time_ms integer, p_request_id text, p_judgment_id text, p_rationale_min integer,
  p_strength smallint DEFAULT NULL, p_dimensions_if_left_is_a jsonb DEFAULT NULL, p_dimensions_if_left_is_b jsonb DEFAULT NULL
)
RETURNS TABLE (outcome text, judgment_id text, purpose text, correct boolean, left_is_a boolean, label text, defect jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_earlier record;
  v_verdict "Verdict";
  v_dimensions jsonb;
  v_refusal text;
BEGIN
  SELECT a."userId" AS user_id, a.status::text AS status, a.purpose::text AS purpose, a."leftIsA" AS left_is_a, a."clientRequestId" AS request_id,
         a."judgmentId" AS judgment_id, a.correct, g.label::text AS label, g.defect::jsonb AS defect,
         (p_session_version IS NULL OR tj_session_ok(p_user, p_session_version, 'EXPERT')) AS session_ok,
         (SELECT u.standing::text FROM "User" u WHERE u.id = p_user) AS standing, d."preferenceStrength" AS strength_on, d.dimensions AS dimension_set
    INTO v FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" JOIN "Dataset" d ON d.id = g."datasetId"
   WHERE a.id = p_answer FOR UPDATE OF a;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_gold'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF NOT v.session_ok THEN
    RETURN QUERY SELECT 'unauthorized'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  -- The request id, over gold answers and real judgments alike, before anything else about the pair (tj_submit's
  -- order): a reused id answers request_reused on a gold pair exactly as on a real one.
  SELECT o.id, o."userId" AS user_id INTO v_earlier FROM "GoldAnswer" o WHERE o."clientRequestId" = p_request_id;
  IF FOUND AND v_earlier.id = p_answer AND v_earlier.user_id = p_user THEN
    RETURN QUERY SELECT 'duplicate'::text, v.judgment_id, v.purpose, v.correct, v.left_is_a, v.label, v.defect;
    RETURN;
  END IF;
  IF FOUND OR EXISTS (SELECT 1 FROM "Judgment" j WHERE j."clientRequestId" = p_request_id) THEN
    RETURN QUERY SELECT 'request_reused'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF v.standing IN ('PAUSED', 'QUALIFICATION_FAILED') THEN
    RETURN QUERY SELECT 'not_active'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF v.user_id <> p_user THEN
    RETURN QUERY SELECT 'not_assigned'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  -- Submitted already (under another request id): the stored answer, as tj_submit answers a submitted assignment.
  IF v.status = 'SUBMITTED' THEN
    RETURN QUERY SELECT 'duplicate'::text, v.judgment_id, v.purpose, v.correct, v.left_is_a, v.label, v.defect;
    RETURN;
  END IF;
  IF v.status <> 'CLAIMED' THEN
    RETURN QUERY SELECT 'withdrawn'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  -- The caller refuses a short rationale before either function runs; this only guards a direct call.
  IF length(p_rationale) < p_rationale_min THEN
    RETURN QUERY SELECT 'rationale_too_short'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  v_verdict := tj_pick_by_side(v.left_is_a, p_verdict_if_left_is_a, p_verdict_if_left_is_b);
  IF p_strength IS NOT NULL AND (v_verdict = 'NEITHER' OR NOT v.strength_on) THEN
    RETURN QUERY SELECT 'strength_not_asked'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF p_strength IS NULL AND v_verdict <> 'NEITHER' AND v.strength_on THEN
    RETURN QUERY SELECT 'strength_required'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  v_dimensions := tj_pick_by_side(v.left_is_a, p_dimensions_if_left_is_a, p_dimensions_if_left_is_b);
  v_refusal := tj_dimensions_check(v.dimension_set, v_dimensions, v.strength_on);
  IF v_refusal IS NOT NULL THEN
    RETURN QUERY SELECT v_refusal, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  UPDATE "GoldAnswer" SET status = 'SUBMITTED', verdict = v_verdict, strength = p_strength, dimensions = NULLIF(v_dimensions, '{}'::jsonb), correct = (v_verdict::text = v.label), rationale = p_rationale,
         "timeOnTaskMs" = GREATEST(0, p_time_ms), "clientRequestId" = p_request_id, "judgmentId" = p_judgment_id, "completedAt" = now()
   WHERE id = p_answer;
  RETURN QUERY SELECT 'stored'::text, p_judgment_id, v.purpose, v_verdict::text = v.label, v.left_is_a, v.label, v.defect;
END $$;
