-- tj_pair_draw, as in force. This file is its only definition from now on (migration 20261123145027_adaptive_raters last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Where a pair falls in [0, 1): the first 32 bits of the md5 of its id (lib/judging/assignment/adaptive.ts computes the same).
CREATE OR REPLACE FUNCTION tj_pair_draw(p_id text) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT (('x' || substr(md5(p_id), 1, 8))::bit(32)::bigint)::double precision / 4294967296.0
$$;
