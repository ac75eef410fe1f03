import { NextResponse } from "next/server";
import { z } from "zod";
import { groupStatsOfTallies, patternCounts } from "@/lib/results/agreement";
import { analyticsTallies, ratedPairs, currentWeights } from "@/lib/results/store";
import { db } from "@/lib/platform/db";
import { exportCount, judgeCount, scopeProblem, correctionCount, pairsCard } from "@/lib/exports/store";
import { AppError, ADMIN_FIGURES, recent, config } from "@/lib/kernel";
import {
  EXPORT_KINDS,
  EXPORT_SCHEMA_VERSION,
  exportQuery,
  optionsOf,
  filtersOf,
  pairFilterRefusal,
  type ExportKind,
  type ExportQuery,
} from "@/lib/exports";
import { withRole } from "@/lib/platform/next";
import { offload } from "@/lib/platform/offload";

const kindParams = z.object({ kind: z.enum(EXPORT_KINDS) });

/** The machine-readable dataset card of an export: counts, agreement, filters, time, schema version. */
export const GET = withRole("ADMIN", { params: kindParams }, async (req, { params: { kind } }) => {
  const q = exportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const refusal = pairFilterRefusal(kind, q);
  if (refusal) throw new AppError("invalid_request", refusal);
  const scope = await scopeProblem(db(), filtersOf(q));
  if (scope) throw new AppError("not_found", `No card: ${scope}.`);
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
  // Preference pairs and SFT rows are counted by one pass over them in an admin process (their labels, splits and
  // what is left out follow the options); the other kinds by the database.
  const trainer = { filters, options: optionsOf(q).preference! };
  const preference =
    kind === "preference-pairs"
      ? await offload("preferenceCard", trainer)
      : kind === "sft"
        ? await offload("sftCard", trainer)
        : null;
  // The records a judge's decisions label (label_source=all); preference pairs and SFT rows count theirs in their pass.
  const judged = q.label_source === "all" && !preference ? judgeCount(db(), kind, filters) : 0;
  const [records, tallies, wide, inUse, judge, pairs] = await Promise.all([
    preference
      ? preference.rows
      : kind === "corrections"
        ? correctionCount(db(), filters, q.as, trainer.options)
        : exportCount(db(), kind, filters),
    analyticsTallies(db()),
    ratedPairs(db(), { wideOnly: true }),
    kind === "training-pairs" ? currentWeights(db()) : null,
    judged,
    kind === "pairs" ? pairsCard(db(), filters) : null,
  ]);
  // Agreement over the complete pairs the dataset and destination filters select.
  const agreement = groupStatsOfTallies(patternCounts(tallies.agreement, inScope).counts, wide.filter(inScope), 0);
  return {
    kind,
    schema_version: EXPORT_SCHEMA_VERSION,
    filters: q,
    records,
    // Where the records' labels come from (annotations and pairs carry none; an uploaded judge's battles are its own).
    ...(kind === "annotations" || kind === "pairs"
      ? {}
      : q.judge
        ? { label_sources: { experts: 0, judge: records } }
        : { label_sources: preference ? preference.label_sources : { experts: records - judge, judge } }),
    // Pairs: the records by state, and the gold pairs left out (they are not pairs of the dataset's queue).
    ...(pairs
      ? {
          statuses: pairs.statuses,
          left_out: pairs.left_out,
          note: "Gold pairs (qualification and check pairs with a known answer) are not pairs of the dataset's queue and are not exported.",
        }
      : {}),
    ...(preference
      ? {
          splits: preference.splits,
          left_out: preference.left_out,
          ...("margin" in preference && preference.margin ? { margin: preference.margin } : {}),
          // Splits are by request (a seeded hash of its id, or the dataset's own split field).
          no_request_crosses_splits: true,
        }
      : {}),
    agreement: {
      pairs: agreement.items,
      fleiss_kappa: agreement.fleiss.value,
      light_kappa: agreement.light.value,
      krippendorff_alpha: agreement.krippendorff.value,
      pairwise_agreement: agreement.pairwise.value,
      all_agree: agreement.allAgree.value,
      // From the tallies, which hold whole datasets and destinations: a pair filter narrows the records, not these.
      ...(q.pair_filter ? { over: "the dataset and destination filters (not the pair filter)" } : {}),
    },
    ...(inUse
      ? { reward_weights: { ...inUse.weights, source: inUse.adoption?.note ?? "TripScore's published defaults" } }
      : {}),
  };
}
