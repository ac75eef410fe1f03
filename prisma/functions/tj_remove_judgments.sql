-- tj_remove_judgments: an admin removes every judgment of one expert (after seeing the effect on agreement),
-- in one statement. Locks are taken in the order a submit takes them — the expert's assignments, then their
-- pairs (in id order), then the tally tables in the order a completing submit touches them (the judgment's day
-- first, then the pair's tallies; LOCK TABLE takes its list one by one) — so no submit can hold one of them
-- while waiting for another this holds. Each of the expert's submitted and claimed assignments is released through tj_move_assignment (the
-- pairs' counters follow), complete pairs reopen and, when they still have their raters, complete again (the
-- triggers take their tallies back and count them anew), adjudications of those pairs go, the judgments are
-- deleted, and the expert is paused, so they claim nothing until an admin resumes them.
CREATE OR REPLACE FUNCTION tj_remove_judgments(p_admin text, p_user text, p_audit_id text, OUT o_judgments integer, OUT o_pairs integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids text[];
  v_a record;
BEGIN
  PERFORM 1 FROM "Assignment" a WHERE a."userId" = p_user AND a.status IN ('SUBMITTED', 'CLAIMED') ORDER BY a.id FOR UPDATE;
  SELECT coalesce(array_agg(p.id ORDER BY p.id), '{}') INTO v_ids FROM (
    SELECT p.id FROM "Pair" p WHERE p.id IN (SELECT j."pairId" FROM "Judgment" j WHERE j."userId" = p_user) ORDER BY p.id FOR UPDATE
  ) p;
  LOCK TABLE "JudgmentDayTally", "AgreementTally", "ExpertTally", "ExpertPairTally" IN EXCLUSIVE MODE;
  o_pairs := cardinality(v_ids);
  -- Complete pairs reopen first (the trigger takes back their tallies with every judgment still there) …
  UPDATE "Pair" SET status = 'OPEN' WHERE id = ANY(v_ids) AND status = 'COMPLETE';
  DELETE FROM "Adjudication" WHERE "pairId" = ANY(v_ids);
  FOR v_a IN SELECT a.id FROM "Assignment" a WHERE a."userId" = p_user AND a.status IN ('SUBMITTED', 'CLAIMED') ORDER BY a."pairId" FOR UPDATE LOOP
    PERFORM tj_move_assignment(v_a.id, 'RELEASED');
  END LOOP;
  DELETE FROM "Judgment" WHERE "userId" = p_user;
  GET DIAGNOSTICS o_judgments = ROW_COUNT;
  -- … and those that still have their raters (a fourth was asked) complete again, counted with what is left.
  UPDATE "Pair" SET status = 'COMPLETE' WHERE id = ANY(v_ids) AND status = 'OPEN' AND "submittedCount" >= "requiredRaters";
  UPDATE "GoldAnswer" SET status = 'RELEASED', "completedAt" = now() WHERE "userId" = p_user AND status = 'CLAIMED';
  UPDATE "User" SET standing = 'PAUSED', "standingNote" = 'judgments removed by an admin', "standingChangedAt" = now(), "goldSince" = now()
   WHERE id = p_user AND role = 'EXPERT';
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'expert.remove_judgments', 'User', p_user, jsonb_build_object('judgments', o_judgments, 'pairs', o_pairs));
END $$;
