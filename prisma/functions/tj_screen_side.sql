-- tj_screen_side: the screen side a verdict chose — 'left' or 'right', NULL for Neither — given whether plan A was on
-- the left (ExpertTally's leftChoices in tj_tally_pair and tj_rebuild_tallies). Mirrors lib/judging/verdict/ sideOf
-- (lib/judging/verdict/sql-mirror.itest.ts); PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION tj_screen_side(p_verdict "Verdict", p_left_is_a boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_verdict = 'NEITHER' THEN NULL WHEN (p_verdict = 'A') = p_left_is_a THEN 'left' ELSE 'right' END
$$;
