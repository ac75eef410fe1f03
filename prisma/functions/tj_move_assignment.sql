-- tj_move_assignment, as in force. This file is its only definition from now on (migration 20261123010000_judging_functions_replayable last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Moves an assignment (locked by the caller) to another status, keeping its pair's counters in
-- step: a live claim leaves claimedCount, a submit joins submittedCount and may complete the pair, and a submitted
-- assignment moved elsewhere (RELEASED, REJECTED) leaves submittedCount.
-- (plpgsql rather than sql: its plans stay cached for the session on every PostgreSQL version.)
CREATE OR REPLACE FUNCTION tj_move_assignment(p_assignment text, p_to "AssignmentStatus") RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_pair text;
  v_was "AssignmentStatus";
  v_submitted integer;
BEGIN
  SELECT a."pairId", a.status INTO v_pair, v_was FROM "Assignment" a WHERE a.id = p_assignment;
  -- A submit joins the count; a submitted assignment taken back (an expert's judgments removed: RELEASED; a reviewer
  -- rejected its judgment: REJECTED, tj_review_reject) leaves it, and its pair is open again unless it still has its raters.
  v_submitted := (CASE WHEN p_to = 'SUBMITTED' THEN 1 ELSE 0 END) - (CASE WHEN v_was = 'SUBMITTED' AND p_to <> 'SUBMITTED' THEN 1 ELSE 0 END);
  UPDATE "Assignment" SET status = p_to, "completedAt" = now() WHERE id = p_assignment;
  UPDATE "Pair" p SET
    "claimedCount" = GREATEST(0, p."claimedCount" - (CASE WHEN v_was = 'CLAIMED' THEN 1 ELSE 0 END)),
    "submittedCount" = GREATEST(0, p."submittedCount" + v_submitted),
    status = (CASE WHEN p."submittedCount" + v_submitted >= p."requiredRaters" THEN 'COMPLETE'
                   WHEN v_submitted < 0 THEN 'OPEN'
                   ELSE p.status END)::"PairStatus"
  WHERE p.id = v_pair;
END $$;
