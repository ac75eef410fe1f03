-- The judging functions again, whole, so that every database ends with the same definitions whatever
-- version of 20261122080000_judging_functions it once applied (that file was edited after release;
-- lib/db/migrate.ts accepts those earlier checksums because this migration replaces what they made).
-- From here on a function changes through a new migration, never by editing an applied one.
-- New here: tj_claim serializes the claims of one expert (advisory lock per expert).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT p.oid::regprocedure AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = current_schema() AND p.proname LIKE 'tj\_%' LOOP
    EXECUTE 'DROP FUNCTION ' || r.sig;
  END LOOP;
END $$;


-- Leases that ran out return their slots: CLAIMED -> EXPIRED, and the pairs' counters follow.
CREATE FUNCTION tj_sweep_expired_leases() RETURNS integer LANGUAGE sql AS $$
  WITH expired AS (
    UPDATE "Assignment" SET status = 'EXPIRED', "completedAt" = now()
    WHERE status = 'CLAIMED' AND "leaseExpiresAt" <= now()
    RETURNING "pairId"
  ), per_pair AS (SELECT "pairId", COUNT(*)::int AS n FROM expired GROUP BY "pairId"),
  moved AS (
    UPDATE "Pair" p SET "claimedCount" = GREATEST(0, p."claimedCount" - per_pair.n) FROM per_pair WHERE p.id = per_pair."pairId"
    RETURNING 1
  )
  SELECT (SELECT COUNT(*) FROM expired)::int
$$;

-- Moves an assignment (locked by the caller) to another status, keeping its pair's counters in
-- step: a live claim leaves claimedCount, a submit joins submittedCount and may complete the pair.
-- (plpgsql rather than sql: its plans stay cached for the session on every PostgreSQL version.)
CREATE FUNCTION tj_move_assignment(p_assignment text, p_to "AssignmentStatus") RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_pair text;
  v_was "AssignmentStatus";
  v_submitted integer := CASE WHEN p_to = 'SUBMITTED' THEN 1 ELSE 0 END;
BEGIN
  SELECT a."pairId", a.status INTO v_pair, v_was FROM "Assignment" a WHERE a.id = p_assignment;
  UPDATE "Assignment" SET status = p_to, "completedAt" = now() WHERE id = p_assignment;
  UPDATE "Pair" p SET
    "claimedCount" = GREATEST(0, p."claimedCount" - (CASE WHEN v_was = 'CLAIMED' THEN 1 ELSE 0 END)),
    "submittedCount" = p."submittedCount" + v_submitted,
    status = (CASE WHEN p."submittedCount" + v_submitted >= p."requiredRaters" THEN 'COMPLETE' ELSE p.status END)::"PairStatus"
  WHERE p.id = v_pair;
END $$;

-- Whether a session still stands: the account is active, of the role, and not signed out since.
CREATE FUNCTION tj_session_ok(p_user text, p_session_version integer, p_role "Role") RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "User" u WHERE u.id = p_user AND u.active AND u."sessionVersion" = p_session_version AND u.role = p_role)
$$;

