/** Plans' style covariates for style control, read for a batch of plans. */
import { planStyle, type PlanStyle } from "../leaderboard";
import { itinerarySchema } from "../../datasets";
import { poolOf, type Db } from "../../platform/db";

/**
 * Adds to `styles` the covariates of the plans it lacks: as kept, else from the itinerary (read only then), which is
 * then kept for the next leaderboard (plans stored before the covariates were written at import).
 */
export async function readPlanStyles(db: Db, ids: Iterable<string>, styles: Map<string, PlanStyle>) {
  const missing = [...new Set(ids)].filter((id) => !styles.has(id));
  if (!missing.length) return;
  const { rows: plans } = await poolOf(db).query<{ id: string; style: PlanStyle | null; itinerary: unknown }>(
    `SELECT id, style, CASE WHEN style IS NULL THEN itinerary END AS itinerary FROM "Plan" WHERE id = ANY($1::text[])`,
    [missing],
  );
  const fresh: { id: string; style: PlanStyle }[] = [];
  for (const p of plans) {
    const style = p.style ?? planStyle(itinerarySchema.parse(p.itinerary));
    if (!p.style) fresh.push({ id: p.id, style });
    styles.set(p.id, style);
  }
  if (fresh.length)
    await poolOf(db).query(
      `UPDATE "Plan" p SET style = s.style FROM unnest($1::text[], $2::jsonb[]) s(id, style) WHERE p.id = s.id AND p.style IS NULL`,
      [fresh.map((f) => f.id), fresh.map((f) => JSON.stringify(f.style))],
    );
}
