-- tj_skip, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/db/infra/migrate.ts applies it after the versioned migrations whenever it changes.
-- An expert skips their claimed (or lapsed) assignment. Outcomes: unauthorized, skipped, not_claimed.
CREATE OR REPLACE FUNCTION tj_skip(p_user text, p_session_version integer, p_assignment text, p_reason text) RETURNS text LANGUAGE plpgsql AS $$
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
