-- tj_gold_candidates: the gold pairs that may be served to an expert (decision 009), of their destinations (or
-- of p_destination only, when it is one of theirs): active, never had by them, not made from a real pair they
-- were given; with diagnostics shown, only a perturbation whose defect the diagnostics cannot tell from its
-- source (a new violation on the altered plan alone would give it away). The one definition of "servable":
-- tj_next and the qualification set draw from it, tj_may_claim_real and the waiting count count it.
CREATE OR REPLACE FUNCTION tj_gold_candidates(p_user text, p_destination text)
RETURNS TABLE (id text, destination_id text, rate double precision)
LANGUAGE sql STABLE AS $$
  SELECT g.id, g."destinationId", ds."goldRate"
    FROM "GoldPair" g JOIN "Dataset" ds ON ds.id = g."datasetId"
   WHERE g.active
     AND g."destinationId" IN (SELECT e."destinationId" FROM "ExpertDestination" e WHERE e."userId" = p_user)
     AND (p_destination IS NULL OR g."destinationId" = p_destination)
     AND (NOT ds."showDiagnostics" OR g."planBId" IS NOT NULL
          OR EXISTS (SELECT 1 FROM "Plan" pa WHERE pa.id = g."planAId" AND (pa.features::jsonb -> 'violations') IS NOT DISTINCT FROM (g."alteredFeatures"::jsonb -> 'violations')))
     AND NOT EXISTS (SELECT 1 FROM "GoldAnswer" x WHERE x."goldPairId" = g.id AND x."userId" = p_user)
     AND (g."sourcePairId" IS NULL OR NOT EXISTS (SELECT 1 FROM "Assignment" y WHERE y."pairId" = g."sourcePairId" AND y."userId" = p_user))
$$;
