-- tj_set_standing: an admin's decision on an expert's standing (resume, pass, fail, requalify), in one
-- statement: the standing and its note, the pause test started afresh, a requalifying expert's earlier
-- qualification answers dropped, and — unless the expert is active again — every pair they hold given back
-- at once (real claims released through tj_move_assignment, gold answers released). Decision 009.
-- Returns how many real claims were released; -1 when p_user is no expert.
CREATE OR REPLACE FUNCTION tj_set_standing(p_admin text, p_user text, p_to "Standing", p_note text, p_action text, p_audit_id text)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_from "Standing";
  v_released integer := 0;
  v_a record;
BEGIN
  SELECT u.standing INTO v_from FROM "User" u WHERE u.id = p_user AND u.role = 'EXPERT' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN -1;
  END IF;
  UPDATE "User" SET standing = p_to, "standingNote" = p_note, "standingChangedAt" = now(), "goldSince" = now() WHERE id = p_user;
  IF p_action = 'requalify' THEN
    DELETE FROM "GoldAnswer" WHERE "userId" = p_user AND purpose = 'QUALIFICATION';
  END IF;
  IF p_to <> 'ACTIVE' THEN
    FOR v_a IN SELECT a.id FROM "Assignment" a WHERE a."userId" = p_user AND a.status = 'CLAIMED' ORDER BY a."pairId" FOR UPDATE LOOP
      PERFORM tj_move_assignment(v_a.id, 'RELEASED');
      v_released := v_released + 1;
    END LOOP;
    UPDATE "GoldAnswer" SET status = 'RELEASED', "completedAt" = now() WHERE "userId" = p_user AND status = 'CLAIMED';
  END IF;
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'expert.' || p_action, 'User', p_user, jsonb_build_object('from', v_from, 'released', v_released,
            'before', jsonb_build_object('standing', v_from), 'after', jsonb_build_object('standing', p_to, 'note', p_note)));
  RETURN v_released;
END $$;
