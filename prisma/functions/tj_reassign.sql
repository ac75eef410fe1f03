-- tj_reassign, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- An admin gives a claimed slot to another expert of the destination: the old claim is released and
-- the same slot claimed for them, with a fresh lease. Outcomes: reassigned, not_claimed,
-- no_destination (the expert does not have the pair's destination), had_pair (they had it before).
CREATE OR REPLACE FUNCTION tj_reassign(
  p_admin text, p_assignment text, p_to_user text, p_left_is_a boolean, p_lease_end timestamptz, p_new_id text, p_audit_id text
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_a record;
BEGIN
  SELECT a."pairId", a."userId", a.slot, a.status::text AS status, p."planAId", p."planBId", q."destinationId" INTO v_a
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
    VALUES (p_audit_id, p_admin, 'assignment.reassign', 'Assignment', p_assignment, jsonb_build_object('to', p_to_user, 'newAssignment', p_new_id, 'pair', v_a."pairId",
            'before', jsonb_build_object('expert', v_a."userId"), 'after', jsonb_build_object('expert', p_to_user)));
  RETURN 'reassigned';
END $$;
