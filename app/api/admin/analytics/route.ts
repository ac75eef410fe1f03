import { NextResponse } from "next/server";
import { z } from "zod";
import { analyticsReport, scaleAgreements } from "@/lib/agreement";
import {
  adaptiveCalibration,
  analyticsTallies,
  expertMedianSeconds,
  judgmentDays,
  ratedPairs,
  scaleTallies,
  skipsByExpert,
} from "@/lib/db/results/analytics";
import { db } from "@/lib/db/infra/client";
import { adminFigures, withRole } from "@/lib/server/api";

/**
 * Agreement overall, per destination and per dataset (bootstrap 95 % intervals), confusion per slot pair,
 * experts, progress, and per dimension and for the signed preference: from the tallies the database keeps, so the cost does not grow with the judgments
 * (docs/decisions/008); reloads share one computation for a few seconds (adminFigures).
 */
export const GET = withRole("ADMIN", async (req) => {
  const { minShared } = z
    .object({ minShared: z.coerce.number().int().min(1).max(10_000).default(5) })
    .parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json(
    await adminFigures(`analytics:${minShared}`, async () => {
      const [tallies, widePairs, medianSeconds, skips, days, adaptive, scales] = await Promise.all([
        analyticsTallies(db()),
        ratedPairs(db(), { wideOnly: true }),
        expertMedianSeconds(db()),
        skipsByExpert(db()),
        judgmentDays(db()),
        adaptiveCalibration(db()),
        scaleTallies(db()),
      ]);
      return {
        ...analyticsReport({ ...tallies, widePairs, medianSeconds, skips, days }, minShared),
        adaptive,
        // Per dataset: the signed preference (with strength on) and each dimension, on their ordered scale.
        scales: scaleAgreements(scales.rows, scales.datasets),
      };
    }),
  );
});
