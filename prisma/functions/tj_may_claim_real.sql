-- tj_may_claim_real: whether an expert's standing lets them take real pairs (decision 009). Active experts
-- may; paused ones and those whose qualification failed may not; a qualifying expert may only while no
-- qualification set exists for them: none begun, and no gold pair that could be served to them
-- (tj_gold_candidates).
CREATE OR REPLACE FUNCTION tj_may_claim_real(p_user text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE u.standing
    WHEN 'ACTIVE' THEN true
    WHEN 'QUALIFYING' THEN NOT EXISTS (SELECT 1 FROM "GoldAnswer" x WHERE x."userId" = u.id AND x.purpose = 'QUALIFICATION')
      AND NOT EXISTS (SELECT 1 FROM tj_gold_candidates(u.id, NULL))
    ELSE false
  END
  FROM "User" u WHERE u.id = p_user
$$;
