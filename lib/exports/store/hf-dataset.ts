/**
 * `tripjudge export hf-dataset`: the preference pairs, the SFT rows and the raw judgments of one scope written as a
 * dataset repository (lib/exports/hf-dataset.ts), with a card whose figures come from the same snapshot's tallies.
 * Dawid–Skene is fitted once and shared by every pass that needs its soft labels.
 */
import { groupStatsOfTallies, patternCounts } from "../../results/agreement";
import { col } from "../parquet";
import { checkOutDir, datasetCard, writeConfig, type HfCardFacts, type HfConfig } from "../hf-dataset";
import { parquetColumns } from "../kinds";
import type { PreferenceOptions } from "../preference";
import type { ExportFilters } from "../records";
import { checkSftOptions } from "../sft";
import { AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";
import { analyticsTallies, ratedPairs } from "../../results/store";
import {
  judgmentRecords,
  labelledPairRecords,
  localSoftLabels,
  preferencePairRecords,
  scopeProblem,
  sftRecords,
  type SoftLabelSource,
} from "./exports";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export interface HfDatasetResult {
  dir: string;
  configs: HfCardFacts["configs"];
}

/** Writes the repository into `dir` (new or empty). `o.target` is trl or openai: the shape of both trainer configurations. */
export async function writeHfDataset(
  db: Db,
  dir: string,
  f: ExportFilters,
  o: PreferenceOptions,
  meta: { version: string; now?: Date },
): Promise<HfDatasetResult> {
  const refusal =
    checkSftOptions({ ...o, withMetadata: false }) ?? (await scopeProblem(db, f)) ?? (await checkOutDir(dir));
  if (refusal) throw new AppError("invalid_request", refusal);
  await mkdir(dir, { recursive: true });
  // One Dawid–Skene fit for the whole repository: localSoftLabels fits on first use and keeps the model.
  const soft = localSoftLabels(db);
  // The trainer's keys, and for TRL the metadata columns too (its trainers ignore them; OpenAI's refuse them).
  const trainer: PreferenceOptions = { ...o, withMetadata: o.target === "trl" };
  const leftOut: Record<string, number> = {};
  const requestsPerSplit: Record<string, number> = {};
  const counting = firstPassOnly();
  const configs: HfConfig[] = [
    {
      name: "preference_pairs",
      folder: "data",
      columns: parquetColumns("preference-pairs", { preference: trainer }),
      rows: async function* () {
        let split = "";
        const count = counting("preference");
        const rows = preferencePairRecords(db, f, trainer, soft, (_q, s, _n, skipped) => {
          split = s;
          if (skipped && count) leftOut[PAIR_SKIPS[skipped]] = (leftOut[PAIR_SKIPS[skipped]] ?? 0) + 1;
        });
        for await (const row of rows) yield { split, row };
      },
    },
    {
      name: "sft",
      folder: "sft",
      columns: parquetColumns("sft", { preference: trainer }),
      rows: async function* () {
        let split = "";
        const count = counting("sft");
        const rows = sftRecords(db, f, trainer, (_q, s, skipped) => {
          split = s;
          if (!count) return;
          requestsPerSplit[s] = (requestsPerSplit[s] ?? 0) + 1;
          if (skipped) leftOut[REQUEST_SKIPS] = (leftOut[REQUEST_SKIPS] ?? 0) + 1;
        });
        for await (const row of rows) yield { split, row };
      },
    },
    {
      name: "judgments",
      folder: "judgments",
      columns: { ...parquetColumns("judgments"), split: col.string() },
      rows: async function* () {
        for await (const row of judgmentRecords(db, { ...f, completeOnly: true }, { splits: o }))
          yield { split: row.split!, row: row as unknown as Record<string, unknown> };
      },
    },
  ];
  const written: HfCardFacts["configs"] = [];
  for (const c of configs) written.push({ name: c.name, folder: c.folder, splits: await writeConfig(dir, c) });
  const facts: HfCardFacts = {
    ...(await scopeFacts(db, f, soft)),
    version: meta.version,
    exportedAt: (meta.now ?? new Date()).toISOString(),
    filters: {
      dataset: f.datasetId,
      destination: f.destinationId,
      from: f.from?.toISOString().slice(0, 10),
      to: f.to ? new Date(f.to.getTime() - 1).toISOString().slice(0, 10) : undefined,
      target: o.target,
      prompt: o.prompt,
      min_agreement: o.minAgreement,
      split: o.ownSplitFirst
        ? "the dataset's own, else " + o.split.map((s) => `${s.name}=${s.share}`).join(",")
        : o.split.map((s) => `${s.name}=${s.share}`).join(","),
      seed: o.seed,
      label_source: f.labelSource ?? "experts",
    },
    labelSource: f.labelSource ?? "experts",
    configs: written,
    requestsPerSplit,
    leftOut,
    target: o.target,
  };
  await writeFile(path.join(dir, "README.md"), datasetCard(facts), { flag: "wx" });
  return { dir, configs: written };
}

const PAIR_SKIPS = {
  unlabelled: "pairs without a label (1-1-1, not adjudicated)",
  not_unanimous: "pairs not unanimous (--min-agreement 3)",
  neither: "pairs labelled Neither",
} as const;
const REQUEST_SKIPS = "requests without one preferred plan (no SFT row)";

/** Each configuration is read once to count its splits and once per split: its tallies count the first pass only. */
function firstPassOnly() {
  const seen = new Set<string>();
  return (name: string) => !seen.has(name) && Boolean(seen.add(name));
}

/** The card's facts about the scope: its datasets, their protocol, agreement and Dawid–Skene against the majority. */
async function scopeFacts(
  db: Db,
  f: ExportFilters,
  soft: SoftLabelSource,
): Promise<Pick<HfCardFacts, "title" | "license" | "protocol" | "agreement" | "dawidSkene">> {
  const { rows: datasets } = await poolOf(db).query<{
    name: string;
    license: string | null;
    strength: boolean;
    dimensions: { name: string }[] | null;
    raters: number[] | null;
  }>(
    `SELECT ds.name, ds.license, ds."preferenceStrength" AS strength, ds.dimensions,
            (SELECT array_agg(DISTINCT p."requiredRaters") FROM "Pair" p JOIN "Query" q ON q.id = p."queryId"
              WHERE q."datasetId" = ds.id AND p.status = 'COMPLETE') AS raters
       FROM "Dataset" ds
      WHERE ($1::text IS NULL OR ds.id = $1)
        -- Only datasets with a complete pair in scope name the card: an empty one adds nothing to its rows.
        AND EXISTS (SELECT 1 FROM "Query" q JOIN "Pair" p ON p."queryId" = q.id
                     WHERE q."datasetId" = ds.id AND p.status = 'COMPLETE'
                       AND ($2::text IS NULL OR q."destinationId" = $2))
      ORDER BY ds.name`,
    [f.datasetId ?? null, f.destinationId ?? null],
  );
  const licenses = [...new Set(datasets.map((d) => d.license))];
  const inScope = (r: { datasetId?: string; destinationId?: string }) =>
    (!f.datasetId || r.datasetId === f.datasetId) && (!f.destinationId || r.destinationId === f.destinationId);
  const [tallies, wide] = await Promise.all([analyticsTallies(db), ratedPairs(db, { wideOnly: true })]);
  const g = groupStatsOfTallies(patternCounts(tallies.agreement, inScope).counts, wide.filter(inScope), 1000);
  let pairs = 0;
  let differ = 0;
  for await (const l of labelledPairRecords(db, f, soft)) {
    if (l.label_basis !== "majority" || !l.ds_label) continue;
    pairs++;
    if (l.ds_label !== l.label) differ++;
  }
  const stat = (s: { value: number | null; ci: { lo: number; hi: number; replicates: number } | null }) => ({
    value: s.value,
    ci: s.ci,
  });
  return {
    title: `TripJudge expert preferences: ${datasets.map((d) => d.name).join(", ") || "no dataset"}`,
    // A licence only when every dataset in the scope names the same one.
    license: licenses.length === 1 ? licenses[0] : null,
    protocol: {
      raters: datasets.flatMap((d) => d.raters ?? []),
      strength: datasets.some((d) => d.strength),
      dimensions: [...new Set(datasets.flatMap((d) => (d.dimensions ?? []).map((x) => x.name)))],
    },
    agreement: {
      pairs: g.items,
      fleiss: stat(g.fleiss),
      krippendorff: stat(g.krippendorff),
      pairwise: stat(g.pairwise),
      allAgree: stat(g.allAgree),
    },
    dawidSkene: { pairs, differ },
  };
}
