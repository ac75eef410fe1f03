-- tj_gold_view_parts, as in force. This file is its only definition from now on (migration 20261123142314_quality_control last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- What an expert sees of a gold answer: built exactly as tj_view_parts builds a real assignment's view
-- (same keys, same order, same number and time formats), so that nothing in the answer tells them apart.
-- Plan B of a perturbation is the stored altered itinerary and its features; plan A is its partner (another
-- feasible plan of the request, so the two differ as a real pair's plans do), or its source for one made before
-- partners existed.
CREATE OR REPLACE FUNCTION tj_gold_view_parts(p_answer text)
RETURNS TABLE (user_id text, status text, purpose text, head text, left_text text, right_text text, left_diagnostics text, right_diagnostics text)
LANGUAGE sql STABLE AS $$
  SELECT a."userId", a.status::text, a.purpose::text,
    json_build_object(
      'assignmentId', a.id, 'pairId', g.id,
      'leaseExpiresAt', to_char(a."leaseExpiresAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'expired', (a.status = 'EXPIRED' OR a."leaseExpiresAt" < now()),
      'askStrength', ds."preferenceStrength",
      -- The dimensions asked, without which automatic check each is compared with (nothing to anchor on).
      'dimensions', (SELECT coalesce(json_agg(e - 'signal' ORDER BY n), '[]'::json) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ds.dimensions) = 'array' THEN ds.dimensions ELSE '[]'::jsonb END) WITH ORDINALITY x(e, n)),
      'query', json_build_object('id', q.id, 'text', q.text, 'origin', q.origin, 'days', q.days, 'people', q.people, 'startDate', q."startDate",
                 'preferences', q.preferences, 'destination', json_build_object('name', d.name, 'country', d.country, 'lat', d.lat, 'lon', d.lon))
    )::text,
    CASE WHEN a."leftIsA" THEN coalesce(pp.itinerary, pa.itinerary)::text ELSE coalesce(pb.itinerary::text, g.altered::text) END,
    CASE WHEN a."leftIsA" THEN coalesce(pb.itinerary::text, g.altered::text) ELSE coalesce(pp.itinerary, pa.itinerary)::text END,
    CASE WHEN ds."showDiagnostics" THEN (CASE WHEN a."leftIsA" THEN coalesce(pp.features, pa.features)::text ELSE coalesce(pb.features::text, g."alteredFeatures"::text) END) END,
    CASE WHEN ds."showDiagnostics" THEN (CASE WHEN a."leftIsA" THEN coalesce(pb.features::text, g."alteredFeatures"::text) ELSE coalesce(pp.features, pa.features)::text END) END
  FROM "GoldAnswer" a
  JOIN "GoldPair" g ON g.id = a."goldPairId"
  JOIN "Query" q ON q.id = g."queryId"
  JOIN "Destination" d ON d.id = q."destinationId"
  JOIN "Dataset" ds ON ds.id = g."datasetId"
  JOIN "Plan" pa ON pa.id = g."planAId"
  LEFT JOIN "Plan" pb ON pb.id = g."planBId"
  LEFT JOIN "Plan" pp ON pp.id = g."partnerPlanId"
  WHERE a.id = p_answer
$$;
