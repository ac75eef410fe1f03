-- tj_qualification_decided: a qualifying expert's set is decided (lib/quality/store/gold-judging.ts counts, lib/quality/gold/qualification.ts
-- decides with the pass mark): ACTIVE or QUALIFICATION_FAILED with its note, the gold test starting afresh, and an audit event.
-- Returns false when the expert was no longer qualifying (decided by a parallel call, or an admin).
CREATE OR REPLACE FUNCTION tj_qualification_decided(p_user text, p_passed boolean, p_note text, p_right integer, p_answered integer, p_audit_id text)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "User" SET standing = CASE WHEN p_passed THEN 'ACTIVE' ELSE 'QUALIFICATION_FAILED' END::"Standing", "standingNote" = p_note,
         "standingChangedAt" = now(), "goldSince" = now()
   WHERE id = p_user AND standing = 'QUALIFYING';
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, NULL, CASE WHEN p_passed THEN 'expert.qualify' ELSE 'expert.qualification_failed' END, 'User', p_user,
            jsonb_build_object('right', p_right, 'n', p_answered, 'before', jsonb_build_object('standing', 'QUALIFYING'),
              'after', jsonb_build_object('standing', CASE WHEN p_passed THEN 'ACTIVE' ELSE 'QUALIFICATION_FAILED' END)));
  RETURN true;
END $$;
