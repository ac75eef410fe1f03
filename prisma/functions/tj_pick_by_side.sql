-- tj_pick_by_side: of a value given for both screen arrangements, the one for the side the assignment showed. A submit
-- sends the verdict (and the dimension answers) a choice means with plan A on the left and with plan B on the left
-- (lib/judging/verdict/ verdictsBySide); tj_submit and tj_gold_submit store the one this picks. Mirrors lib/judging/verdict/
-- verdictFromSide (lib/judging/verdict/sql-mirror.itest.ts); PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION tj_pick_by_side(p_left_is_a boolean, p_if_left_is_a anyelement, p_if_left_is_b anyelement)
RETURNS anyelement LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_left_is_a THEN p_if_left_is_a ELSE p_if_left_is_b END
$$;
