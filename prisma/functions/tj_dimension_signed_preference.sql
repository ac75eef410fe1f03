-- tj_dimension_signed_preference: a dimension answer's signed preference ({"v": "A"|"B"|"SAME"|"NA", "s"?: 1..3}, in
-- the pair's A/B terms): A −s, B +s (a side without a strength counts 1), SAME 0, NA or no answer NULL. The tallies'
-- ScaleTally (tj_tally_pair, tj_rebuild_tallies) and the leaderboard's mean signed preference read it. Mirrors
-- lib/judging/verdict/ dimensionSignedPreference (lib/judging/verdict/sql-mirror.itest.ts); PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION tj_dimension_signed_preference(p_answer jsonb) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_answer ->> 'v'
           WHEN 'SAME' THEN 0
           WHEN 'A' THEN -coalesce((p_answer ->> 's')::integer, 1)
           WHEN 'B' THEN coalesce((p_answer ->> 's')::integer, 1)
         END
$$;
