/**
 * The importers' entry point: `streamBundle` (a bundle through the stages read, parse, validate, features and
 * write to a sink, in ./stream.ts), the sinks that keep nothing or everything, `parseBundle` for small bundles in
 * memory, and the refused import every caller reports.
 */
import type { DatasetCounts, NormalizedDataset, NormalizedPlan, NormalizedPoi, NormalizedQuery } from "../normalized";
import {
  formatProblem,
  ImportRefused,
  refusedFor,
  refusedImport,
  type ImportProblem,
  type RefusedImport,
} from "./problems";
import { memorySource, type BundleFiles } from "./source";
import {
  FORMATS,
  ImportCancelled,
  streamBundle,
  type DatasetHeader,
  type DatasetSink,
  type ImportOptions,
  type ImportProgress,
  type StreamResult,
} from "./stream";

export {
  FORMATS,
  ImportCancelled,
  streamBundle,
  type DatasetHeader,
  type DatasetSink,
  type ImportOptions,
  type ImportProgress,
  type StreamResult,
};
export { encodePlan, type EncodedPlan } from "./encoded";
export { addedPlanId, noPairsNote, requestTextKey, type PairShape } from "./pairing";
export { formatProblem, ImportRefused, refusedFor, refusedImport, type ImportProblem, type RefusedImport };

/** Keeps nothing: validation only (`tripjudge validate`). */
export class DiscardingSink implements DatasetSink {
  async begin() {}
  async pois() {}
  async queries() {}
  async plans() {}
  async encodedPlans() {}
  async pairs() {}
  async commit() {}
  async abort() {}
}

/** Collects a streamed dataset in memory: for small bundles (a single plan, the demo, tests). */
export class CollectingSink implements DatasetSink {
  readonly collected: Omit<NormalizedDataset, "name" | "format" | "destinations"> & { pairs: [string, string][] } = {
    pois: [],
    queries: [],
    plans: [],
    pairs: [],
  };
  async begin() {}
  async pois(p: NormalizedPoi[]) {
    for (const x of p) this.collected.pois.push(x);
  }
  async queries(q: NormalizedQuery[]) {
    for (const x of q) this.collected.queries.push(x);
  }
  async plans(p: NormalizedPlan[]) {
    for (const x of p) this.collected.plans.push(x);
  }
  async pairs(p: [string, string][]) {
    for (const x of p) this.collected.pairs.push(x);
  }
  async commit() {}
  async abort() {}
}

export type ParseResult =
  { ok: true; dataset: NormalizedDataset; requiredRaters: number; counts: DatasetCounts } | RefusedImport;

/** A small bundle held in memory → the whole dataset in memory (ImportRefused for a bundle that cannot be read at all). */
export async function parseBundle(files: BundleFiles, opts: ImportOptions = {}): Promise<ParseResult> {
  const sink = new CollectingSink();
  const r = await streamBundle(memorySource(files, opts.maxBytes), sink, opts);
  if (!r.ok) return r;
  const { name, format, destinations, requiredRaters } = r.header;
  return { ok: true, dataset: { name, format, destinations, ...sink.collected }, requiredRaters, counts: r.counts };
}

// The entry point: what callers outside lib/datasets/importers/ use of its other modules.
export { textFiles } from "./bundle";
export { progressPrinter, progressText, progressView, type ProgressView } from "./import-progress";
export {
  detectFormat,
  featuresOfPlan,
  type PlanFormat,
  type SinglePlanInput,
  type SinglePlanReport,
} from "./single-plan";
export * from "./source";
// TripCraft's point_of_interest_list as the importer reads it: corrections write it back (lib/corrections).
export { parsePoiList, type PoiVisit } from "../formats/tripcraft";
