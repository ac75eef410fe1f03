import { NextResponse } from "next/server";
import { z } from "zod";
import { scopeProblem } from "@/lib/exports/store";
import { getSettings } from "@/lib/judging/store";
import { AppError } from "@/lib/kernel";
import { db } from "@/lib/platform/db";
import { adminFigures } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";
import { offload } from "@/lib/platform/offload";
import { leaderboardBootstrapQuery, leaderboardFilters, leaderboardScopeQuery } from "@/lib/results/http";

const query = leaderboardScopeQuery.extend({
  /** The page's bootstrap: the half-widths are those of the table it computes. */
  ...leaderboardBootstrapQuery.shape,
  /** The widest planner's 95 % half-width to get under, in rating points (Elo scale). */
  target: z.coerce
    .number()
    .positive("the target half-width must be above 0 rating points")
    .max(10_000, "the target half-width must be at most 10,000 rating points")
    .default(25),
});

/**
 * The expert judgments the serving order still needs, from the pairs waiting, until the widest planner's 95 %
 * half-width in the leaderboard's table (its bootstrap with these replicates and seed) is under the target
 * (lib/results/leaderboard/needed.ts): a projection, computed off the event loop.
 */
export const GET = withRole("ADMIN", async (req) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const filters = leaderboardFilters(q);
  const scope = await scopeProblem(db(), filters);
  if (scope) throw new AppError("not_found", `No projection: ${scope}.`);
  // The claim's order follows the judging settings (closest to completion first, or oldest first).
  const { queueOrder } = await getSettings(db());
  return NextResponse.json(
    await adminFigures(
      `leaderboard-needed:${JSON.stringify({ ...q, queueOrder })}`,
      (progress) =>
        offload("leaderboardNeeded", {
          filters,
          opts: { target: q.target, queueOrder, bootstrap: q.bootstrap, seed: q.seed },
          progress,
        }),
      "heavy",
    ),
  );
});
