-- tj_gold_pause: the gold test paused an active expert (lib/quality/reliability/pause.ts decided): standing and note,
-- an audit event, and every pair they hold given back at once (real claims released to other experts through
-- tj_release, gold answers released). Returns false when the expert was no longer active.
CREATE OR REPLACE FUNCTION tj_gold_pause(p_user text, p_note text, p_gold integer, p_audit_id text)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "User" SET standing = 'PAUSED', "standingNote" = p_note, "standingChangedAt" = now() WHERE id = p_user AND standing = 'ACTIVE';
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, NULL, 'expert.pause', 'User', p_user, jsonb_build_object('reason', p_note, 'gold', p_gold,
            'before', jsonb_build_object('standing', 'ACTIVE'), 'after', jsonb_build_object('standing', 'PAUSED')));
  PERFORM tj_release(NULL, a.id, gen_random_uuid()::text) FROM "Assignment" a WHERE a."userId" = p_user AND a.status = 'CLAIMED';
  UPDATE "GoldAnswer" SET status = 'RELEASED', "completedAt" = now() WHERE "userId" = p_user AND status = 'CLAIMED';
  RETURN true;
END $$;
