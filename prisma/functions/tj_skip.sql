-- tj_skip, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- An expert skips their claimed (or lapsed) assignment. Outcomes: unauthorized, not_active, not_yours (as tj_submit
-- answers another expert's assignment: 404 alike), not_claimed, skipped; checked in tj_gold_skip's order.
CREATE OR REPLACE FUNCTION tj_skip(p_user text, p_session_version integer, p_assignment text, p_reason text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_a record;
BEGIN
  IF p_session_version IS NOT NULL AND NOT tj_session_ok(p_user, p_session_version, 'EXPERT') THEN
    RETURN 'unauthorized';
  END IF;
  IF EXISTS (SELECT 1 FROM "User" u WHERE u.id = p_user AND u.standing IN ('PAUSED', 'QUALIFICATION_FAILED')) THEN
    RETURN 'not_active';
  END IF;
  SELECT a."userId", a.status::text AS status INTO v_a FROM "Assignment" a WHERE a.id = p_assignment FOR UPDATE;
  IF NOT FOUND OR v_a."userId" <> p_user THEN
    RETURN 'not_yours';
  END IF;
  IF v_a.status NOT IN ('CLAIMED', 'EXPIRED') THEN
    RETURN 'not_claimed';
  END IF;
  PERFORM tj_move_assignment(p_assignment, 'SKIPPED');
  UPDATE "Assignment" SET "skipReason" = left(btrim(p_reason), 500) WHERE id = p_assignment;
  RETURN 'skipped';
END $$;
