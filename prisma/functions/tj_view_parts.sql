-- tj_view_parts, as in force. This file is its only definition from now on (migration 20261123010000_judging_functions_replayable last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- What an expert sees of an assignment, except the itineraries themselves (immutable, cached by
-- the app): the request, the lease, which plan is on which side, diagnostics where shown.
CREATE OR REPLACE FUNCTION tj_view_parts(p_assignment text)
RETURNS TABLE (user_id text, status text, head text, left_plan_id text, right_plan_id text, left_diagnostics text, right_diagnostics text)
LANGUAGE sql STABLE AS $$
  SELECT a."userId", a.status::text,
    json_build_object(
      'assignmentId', a.id, 'pairId', a."pairId",
      'leaseExpiresAt', to_char(a."leaseExpiresAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'expired', (a.status = 'EXPIRED' OR a."leaseExpiresAt" < now()),
      'askStrength', ds."preferenceStrength",
      -- The dimensions asked, without which automatic check each is compared with (nothing to anchor on).
      'dimensions', (SELECT coalesce(json_agg(e - 'signal' ORDER BY n), '[]'::json) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ds.dimensions) = 'array' THEN ds.dimensions ELSE '[]'::jsonb END) WITH ORDINALITY x(e, n)),
      'query', json_build_object('id', q.id, 'text', q.text, 'origin', q.origin, 'days', q.days, 'people', q.people, 'startDate', q."startDate",
                 'preferences', q.preferences, 'destination', json_build_object('name', d.name, 'country', d.country, 'lat', d.lat, 'lon', d.lon))
    )::text,
    a."leftPlanId",
    CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END,
    CASE WHEN ds."showDiagnostics" THEN l.features::text END,
    CASE WHEN ds."showDiagnostics" THEN r.features::text END
  FROM "Assignment" a
  JOIN "Pair" p ON p.id = a."pairId"
  JOIN "Query" q ON q.id = p."queryId"
  JOIN "Destination" d ON d.id = q."destinationId"
  JOIN "Dataset" ds ON ds.id = q."datasetId"
  JOIN "Plan" l ON l.id = a."leftPlanId"
  JOIN "Plan" r ON r.id = CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END
  WHERE a.id = p_assignment
$$;
