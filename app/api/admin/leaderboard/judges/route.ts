import { NextResponse } from "next/server";
import { scopeProblem } from "@/lib/exports/store";
import { judgesInScope } from "@/lib/results/store";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { withRole } from "@/lib/platform/next";
import { leaderboardFilters, leaderboardScopeQuery } from "@/lib/results/http";

// A judge's verdicts are overall verdicts: the judges offered do not depend on a dimension.
const query = leaderboardScopeQuery.omit({ dimension: true });

/**
 * The uploaded judges with verdicts on pairs in scope: one short query, read apart from the stored leaderboard so a
 * judge just uploaded is offered at once, while the figures are still being recomputed.
 */
export const GET = withRole("ADMIN", async (req) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const filters = leaderboardFilters(q);
  const scope = await scopeProblem(db(), filters);
  if (scope) throw new AppError("not_found", `No judges: ${scope}.`);
  return NextResponse.json({ judges: await judgesInScope(db(), filters) });
});
