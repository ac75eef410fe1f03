-- tj_may_claim_real: whether an expert's standing lets them take real pairs (decision 009). Active experts
-- may; paused ones and those whose qualification failed may not; a qualifying expert may only while no
-- qualification set exists for them: none begun, and no active gold pair of their destinations they could be
-- given (the same rule as lib/db/gold-judging.ts's candidate query).
CREATE OR REPLACE FUNCTION tj_may_claim_real(p_user text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE u.standing
    WHEN 'ACTIVE' THEN true
    WHEN 'QUALIFYING' THEN NOT EXISTS (SELECT 1 FROM "GoldAnswer" x WHERE x."userId" = u.id AND x.purpose = 'QUALIFICATION')
      AND NOT EXISTS (
        SELECT 1 FROM "GoldPair" g JOIN "ExpertDestination" e ON e."destinationId" = g."destinationId" AND e."userId" = u.id
          JOIN "Dataset" ds ON ds.id = g."datasetId"
         WHERE g.active
           AND (NOT ds."showDiagnostics" OR g."planBId" IS NOT NULL
                OR EXISTS (SELECT 1 FROM "Plan" pa WHERE pa.id = g."planAId" AND (pa.features::jsonb -> 'violations') IS NOT DISTINCT FROM (g."alteredFeatures"::jsonb -> 'violations')))
           AND NOT EXISTS (SELECT 1 FROM "GoldAnswer" y WHERE y."goldPairId" = g.id AND y."userId" = u.id)
           AND (g."sourcePairId" IS NULL OR NOT EXISTS (SELECT 1 FROM "Assignment" z WHERE z."pairId" = g."sourcePairId" AND z."userId" = u.id)))
    ELSE false
  END
  FROM "User" u WHERE u.id = p_user
$$;
