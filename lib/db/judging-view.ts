/**
 * What an expert sees of an assignment: the request and the two plans as left and right —
 * never model names, plan ids or A/B identity. Diagnostics only where the dataset allows.
 */
import type { PlanFeatures } from "../features";
import type { Itinerary } from "../itinerary/model";
import { poolOf, type Db } from "./client";
import { UserError } from "./users";

export interface PlanView {
  itinerary: Itinerary;
  /** Stored plan features and gate violations; only where the dataset shows diagnostics to experts. */
  diagnostics: (PlanFeatures & { violations?: string[] }) | null;
}

export interface AssignmentView {
  assignmentId: string;
  /** Opaque; lets an expert's tooling and the tests tell pairs apart. Reveals nothing about the plans. */
  pairId: string;
  leaseExpiresAt: string;
  expired: boolean;
  query: {
    /** For the constraint editor's link; it says nothing about the plans. */
    id: string;
    text: string;
    origin: string | null;
    destination: { name: string; country: string; lat: number; lon: number };
    days: number;
    people: number;
    startDate: string | null;
    preferences: Record<string, unknown>;
  };
  left: PlanView;
  right: PlanView;
}

/**
 * The view as JSON text, built by PostgreSQL in one query and passed through untouched: the two
 * itineraries are the bulk of every claim response, and parsing and re-serializing them per request
 * would cost the server more than the query itself.
 */
export async function assignmentViewJson(db: Db, assignmentId: string, userId: string): Promise<string> {
  const { rows } = await poolOf(db).query<{ view: string; userId: string; status: string }>({ name: "tj_assignment_view", text: `SELECT json_build_object(
        'assignmentId', a.id, 'pairId', a."pairId",
        'leaseExpiresAt', to_char(a."leaseExpiresAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'expired', (a.status = 'EXPIRED' OR a."leaseExpiresAt" < now()),
        'query', json_build_object('id', q.id, 'text', q.text, 'origin', q.origin, 'days', q.days, 'people', q.people, 'startDate', q."startDate",
                   'preferences', q.preferences, 'destination', json_build_object('name', d.name, 'country', d.country, 'lat', d.lat, 'lon', d.lon)),
        'left', json_build_object('itinerary', l.itinerary, 'diagnostics', CASE WHEN ds."showDiagnostics" THEN l.features END),
        'right', json_build_object('itinerary', r.itinerary, 'diagnostics', CASE WHEN ds."showDiagnostics" THEN r.features END)
      )::text AS view, a."userId", a.status
     FROM "Assignment" a
     JOIN "Pair" p ON p.id = a."pairId"
     JOIN "Query" q ON q.id = p."queryId"
     JOIN "Destination" d ON d.id = q."destinationId"
     JOIN "Dataset" ds ON ds.id = q."datasetId"
     JOIN "Plan" l ON l.id = a."leftPlanId"
     JOIN "Plan" r ON r.id = CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END
     WHERE a.id = $1`, values: [assignmentId] },
  );
  const row = rows[0];
  if (!row || row.userId !== userId) throw new UserError("This pair is not assigned to you.", 404);
  if (row.status !== "CLAIMED" && row.status !== "EXPIRED") throw new UserError("This pair is no longer open for you (submitted, skipped or released).", 410);
  return row.view;
}
