/** The agreement page's answer (GET /api/admin/analytics), light or heavy by what the data needs. */
import { analyticsFigures, hasWidePairs } from "../store/analytics";
import { db } from "../../platform/db";
import { offload } from "../../platform/offload";
import { adminFigures } from "../../platform/http";

/**
 * From the tallies on this event loop while every complete pair has at most three ratings (milliseconds, decision
 * 008). Once one has an extra rater, the bootstrap draws every complete pair in each replicate (the same intervals as
 * ever, lib/results/agreement/classes.ts): seconds of CPU at 100,000 pairs, so then the figures are heavy ones, computed in an
 * admin process and stored (decision 017) — the page never holds the event loop that serves experts and health.
 */
export async function agreementFigures(minShared: number) {
  if (await hasWidePairs(db()))
    return adminFigures(`analytics-wide:${minShared}`, () => offload("analytics", { minShared }), "heavy");
  return adminFigures(`analytics:${minShared}`, () => analyticsFigures(db(), minShared));
}
