-- tj_extra_rater, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- A complete pair gets one more rater (an admin's answer to a 1-1-1 split): it reopens for one more
-- slot. Outcomes: reopened, not_complete.
CREATE OR REPLACE FUNCTION tj_extra_rater(p_admin text, p_pair text, p_audit_id text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Pair" SET "requiredRaters" = "requiredRaters" + 1, status = 'OPEN' WHERE id = p_pair AND status = 'COMPLETE';
  IF NOT FOUND THEN
    RETURN 'not_complete';
  END IF;
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId") VALUES (p_audit_id, p_admin, 'pair.extra-rater', 'Pair', p_pair);
  RETURN 'reopened';
END $$;
