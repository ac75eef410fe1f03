-- tj_gold_skip: an expert skips a gold answer they hold (decision 009), with the session and standing checked
-- in the statement that locks it, in tj_skip's order. Outcomes: not_gold, unauthorized, not_active, not_yours,
-- not_claimed, skipped (with the
-- answer's purpose: the caller then runs the pause test or decides the qualification set).
CREATE OR REPLACE FUNCTION tj_gold_skip(p_user text, p_session_version integer, p_answer text)
RETURNS TABLE (outcome text, purpose text)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  SELECT a."userId" AS user_id, a.status::text AS status, a.purpose::text AS purpose,
         (p_session_version IS NULL OR tj_session_ok(p_user, p_session_version, 'EXPERT')) AS session_ok,
         (SELECT u.standing::text FROM "User" u WHERE u.id = p_user) AS standing
    INTO v FROM "GoldAnswer" a WHERE a.id = p_answer FOR UPDATE OF a;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_gold'::text, NULL::text;
  ELSIF NOT v.session_ok THEN
    RETURN QUERY SELECT 'unauthorized'::text, NULL::text;
  ELSIF v.standing IN ('PAUSED', 'QUALIFICATION_FAILED') THEN
    RETURN QUERY SELECT 'not_active'::text, NULL::text;
  ELSIF v.user_id <> p_user THEN
    RETURN QUERY SELECT 'not_yours'::text, NULL::text;
  ELSIF v.status <> 'CLAIMED' THEN
    RETURN QUERY SELECT 'not_claimed'::text, NULL::text;
  ELSE
    UPDATE "GoldAnswer" SET status = 'SKIPPED', "completedAt" = now() WHERE id = p_answer;
    RETURN QUERY SELECT 'skipped'::text, v.purpose;
  END IF;
END $$;
