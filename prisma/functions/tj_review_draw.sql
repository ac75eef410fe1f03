-- tj_review_draw: where a judgment falls in [0, 1) for the review sample (lib/review/settings.ts reviewDraw computes the
-- same): the first 32 bits of md5('review:' || its id), apart from tj_pair_draw's so the two samples are independent.
CREATE OR REPLACE FUNCTION tj_review_draw(p_id text) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT (('x' || substr(md5('review:' || p_id), 1, 8))::bit(32)::bigint)::double precision / 4294967296.0
$$;
