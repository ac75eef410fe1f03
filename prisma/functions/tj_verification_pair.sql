-- tj_verification_pair, as in force: the pair that verifies a correction (decision 012) — the corrected plan as A
-- against its source as B, with 2 raters (two of two) or 3 (two of three) — queued like any pair, and kept from its
-- corrector by a released placeholder assignment in slot 0 (no rater's slot; tj_claim never gives an expert a pair
-- they had). Called in the transaction that stores the correction. Returns the pair's id.
CREATE OR REPLACE FUNCTION tj_verification_pair(p_pair text, p_query text, p_corrected text, p_source text,
                                                p_raters int, p_corrector text, p_placeholder text)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF p_raters NOT IN (2, 3) THEN
    RAISE EXCEPTION 'a verification pair has 2 or 3 raters, not %', p_raters;
  END IF;
  INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", "requiredRaters") VALUES (p_pair, p_query, p_corrected, p_source, p_raters);
  INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt", "completedAt")
  VALUES (p_placeholder, p_pair, p_corrector, 0, 'RELEASED', p_corrected, now(), now());
  RETURN p_pair;
END $$;
