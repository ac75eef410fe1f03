/**
 * TripCraft's Ordering Score per planner, against the experts' verified corrections as reference plans: for each
 * request with a verified correction, every imported plan of the request (corrections themselves left out) is
 * scored against each verified correction of it; a planner's figure is the mean over its plans.
 */
import { orderingScore, verificationState } from "..";
import type { Itinerary } from "../../datasets";
import { poolOf, type Db } from "../../platform/db";

export interface PlannerOrdering {
  model: string;
  plans: number;
  requests: number;
  mean: number;
}

export async function orderingByPlanner(db: Db, datasetId: string | null): Promise<PlannerOrdering[]> {
  const pool = poolOf(db);
  const { rows: refs } = await pool.query<{
    query_id: string;
    itinerary: string;
    raters: number | null;
    a: number;
    b: number;
    n: number;
  }>(
    `SELECT cor."queryId" AS query_id, min(cor.itinerary::text) AS itinerary, vp."requiredRaters" AS raters,
            count(j.id) FILTER (WHERE j.verdict = 'A')::int AS a, count(j.id) FILTER (WHERE j.verdict = 'B')::int AS b,
            count(j.id) FILTER (WHERE j.verdict = 'NEITHER')::int AS n
       FROM "Correction" c JOIN "Plan" cor ON cor.id = c."planId" JOIN "Query" q ON q.id = cor."queryId"
       LEFT JOIN "Pair" vp ON vp.id = c."verificationPairId" LEFT JOIN "Judgment" j ON j."pairId" = vp.id
      WHERE ($1::text IS NULL OR q."datasetId" = $1)
      GROUP BY c.id, cor."queryId", vp."requiredRaters"`,
    [datasetId],
  );
  const references = new Map<string, Itinerary[]>();
  for (const r of refs)
    if (
      verificationState({ votes: { corrected: r.a, original: r.b, neither: r.n }, raters: r.raters ?? 2 }) ===
      "verified"
    )
      references.set(r.query_id, [...(references.get(r.query_id) ?? []), JSON.parse(r.itinerary) as Itinerary]);
  if (!references.size) return [];
  const { rows: plans } = await pool.query<{ query_id: string; model: string; itinerary: Itinerary }>(
    `SELECT p."queryId" AS query_id, p.model, p.itinerary FROM "Plan" p
      WHERE p."queryId" = ANY($1) AND NOT EXISTS (SELECT 1 FROM "Correction" c WHERE c."planId" = p.id)`,
    [[...references.keys()]],
  );
  const by = new Map<string, { sum: number; plans: number; requests: Set<string> }>();
  for (const p of plans) {
    const refsOf = references.get(p.query_id)!;
    const score = refsOf.reduce((s, ref) => s + orderingScore(p.itinerary, ref), 0) / refsOf.length;
    const e = by.get(p.model) ?? { sum: 0, plans: 0, requests: new Set<string>() };
    e.sum += score;
    e.plans++;
    e.requests.add(p.query_id);
    by.set(p.model, e);
  }
  return [...by]
    .map(([model, e]) => ({ model, plans: e.plans, requests: e.requests.size, mean: e.sum / e.plans }))
    .sort((x, y) => y.mean - x.mean || x.model.localeCompare(y.model));
}
