/** The filters every leaderboard read shares, in SQL over pairs p, plans pa and pb, requests q ($1–$4). */
import type { BattleFilters } from "./leaderboard";

const PASSES = (alias: string) =>
  `coalesce((${alias}.features->>'format')::int = 1 AND (${alias}.features->>'commonsense')::int = 1, false)`;

/** Dataset ($1), destination ($2), trip length ($3) and both gates passed ($4). */
export const SCOPE = `($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2) AND ($3::int IS NULL OR q.days = $3)
         AND (NOT $4::boolean OR (${PASSES("pa")} AND ${PASSES("pb")}))`;

/** $1–$4 of `SCOPE`. */
export const scopeValues = (f: BattleFilters) => [
  f.datasetId ?? null,
  f.destinationId ?? null,
  f.days ?? null,
  f.bothGates ?? false,
];
