import { NextResponse } from "next/server";
import { z } from "zod";
import { scopeProblem } from "@/lib/exports/store";
import { judgeInScope, judgesInScope } from "@/lib/results/store";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { offload } from "@/lib/platform/offload";
import { leaderboardBootstrapQuery, leaderboardFilters, leaderboardScopeQuery } from "@/lib/results/http";
import { adminFigures } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

const query = leaderboardScopeQuery.extend({
  ...leaderboardBootstrapQuery.shape,
  style: z.enum(["0", "1"]).default("0"),
  /** An uploaded judge with verdicts in scope: experts only beside experts + this judge (prediction-powered). */
  judge: z.string().trim().min(1).max(120).optional(),
  /** The comparison's intervals: the sandwich, or the bootstrap's `bootstrap` replicates resampling requests. */
  intervals: z.enum(["sandwich", "bootstrap"]).default("sandwich"),
});

/**
 * Planner ratings with query-bootstrap intervals, the win table and left-side wins (lib/results/leaderboard/), and with
 * a judge the prediction-powered comparison, computed off the event loop; reloads share one computation.
 */
export const GET = withRole("ADMIN", async (req) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const filters = leaderboardFilters(q);
  // A dataset or destination that does not exist is a mistake to say, not an empty leaderboard (as the exports do).
  const scope = await scopeProblem(db(), filters);
  if (scope) throw new AppError("not_found", `No leaderboard: ${scope}.`);
  if (q.judge) {
    if (q.dimension)
      throw new AppError(
        "invalid_request",
        "A judge's verdicts are overall verdicts: compare with a judge on the overall verdict, not a dimension.",
      );
    if (!(await judgeInScope(db(), filters, q.judge))) {
      const judges = await judgesInScope(db(), filters);
      throw new AppError(
        "not_found",
        `No judge "${q.judge}" has verdicts on pairs in this scope (${judges.length ? `judges here: ${judges.slice(0, 10).join(", ")}${judges.length > 10 ? ", …" : ""}` : "no judge has any here"}).`,
      );
    }
  }
  // The comparison's intervals mean nothing without a judge: one stored leaderboard either way.
  const key = q.judge ? q : { ...q, intervals: undefined };
  return NextResponse.json(
    await adminFigures(
      `leaderboard:${JSON.stringify(key)}`,
      (progress) =>
        offload("leaderboard", {
          filters,
          opts: {
            style: q.style === "1",
            bootstrap: q.bootstrap,
            seed: q.seed,
            judge: q.judge ?? null,
            intervals: q.intervals,
          },
          progress,
        }),
      "heavy",
    ),
  );
});
