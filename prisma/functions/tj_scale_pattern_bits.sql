-- tj_scale_pattern_bits: what a value −3…+3 (a signed preference, NULL where none) in slot 1..3 takes off the pattern
-- of three empty slots (511). A pair's ScaleTally pattern is 511 minus the sum over its slots: 3 bits a slot holding
-- value + 3 (so A with strength s is 3 − s), slot 1 highest, 7 where a slot has no value (tj_tally_pair,
-- tj_rebuild_tallies). Mirrors lib/results/agreement/scaled.ts scalePatternOf with lib/judging/verdict/ signedIndex
-- (lib/judging/verdict/sql-mirror.itest.ts); PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION tj_scale_pattern_bits(p_value integer, p_slot integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (7 - coalesce(p_value + 3, 7)) << (3 * (3 - p_slot))
$$;
