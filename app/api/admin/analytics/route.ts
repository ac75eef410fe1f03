import { NextResponse } from "next/server";
import { z } from "zod";
import { analyticsReport } from "@/lib/agreement/tallies";
import { analyticsTallies, expertMedianSeconds, judgmentDays, ratedPairs, skipsByExpert } from "@/lib/db/analytics";
import { db } from "@/lib/db/client";
import { withRole } from "@/lib/server/api";
import { ADMIN_FIGURES, recent } from "@/lib/cache";
import { config } from "@/lib/config";

/**
 * Agreement overall, per destination and per dataset (bootstrap 95 % intervals), confusion per slot pair,
 * experts, progress: from the tallies the database keeps, so the cost does not grow with the judgments.
 *
 * An admin reloading the page in a loop must not take the cores from experts judging: within
 * ANALYTICS_MAX_AGE_SECONDS every reload shares one computation (the answer says when it was made).
 */
export const GET = withRole("ADMIN", async (req) => {
  const { minShared } = z.object({ minShared: z.coerce.number().int().min(1).max(10_000).default(5) }).parse(Object.fromEntries(new URL(req.url).searchParams));
  const { result, computedAt } = await recent(`${ADMIN_FIGURES}analytics:${minShared}`, config().ANALYTICS_MAX_AGE_SECONDS * 1000, async () => {
    const [tallies, widePairs, medianSeconds, skips, days] = await Promise.all([
      analyticsTallies(db()), ratedPairs(db(), { wideOnly: true }), expertMedianSeconds(db()), skipsByExpert(db()), judgmentDays(db()),
    ]);
    return analyticsReport({ ...tallies, widePairs, medianSeconds, skips, days }, minShared);
  });
  return NextResponse.json({ ...result, computedAt: computedAt.toISOString() });
});