-- What an expert sees of an assignment, except the itineraries themselves (immutable, cached by
-- the app): the request, the lease, which plan is on which side, diagnostics where shown.
CREATE FUNCTION tj_view_parts(p_assignment text)
RETURNS TABLE (user_id text, status text, head text, left_plan_id text, right_plan_id text, left_diagnostics text, right_diagnostics text)
LANGUAGE sql STABLE AS $$
  SELECT a."userId", a.status::text,
    json_build_object(
      'assignmentId', a.id, 'pairId', a."pairId",
      'leaseExpiresAt', to_char(a."leaseExpiresAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'expired', (a.status = 'EXPIRED' OR a."leaseExpiresAt" < now()),
      'query', json_build_object('id', q.id, 'text', q.text, 'origin', q.origin, 'days', q.days, 'people', q.people, 'startDate', q."startDate",
                 'preferences', q.preferences, 'destination', json_build_object('name', d.name, 'country', d.country, 'lat', d.lat, 'lon', d.lon))
    )::text,
    a."leftPlanId",
    CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END,
    CASE WHEN ds."showDiagnostics" THEN l.features::text END,
    CASE WHEN ds."showDiagnostics" THEN r.features::text END
  FROM "Assignment" a
  JOIN "Pair" p ON p.id = a."pairId"
  JOIN "Query" q ON q.id = p."queryId"
  JOIN "Destination" d ON d.id = q."destinationId"
  JOIN "Dataset" ds ON ds.id = q."datasetId"
  JOIN "Plan" l ON l.id = a."leftPlanId"
  JOIN "Plan" r ON r.id = CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END
  WHERE a.id = p_assignment
$$;

-- The expert's next pair: a live claim not in p_exclude (resume after a reload), else a new claim
-- on the best open pair of their destinations. Outcomes: unauthorized, resumed, claimed, none.
-- p_session_version NULL skips the session check (trusted callers: CLI, tests).
-- Each statement of a volatile plpgsql function takes a fresh snapshot, so the slots read after
-- locking the pair are the slots actually held; SKIP LOCKED lets claimers pass each other.
CREATE FUNCTION tj_claim(
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
BEGIN
  IF p_session_version IS NOT NULL AND NOT tj_session_ok(p_user, p_session_version, 'EXPERT') THEN
    RETURN QUERY SELECT 'unauthorized'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
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
    IF v_live >= p_max_claims THEN
      RETURN QUERY SELECT 'none'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
      RETURN;
    END IF;
  END IF;
  IF p_sweep THEN
    PERFORM tj_sweep_expired_leases();
  END IF;
  FOR attempt IN 1..20 LOOP
    -- Open pairs of the expert's destinations that they never had, with a free slot, best first.
    -- Two static queries rather than one with a conditional ORDER BY: each keeps its own cached
    -- plan, and the completion order can walk its index.
    IF p_completion_first THEN
      SELECT p.id, p."planAId", p."planBId", p."requiredRaters" INTO v_pair
        FROM "Pair" p
        JOIN "Query" q ON q.id = p."queryId"
        JOIN "ExpertDestination" ed ON ed."destinationId" = q."destinationId" AND ed."userId" = p_user
       WHERE p.status = 'OPEN' AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
         AND (p_destination IS NULL OR q."destinationId" = p_destination) AND NOT (p.id = ANY(v_tried))
         AND NOT EXISTS (SELECT 1 FROM "Assignment" m WHERE m."pairId" = p.id AND m."userId" = p_user)
       ORDER BY p."submittedCount" DESC, p."claimedCount" DESC, p."createdAt" ASC
       LIMIT 1 FOR UPDATE OF p SKIP LOCKED;
    ELSE
      SELECT p.id, p."planAId", p."planBId", p."requiredRaters" INTO v_pair
        FROM "Pair" p
        JOIN "Query" q ON q.id = p."queryId"
        JOIN "ExpertDestination" ed ON ed."destinationId" = q."destinationId" AND ed."userId" = p_user
       WHERE p.status = 'OPEN' AND p."submittedCount" + p."claimedCount" < p."requiredRaters"
         AND (p_destination IS NULL OR q."destinationId" = p_destination) AND NOT (p.id = ANY(v_tried))
         AND NOT EXISTS (SELECT 1 FROM "Assignment" m WHERE m."pairId" = p.id AND m."userId" = p_user)
       ORDER BY p."createdAt" ASC
       LIMIT 1 FOR UPDATE OF p SKIP LOCKED;
    END IF;
    IF NOT FOUND THEN
      -- Before saying "nothing left", return the slots of leases that ran out since the last sweep.
      IF NOT v_swept AND tj_sweep_expired_leases() > 0 THEN
        v_swept := true;
        CONTINUE;
      END IF;
      EXIT;
    END IF;
    -- The lowest slot (1..required) no live assignment holds: lib/assignment/policy.ts freeSlot().
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

-- Stores one judgment per assignment; a retry with the same request id finds the stored one.
-- Outcomes: unauthorized, stored, duplicate, request_reused, not_yours, withdrawn, slot_taken.
-- The verdict for each screen side comes from lib/assignment/policy.ts verdictFor().
CREATE FUNCTION tj_submit(
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
    SELECT p."planAId" INTO v_pair FROM "Pair" p WHERE p.id = v_a."pairId";
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
  RETURN QUERY SELECT 'stored'::text, p_new_id;
END $$;
