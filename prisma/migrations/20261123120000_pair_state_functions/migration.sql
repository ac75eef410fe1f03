-- Every change of a pair's state happens in a database function (docs/decisions/002): besides claim,
-- submit and the lease sweep, now skip, release, reassign, the raters per pair and an extra rater.
-- Each is one statement for the caller; the policy choices (screen side, lease end) are passed in
-- from lib/assignment/policy.ts. One definition of a standing session: tj_session_user.

-- The account behind a session, if it still stands: active and not signed out since the token was
-- issued (same session version). The app's session check (lib/db/users.ts sessionUser) and the
-- judging functions' (tj_session_ok) both read it.
CREATE FUNCTION tj_session_user(p_user text, p_session_version integer)
RETURNS TABLE (id text, email text, name text, role "Role", "sessionVersion" integer)
LANGUAGE sql STABLE AS $$
  SELECT u.id, u.email, u.name, u.role, u."sessionVersion" FROM "User" u
   WHERE u.id = p_user AND u.active AND u."sessionVersion" = p_session_version
$$;

CREATE OR REPLACE FUNCTION tj_session_ok(p_user text, p_session_version integer, p_role "Role") RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM tj_session_user(p_user, p_session_version) s WHERE s.role = p_role)
$$;

-- An expert skips their claimed (or lapsed) assignment. Outcomes: unauthorized, skipped, not_claimed.
CREATE FUNCTION tj_skip(p_user text, p_session_version integer, p_assignment text, p_reason text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_a record;
BEGIN
  IF p_session_version IS NOT NULL AND NOT tj_session_ok(p_user, p_session_version, 'EXPERT') THEN
    RETURN 'unauthorized';
  END IF;
  SELECT a."userId", a.status::text AS status INTO v_a FROM "Assignment" a WHERE a.id = p_assignment FOR UPDATE;
  IF NOT FOUND OR v_a."userId" <> p_user OR v_a.status NOT IN ('CLAIMED', 'EXPIRED') THEN
    RETURN 'not_claimed';
  END IF;
  PERFORM tj_move_assignment(p_assignment, 'SKIPPED');
  UPDATE "Assignment" SET "skipReason" = left(btrim(p_reason), 500) WHERE id = p_assignment;
  RETURN 'skipped';
END $$;

-- An admin takes a claim back; the slot returns to the pool. Outcomes: released, not_claimed.
CREATE FUNCTION tj_release(p_admin text, p_assignment text, p_audit_id text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
BEGIN
  SELECT a.status::text INTO v_status FROM "Assignment" a WHERE a.id = p_assignment FOR UPDATE;
  IF NOT FOUND OR v_status <> 'CLAIMED' THEN
    RETURN 'not_claimed';
  END IF;
  PERFORM tj_move_assignment(p_assignment, 'RELEASED');
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId") VALUES (p_audit_id, p_admin, 'assignment.release', 'Assignment', p_assignment);
  RETURN 'released';
END $$;

-- An admin gives a claimed slot to another expert of the destination: the old claim is released and
-- the same slot claimed for them, with a fresh lease. Outcomes: reassigned, not_claimed,
-- no_destination (the expert does not have the pair's destination), had_pair (they had it before).
CREATE FUNCTION tj_reassign(
  p_admin text, p_assignment text, p_to_user text, p_left_is_a boolean, p_lease_end timestamptz, p_new_id text, p_audit_id text
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_a record;
BEGIN
  SELECT a."pairId", a.slot, a.status::text AS status, p."planAId", p."planBId", q."destinationId" INTO v_a
    FROM "Assignment" a JOIN "Pair" p ON p.id = a."pairId" JOIN "Query" q ON q.id = p."queryId"
   WHERE a.id = p_assignment FOR UPDATE OF a, p;
  IF NOT FOUND OR v_a.status <> 'CLAIMED' THEN
    RETURN 'not_claimed';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "ExpertDestination" ed WHERE ed."userId" = p_to_user AND ed."destinationId" = v_a."destinationId") THEN
    RETURN 'no_destination';
  END IF;
  IF EXISTS (SELECT 1 FROM "Assignment" m WHERE m."pairId" = v_a."pairId" AND m."userId" = p_to_user) THEN
    RETURN 'had_pair';
  END IF;
  PERFORM tj_move_assignment(p_assignment, 'RELEASED');
  INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt")
    VALUES (p_new_id, v_a."pairId", p_to_user, v_a.slot, 'CLAIMED', CASE WHEN p_left_is_a THEN v_a."planAId" ELSE v_a."planBId" END, p_lease_end);
  UPDATE "Pair" SET "claimedCount" = "claimedCount" + 1 WHERE id = v_a."pairId";
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'assignment.reassign', 'Assignment', p_assignment, jsonb_build_object('to', p_to_user, 'newAssignment', p_new_id));
  RETURN 'reassigned';
END $$;

-- Raters per pair for a dataset's pairs: never below the live claims and judgments a pair already has;
-- pairs complete or reopen accordingly. The analytics tallies are rebuilt once rather than row by row.
-- Returns the pairs changed.
CREATE FUNCTION tj_set_required_raters(p_admin text, p_dataset text, p_raters integer, p_audit_id text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer;
BEGIN
  PERFORM tj_bulk_pairs_begin();
  UPDATE "Pair" p SET "requiredRaters" = GREATEST(p_raters, p."claimedCount" + p."submittedCount"),
    status = (CASE WHEN p."submittedCount" >= GREATEST(p_raters, p."claimedCount" + p."submittedCount") THEN 'COMPLETE' ELSE 'OPEN' END)::"PairStatus"
    FROM "Query" q WHERE q.id = p."queryId" AND q."datasetId" = p_dataset;
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  PERFORM tj_bulk_pairs_end();
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'dataset.raters', 'Dataset', p_dataset, jsonb_build_object('raters', p_raters));
  RETURN v_changed;
END $$;

-- A complete pair gets one more rater (an admin's answer to a 1-1-1 split): it reopens for one more
-- slot. Outcomes: reopened, not_complete.
CREATE FUNCTION tj_extra_rater(p_admin text, p_pair text, p_audit_id text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Pair" SET "requiredRaters" = "requiredRaters" + 1, status = 'OPEN' WHERE id = p_pair AND status = 'COMPLETE';
  IF NOT FOUND THEN
    RETURN 'not_complete';
  END IF;
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId") VALUES (p_audit_id, p_admin, 'pair.extra-rater', 'Pair', p_pair);
  RETURN 'reopened';
END $$;
