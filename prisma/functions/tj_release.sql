-- tj_release, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- An admin takes a claim back; the slot returns to the pool. Outcomes: released, not_claimed.
CREATE OR REPLACE FUNCTION tj_release(p_admin text, p_assignment text, p_audit_id text) RETURNS text LANGUAGE plpgsql AS $$
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
