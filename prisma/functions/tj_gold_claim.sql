-- tj_gold_claim: gives an expert a gold pair (a qualification pair, or an admin's test): the answer's id, or
-- NULL when they had it already (a parallel claim). tj_next gives checking gold pairs itself.
CREATE OR REPLACE FUNCTION tj_gold_claim(p_user text, p_gold_pair text, p_purpose "GoldPurpose", p_left_is_a boolean, p_lease_end timestamptz, p_new_id text)
RETURNS text LANGUAGE sql AS $$
  INSERT INTO "GoldAnswer" (id, "goldPairId", "userId", purpose, "leftIsA", "leaseExpiresAt")
  VALUES (p_new_id, p_gold_pair, p_user, p_purpose, p_left_is_a, p_lease_end)
  ON CONFLICT ("goldPairId", "userId") DO NOTHING RETURNING id
$$;
