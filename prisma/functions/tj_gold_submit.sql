-- tj_gold_submit: stores an expert's answer to a gold pair (decision 009), in the statement that locks the
-- answer and checks the session (as tj_submit does) and the standing. Outcomes: not_gold (no such answer),
-- unauthorized, not_assigned, duplicate (this request id stored it already), not_active, withdrawn,
-- rationale_too_short (p_rationale comes trimmed), request_reused, stored. The verdict for each screen side comes from
-- lib/assignment/policy.ts verdictFor(), as for tj_submit. The pause test and the qualification decision
-- follow in the caller's transaction (lib/reliability decides; tj_gold_pause and tj_qualification_decided write).
CREATE OR REPLACE FUNCTION tj_gold_submit(
  p_user text, p_session_version integer, p_answer text, p_verdict_if_left_is_a "Verdict", p_verdict_if_left_is_b "Verdict",
  p_rationale text, p_time_ms integer, p_request_id text, p_judgment_id text, p_rationale_min integer
)
RETURNS TABLE (outcome text, judgment_id text, purpose text, correct boolean, left_is_a boolean, label text, defect jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_verdict "Verdict";
BEGIN
  SELECT a."userId" AS user_id, a.status::text AS status, a.purpose::text AS purpose, a."leftIsA" AS left_is_a, a."clientRequestId" AS request_id,
         a."judgmentId" AS judgment_id, a.correct, g.label::text AS label, g.defect::jsonb AS defect,
         (p_session_version IS NULL OR tj_session_ok(p_user, p_session_version, 'EXPERT')) AS session_ok,
         (SELECT u.standing::text FROM "User" u WHERE u.id = p_user) AS standing
    INTO v FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" WHERE a.id = p_answer FOR UPDATE OF a;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_gold'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF NOT v.session_ok THEN
    RETURN QUERY SELECT 'unauthorized'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF v.user_id <> p_user THEN
    RETURN QUERY SELECT 'not_assigned'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF v.status = 'SUBMITTED' AND v.request_id = p_request_id THEN
    RETURN QUERY SELECT 'duplicate'::text, v.judgment_id, v.purpose, v.correct, v.left_is_a, v.label, v.defect;
    RETURN;
  END IF;
  IF v.standing IN ('PAUSED', 'QUALIFICATION_FAILED') THEN
    RETURN QUERY SELECT 'not_active'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF v.status <> 'CLAIMED' THEN
    RETURN QUERY SELECT 'withdrawn'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF length(p_rationale) < p_rationale_min THEN
    RETURN QUERY SELECT 'rationale_too_short'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM "GoldAnswer" o WHERE o."clientRequestId" = p_request_id) THEN
    RETURN QUERY SELECT 'request_reused'::text, NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::jsonb;
    RETURN;
  END IF;
  v_verdict := CASE WHEN v.left_is_a THEN p_verdict_if_left_is_a ELSE p_verdict_if_left_is_b END;
  UPDATE "GoldAnswer" SET status = 'SUBMITTED', verdict = v_verdict, correct = (v_verdict::text = v.label), rationale = p_rationale,
         "timeOnTaskMs" = GREATEST(0, p_time_ms), "clientRequestId" = p_request_id, "judgmentId" = p_judgment_id, "completedAt" = now()
   WHERE id = p_answer;
  RETURN QUERY SELECT 'stored'::text, p_judgment_id, v.purpose, v_verdict::text = v.label, v.left_is_a, v.label, v.defect;
END $$;
