-- tj_next: the expert's next pair, gold or real, in one statement (decisions 002 and 009). Outcomes:
-- unauthorized; not_active (paused, or qualification failed: standing and note say which); qualifying (the
-- qualification set goes on: the caller serves it; assignment_id is the oldest gold answer held, if any);
-- resumed / claimed (gold true: a gold answer, with its itineraries as text; false: a real assignment, with
-- its plans' ids, as tj_claim answers); none.
-- Held pairs resume in claim order, gold answers and real claims alike; a new gold pair comes at its
-- dataset's rate (p_gold_draw, drawn by the caller; NULL: not this time) only when nothing is held to resume
-- and the claim limit, which counts gold answers and real claims together, allows; else tj_claim claims a
-- real pair within what the limit leaves. When no real pair is left for the expert (tj_claim: none), a gold
-- pair that may still be served comes whatever the draw: the waiting count counts those pairs, so the expert
-- gets what it promised, and "nothing to judge" never shows while it counts any (issue 43).
CREATE OR REPLACE FUNCTION tj_next(
  p_user text, p_session_version integer, p_destination text, p_exclude text[], p_completion_first boolean,
  p_max_claims integer, p_lease_end timestamptz, p_left_is_a boolean, p_new_id text, p_sweep boolean,
  p_gold_draw double precision, p_qualification boolean
)
RETURNS TABLE (outcome text, standing text, standing_note text, gold boolean, assignment_id text, pair_id text, head text,
               left_plan_id text, right_plan_id text, left_text text, right_text text, left_diagnostics text, right_diagnostics text)
LANGUAGE plpgsql AS $$
DECLARE
  v_user record;
  v_live record;
  v_real record;
  v_held_gold integer;
  v_candidate record;
  v_claim record;
  v_id text;
BEGIN
  SELECT u.standing::text AS standing, u."standingNote" AS note,
         (u.active AND u.role = 'EXPERT' AND (p_session_version IS NULL OR u."sessionVersion" = p_session_version)) AS ok
    INTO v_user FROM "User" u WHERE u.id = p_user FOR SHARE; -- as tj_claim: a change of standing waits for this claim
  IF NOT FOUND OR NOT v_user.ok THEN
    RETURN QUERY SELECT 'unauthorized'::text, NULL::text, NULL::text, NULL::boolean, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF v_user.standing IN ('PAUSED', 'QUALIFICATION_FAILED') THEN
    RETURN QUERY SELECT 'not_active'::text, v_user.standing, v_user.note, NULL::boolean, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  -- The oldest gold answer held (not excluded), and the gold answers held in all.
  SELECT a.id, a."claimedAt" INTO v_live FROM "GoldAnswer" a
   WHERE a."userId" = p_user AND a.status = 'CLAIMED' AND NOT (a.id = ANY(p_exclude)) ORDER BY a."claimedAt" LIMIT 1;
  IF v_user.standing = 'QUALIFYING' AND p_qualification THEN
    RETURN QUERY SELECT 'qualifying'::text, v_user.standing, v_user.note, true, v_live.id, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  SELECT count(*)::int INTO v_held_gold FROM "GoldAnswer" a WHERE a."userId" = p_user AND a.status = 'CLAIMED';
  -- The real claims held, in one pass: how many, how many not excluded, and the oldest of those.
  SELECT count(*)::int AS held, count(*) FILTER (WHERE NOT (x.id = ANY(p_exclude)))::int AS held_open,
         min(x."claimedAt") FILTER (WHERE NOT (x.id = ANY(p_exclude))) AS oldest_open
    INTO v_real FROM "Assignment" x WHERE x."userId" = p_user AND x.status = 'CLAIMED' AND x."leaseExpiresAt" > now();
  IF v_live.id IS NOT NULL AND NOT coalesce(v_real.oldest_open < v_live."claimedAt", false) THEN
    v_id := v_live.id;
  ELSIF v_live.id IS NULL AND v_real.held_open = 0 AND p_gold_draw IS NOT NULL AND v_held_gold + v_real.held < p_max_claims THEN
    SELECT c.id, c.rate INTO v_candidate FROM tj_gold_candidates(p_user, p_destination) c ORDER BY random() LIMIT 1;
    IF FOUND AND p_gold_draw < v_candidate.rate THEN
      INSERT INTO "GoldAnswer" (id, "goldPairId", "userId", purpose, "leftIsA", "leaseExpiresAt")
        VALUES (p_new_id, v_candidate.id, p_user, 'CHECK', p_left_is_a, p_lease_end)
        ON CONFLICT ("goldPairId", "userId") DO NOTHING RETURNING "GoldAnswer".id INTO v_id;
    END IF;
  END IF;
  IF v_id IS NULL THEN
    SELECT * INTO v_claim
      FROM tj_claim(p_user, NULL, p_destination, p_exclude, p_completion_first, GREATEST(0, p_max_claims - v_held_gold), p_lease_end, p_left_is_a, p_new_id, p_sweep) c;
    IF v_claim.outcome IS DISTINCT FROM 'none' OR v_live.id IS NOT NULL OR v_held_gold + v_real.held >= p_max_claims THEN
      RETURN QUERY SELECT v_claim.outcome, v_user.standing, v_user.note, false, v_claim.assignment_id, v_claim.pair_id, v_claim.head,
                          v_claim.left_plan_id, v_claim.right_plan_id, NULL::text, NULL::text, v_claim.left_diagnostics, v_claim.right_diagnostics;
      RETURN;
    END IF;
    -- No real pair is left for the expert: the gold pairs left are theirs (p_new_id is unused: tj_claim claimed nothing).
    SELECT c.id INTO v_candidate FROM tj_gold_candidates(p_user, p_destination) c WHERE c.rate > 0 ORDER BY random() LIMIT 1;
    IF FOUND THEN
      INSERT INTO "GoldAnswer" (id, "goldPairId", "userId", purpose, "leftIsA", "leaseExpiresAt")
        VALUES (p_new_id, v_candidate.id, p_user, 'CHECK', p_left_is_a, p_lease_end)
        ON CONFLICT ("goldPairId", "userId") DO NOTHING RETURNING "GoldAnswer".id INTO v_id;
    END IF;
    IF v_id IS NULL THEN
      RETURN QUERY SELECT v_claim.outcome, v_user.standing, v_user.note, false, NULL::text, NULL::text, NULL::text,
                          NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT CASE WHEN v_id = v_live.id THEN 'resumed' ELSE 'claimed' END, v_user.standing, v_user.note, true, v_id, NULL::text, v.head,
                      NULL::text, NULL::text, v.left_text, v.right_text, v.left_diagnostics, v.right_diagnostics
    FROM tj_gold_view_parts(v_id) v;
END $$;
