-- tj_claim, as in force. This file is its only definition from now on (migration 20261123100000_claim_driven_by_open_pairs last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- The expert's next real pair (or the live claim they hold). Outcomes: unauthorized, not_active, resumed,
-- claimed, busy (the only pairs left are held by other statements this instant: ask again), none.
CREATE OR REPLACE FUNCTION tj_claim(
  p_user text, p_session_version integer, p_destination text, p_exclude text[], p_completion_first boolean,
  p_max_claims integer, p_lease_end timestamptz, p_left_is_a boolean, p_new_id text, p_sweep boolean
)
RETURNS TABLE (outcome text, assignment_id text, pair_id text, head text, left_plan_id text, right_plan_id text, left_diagnostics text, right_diagnostics text)
LANGUAGE plpgsql AS $$
DECLARE
  v_live integer;
  v_resume record;
  v_pair record;
  v_slot integer;
  v_tried text[] := '{}';
  v_swept boolean := false;
  v_destinations text[];
BEGIN
  IF p_session_version IS NOT NULL AND NOT tj_session_ok(p_user, p_session_version, 'EXPERT') THEN
    RETURN QUERY SELECT 'unauthorized'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  -- The expert's row is share-locked until the claim commits, so a change of standing (a pause, an admin's decision:
  -- they update the row) waits for the claim and then gives it back, or the claim waits and sees the new standing.
  -- Without it a claim that read "active" could commit after the pause had given back what it found held (issue 48).
  PERFORM 1 FROM "User" u WHERE u.id = p_user FOR SHARE;
  -- Real pairs go to active experts, and to a qualifying one only while no qualification set exists for them
  -- (none begun, no gold pair of their destinations to give): decision 009.
  IF NOT tj_may_claim_real(p_user) THEN
    RETURN QUERY SELECT 'not_active'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  -- One claim at a time per expert (until this statement ends): simultaneous claims of one expert
  -- would each count the live assignments before the others' inserts and pass the limit together.
  PERFORM pg_advisory_xact_lock(hashtextextended('tj_claim:' || p_user, 0));
  SELECT COUNT(*)::int INTO v_live FROM "Assignment" a WHERE a."userId" = p_user AND a.status = 'CLAIMED' AND a."leaseExpiresAt" > now();
  IF v_live > 0 THEN
    SELECT a.id, a."pairId" INTO v_resume FROM "Assignment" a
     WHERE a."userId" = p_user AND a.status = 'CLAIMED' AND a."leaseExpiresAt" > now() AND NOT (a.id = ANY(p_exclude))
     ORDER BY a."claimedAt" LIMIT 1;
    IF FOUND THEN
      RETURN QUERY SELECT 'resumed'::text, v_resume.id, v_resume."pairId", v.head, v.left_plan_id, v.right_plan_id, v.left_diagnostics, v.right_diagnostics
        FROM tj_view_parts(v_resume.id) v;
      RETURN;
    END IF;
  END IF;
  -- The limit counts what the caller says the expert holds besides (gold answers: p_max_claims is reduced by them).
  IF v_live >= p_max_claims THEN
    RETURN QUERY SELECT 'none'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF p_sweep THEN
    PERFORM tj_sweep_expired_leases();
  END IF;
  -- The expert's destinations (or the one asked for, if theirs), resolved first: joined inside the pair
  -- query they let the planner merge over every request of every destination.
  SELECT array_agg(ed."destinationId") INTO v_destinations FROM "ExpertDestination" ed
   WHERE ed."userId" = p_user AND (p_destination IS NULL OR ed."destinationId" = p_destination);
  IF v_destinations IS NULL THEN
    RETURN QUERY SELECT 'none'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  FOR attempt IN 1..20 LOOP
    -- Open pairs of the expert's destinations that they never had, with a free slot, best first: highest priority
    -- (an escalation's calibration sample, then the dataset's serving order; 0 for pairs served as imported).
    -- Two static queries rather than one with a conditional ORDER BY: each keeps its own cached
    -- plan, and the completion order can walk its index.
    IF p_completion_first THEN
      SELECT p.id, p."planAId", p."planBId", p."requiredRaters" INTO v_pair
        FROM "Pair" p
       WHERE p.status = 'OPEN' AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
         AND EXISTS (SELECT 1 FROM "Query" q WHERE q.id = p."queryId" AND q."destinationId" = ANY(v_destinations))
         AND NOT (p.id = ANY(v_tried))
         AND NOT EXISTS (SELECT 1 FROM "Assignment" m WHERE m."pairId" = p.id AND m."userId" = p_user)
       ORDER BY p.priority DESC, p."submittedCount" DESC, p."claimedCount" DESC, p."createdAt" ASC
       LIMIT 1 FOR UPDATE OF p SKIP LOCKED;
    ELSE
      SELECT p.id, p."planAId", p."planBId", p."requiredRaters" INTO v_pair
        FROM "Pair" p
       WHERE p.status = 'OPEN' AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
         AND EXISTS (SELECT 1 FROM "Query" q WHERE q.id = p."queryId" AND q."destinationId" = ANY(v_destinations))
         AND NOT (p.id = ANY(v_tried))
         AND NOT EXISTS (SELECT 1 FROM "Assignment" m WHERE m."pairId" = p.id AND m."userId" = p_user)
       ORDER BY p.priority DESC, p."createdAt" ASC
       LIMIT 1 FOR UPDATE OF p SKIP LOCKED;
    END IF;
    IF NOT FOUND THEN
      -- Before saying "nothing left", return the slots of leases that ran out since the last sweep.
      IF NOT v_swept AND tj_sweep_expired_leases() > 0 THEN
        v_swept := true;
        CONTINUE;
      END IF;
      -- A pair another statement holds for a moment (another expert's claim or submit) may still have a slot for
      -- this expert: say "try again" rather than "nothing left" while there is work. Nothing here waits for a lock
      -- (a wait while holding the pairs tried so far could deadlock with another claim); the caller asks again.
      IF EXISTS (SELECT 1 FROM "Pair" p
                  WHERE p.status = 'OPEN' AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
                    AND EXISTS (SELECT 1 FROM "Query" q WHERE q.id = p."queryId" AND q."destinationId" = ANY(v_destinations))
                    AND NOT (p.id = ANY(v_tried))
                    AND NOT EXISTS (SELECT 1 FROM "Assignment" m WHERE m."pairId" = p.id AND m."userId" = p_user)) THEN
        RETURN QUERY SELECT 'busy'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
        RETURN;
      END IF;
      EXIT;
    END IF;
    -- The lowest slot (1..required) no live assignment holds.
    SELECT MIN(s) INTO v_slot FROM generate_series(1, v_pair."requiredRaters") s
     WHERE NOT EXISTS (SELECT 1 FROM "Assignment" h WHERE h."pairId" = v_pair.id AND h.slot = s AND h.status IN ('CLAIMED', 'SUBMITTED'));
    IF v_slot IS NULL OR EXISTS (SELECT 1 FROM "Assignment" h WHERE h."pairId" = v_pair.id AND h."userId" = p_user) THEN
      v_tried := v_tried || v_pair.id;
      CONTINUE;
    END IF;
    INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt")
      VALUES (p_new_id, v_pair.id, p_user, v_slot, 'CLAIMED', CASE WHEN p_left_is_a THEN v_pair."planAId" ELSE v_pair."planBId" END, p_lease_end);
    UPDATE "Pair" SET "claimedCount" = "claimedCount" + 1 WHERE id = v_pair.id;
    RETURN QUERY SELECT 'claimed'::text, p_new_id, v_pair.id, v.head, v.left_plan_id, v.right_plan_id, v.left_diagnostics, v.right_diagnostics
      FROM tj_view_parts(p_new_id) v;
    RETURN;
  END LOOP;
  RETURN QUERY SELECT 'none'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
END $$;
