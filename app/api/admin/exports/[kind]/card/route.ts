import { NextResponse } from "next/server";
import { z } from "zod";
import { groupStats } from "@/lib/agreement/report";
import { ratedPairs } from "@/lib/db/analytics";
import { db } from "@/lib/db/client";
import { EXPORT_KINDS, EXPORT_SCHEMA_VERSION, exportQuery } from "@/lib/export/kinds";
import { records } from "@/lib/db/exports";
import { currentWeights } from "@/lib/db/fits";
import { withRole } from "@/lib/server/api";

/** The machine-readable dataset card of an export: counts, agreement, filters, time, schema version. */
export const GET = withRole("ADMIN", async (req, { params }: { params: Promise<{ kind: string }> }) => {
  const kind = z.enum(EXPORT_KINDS).parse((await params).kind);
  const q = exportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const filters = { datasetId: q.dataset, destinationId: q.destination, from: q.from, to: q.to, completeOnly: q.complete === "1", finalOnly: q.final === "1" };
  let count = 0;
  const it = records(kind, db(), filters);
  while (!(await it.next()).done) count++;
  // Agreement over the complete pairs the dataset and destination filters select.
  const pairs = (await ratedPairs(db())).filter((p) => (!q.dataset || p.datasetId === q.dataset) && (!q.destination || p.destinationId === q.destination));
  const agreement = groupStats(pairs, 0);
  const inUse = kind === "training-pairs" ? await currentWeights(db()) : null;
  return NextResponse.json({
    kind, schema_version: EXPORT_SCHEMA_VERSION, exported_at: new Date().toISOString(), filters: q, records: count,
    agreement: { pairs: agreement.items, fleiss_kappa: agreement.fleiss.value, light_kappa: agreement.light.value, krippendorff_alpha: agreement.krippendorff.value, pairwise_agreement: agreement.pairwise.value, all_agree: agreement.allAgree.value },
    ...(inUse ? { reward_weights: { ...inUse.weights, source: inUse.adoption?.note ?? "TripScore's published defaults" } } : {}),
  });
});
