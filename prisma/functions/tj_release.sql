-- tj_release, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- An admin takes a claim back; the slot returns to the pool. Outcomes: released, not_claimed.
CREATE OR REPLACE FUNCTION tj_release(p_admin text, p_assignment text, p_audit_id text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_a record;
BEGIN
  SELECT a.status::text AS status, a."userId", a."pairId" INTO v_a FROM "Assignment" a WHERE a.id = p_assignment FOR UPDATE;
  IF NOT FOUND OR v_a.status <> 'CLAIMED' THEN
    RETURN 'not_claimed';
  END IF;
  PERFORM tj_move_assignment(p_assignment, 'RELEASED');
  -- The audit log shows who held the slot and what became of it (before → after).
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'assignment.release', 'Assignment', p_assignment,
            jsonb_build_object('pair', v_a."pairId", 'before', jsonb_build_object('status', 'CLAIMED', 'expert', v_a."userId"),
                               'after', jsonb_build_object('status', 'RELEASED', 'expert', NULL)));
  RETURN 'released';
END $$;
