-- tj_audit_append_only: the audit log ("AuditEvent") is written once and never changed or removed (issue 47, part 4);
-- lib/platform/db/migrate.ts applies this file after the versioned migrations whenever it changes. The triggers are
-- made here, after their function exists (a fresh database runs every migration before any function file), as
-- tj_query_dsl_stage does. The one change let through is the foreign key's own: when an account is deleted its
-- events keep everything but the actor (ON DELETE SET NULL); the account must really be gone and nothing else move.
CREATE OR REPLACE FUNCTION tj_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD."actorId" IS NOT NULL AND NEW."actorId" IS NULL
       AND NOT EXISTS (SELECT 1 FROM "User" WHERE id = OLD."actorId")
       AND (NEW.id, NEW.action, NEW."targetType", NEW."targetId", NEW.data, NEW."createdAt")
           IS NOT DISTINCT FROM (OLD.id, OLD.action, OLD."targetType", OLD."targetId", OLD.data, OLD."createdAt") THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: % of "AuditEvent" is refused.', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

DROP TRIGGER IF EXISTS tj_audit_append_only ON "AuditEvent";
CREATE TRIGGER tj_audit_append_only BEFORE UPDATE OR DELETE ON "AuditEvent"
  FOR EACH ROW EXECUTE FUNCTION tj_audit_append_only();
DROP TRIGGER IF EXISTS tj_audit_no_truncate ON "AuditEvent";
CREATE TRIGGER tj_audit_no_truncate BEFORE TRUNCATE ON "AuditEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION tj_audit_append_only();
