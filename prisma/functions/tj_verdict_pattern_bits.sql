-- tj_verdict_pattern_bits: what a verdict in slot 1..3 takes off the pattern of three empty slots (63). A pair's
-- verdictPattern (and its AgreementTally row) is 63 minus the sum over its slots: 2 bits a slot holding the label code
-- (tj_verdict_code), slot 1 highest, 3 where a slot has no verdict (tj_tally_pair, tj_rebuild_tallies). Mirrors
-- lib/judging/verdict/ verdictPattern (lib/judging/verdict/sql-mirror.itest.ts); PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION tj_verdict_pattern_bits(p_verdict "Verdict", p_slot integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (3 - tj_verdict_code(p_verdict)) << (2 * (3 - p_slot))
$$;
