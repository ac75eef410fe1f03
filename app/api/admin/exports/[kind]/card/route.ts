import { NextResponse } from "next/server";
import { z } from "zod";
import { groupStatsOfTallies, patternCounts } from "@/lib/agreement/tallies";
import { analyticsTallies, ratedPairs } from "@/lib/db/analytics";
import { db } from "@/lib/db/client";
import { exportCount } from "@/lib/db/export-counts";
import { currentWeights } from "@/lib/db/fits";
import {
  EXPORT_KINDS,
  EXPORT_SCHEMA_VERSION,
  exportQuery,
  filtersOf,
  type ExportKind,
  type ExportQuery,
} from "@/lib/export/kinds";
import { ADMIN_FIGURES, recent } from "@/lib/cache";
import { config } from "@/lib/config";
import { withRole } from "@/lib/server/api";

const kindParams = z.object({ kind: z.enum(EXPORT_KINDS) });

/** The machine-readable dataset card of an export: counts, agreement, filters, time, schema version. */
export const GET = withRole("ADMIN", { params: kindParams }, async (req, { params: { kind } }) => {
  const q = exportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  // Shared by reloads for a few seconds, like the other admin figures; `exported_at` says when it was made.
  const { result, computedAt } = await recent(
    `${ADMIN_FIGURES}card:${kind}:${JSON.stringify(q)}`,
    config().ADMIN_FIGURES_MAX_AGE_SECONDS * 1000,
    () => card(kind, q),
  );
  return NextResponse.json({ ...result, exported_at: computedAt.toISOString() });
});

async function card(kind: ExportKind, q: ExportQuery) {
  const filters = filtersOf(q);
  const inScope = (r: { datasetId?: string; destinationId?: string }) =>
    (!q.dataset || r.datasetId === q.dataset) && (!q.destination || r.destinationId === q.destination);
  const [records, tallies, wide, inUse] = await Promise.all([
    exportCount(db(), kind, filters),
    analyticsTallies(db()),
    ratedPairs(db(), { wideOnly: true }),
    kind === "training-pairs" ? currentWeights(db()) : null,
  ]);
  // Agreement over the complete pairs the dataset and destination filters select.
  const agreement = groupStatsOfTallies(patternCounts(tallies.agreement, inScope).counts, wide.filter(inScope), 0);
  return {
    kind,
    schema_version: EXPORT_SCHEMA_VERSION,
    filters: q,
    records,
    agreement: {
      pairs: agreement.items,
      fleiss_kappa: agreement.fleiss.value,
      light_kappa: agreement.light.value,
      krippendorff_alpha: agreement.krippendorff.value,
      pairwise_agreement: agreement.pairwise.value,
      all_agree: agreement.allAgree.value,
    },
    ...(inUse
      ? { reward_weights: { ...inUse.weights, source: inUse.adoption?.note ?? "TripScore's published defaults" } }
      : {}),
  };
}
