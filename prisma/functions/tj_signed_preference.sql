-- tj_signed_preference: a verdict's signed preference, −3…+3 with negative = A better: A with strength s is −s, B +s,
-- Neither 0; NULL for A or B without a strength. The tallies' ScaleTally (tj_tally_pair, tj_rebuild_tallies) and the
-- leaderboard's mean signed preference (lib/results/store/leaderboard.ts) read it. Mirrors lib/judging/verdict/ signedPreference
-- (lib/judging/verdict/sql-mirror.itest.ts); PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION tj_signed_preference(p_verdict "Verdict", p_strength integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_verdict WHEN 'NEITHER' THEN 0 WHEN 'A' THEN -p_strength WHEN 'B' THEN p_strength END
$$;
