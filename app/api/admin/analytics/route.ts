import { NextResponse } from "next/server";
import { z } from "zod";
import { analyticsReport } from "@/lib/agreement/tallies";
import {
  adaptiveCalibration,
  analyticsTallies,
  expertMedianSeconds,
  judgmentDays,
  ratedPairs,
  skipsByExpert,
} from "@/lib/db/analytics";
import { db } from "@/lib/db/client";
import { adminFigures, withRole } from "@/lib/server/api";

/**
 * Agreement overall, per destination and per dataset (bootstrap 95 % intervals), confusion per slot pair,
 * experts, progress: from the tallies the database keeps, so the cost does not grow with the judgments
 * (docs/decisions/008); reloads share one computation for a few seconds (adminFigures).
 */
export const GET = withRole("ADMIN", async (req) => {
  const { minShared } = z
    .object({ minShared: z.coerce.number().int().min(1).max(10_000).default(5) })
    .parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json(
    await adminFigures(`analytics:${minShared}`, async () => {
      const [tallies, widePairs, medianSeconds, skips, days, adaptive] = await Promise.all([
        analyticsTallies(db()),
        ratedPairs(db(), { wideOnly: true }),
        expertMedianSeconds(db()),
        skipsByExpert(db()),
        judgmentDays(db()),
        adaptiveCalibration(db()),
      ]);
      return { ...analyticsReport({ ...tallies, widePairs, medianSeconds, skips, days }, minShared), adaptive };
    }),
  );
});
