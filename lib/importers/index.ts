/**
 * From bundle files to a validated, feature-annotated dataset — or the full list of problems.
 * Nothing is written here; lib/db/datasets.ts writes the result in one transaction.
 */
import { pairsOf, type NormalizedDataset, type NormalizedPlan, type NormalizedQuery } from "../dataset/normalized";
import { computeFeatures } from "../features";
import type { PoiFacts } from "../features/rules";
import { readBundle, type BundleFiles, type BundleFormat } from "./bundle";
import { canonical } from "./formats/canonical";
import { chinatravel } from "./formats/chinatravel";
import type { FormatContext, FormatModule } from "./formats/context";
import { tripcraft } from "./formats/tripcraft";
import { tripscore } from "./formats/tripscore";
import { Destinations, PlaceIndex } from "./places";
import { Problems, type ImportProblem } from "./problems";

export const FORMATS: Record<BundleFormat, FormatModule> = { tripscore, chinatravel, tripcraft, canonical };

export interface ImportOptions {
  maxBytes?: number;
  /** Leave plans that fail the format or commonsense gate out of pairing (they are still imported). */
  excludeInfeasible?: boolean;
}

export type ParseResult = { ok: true; dataset: NormalizedDataset; requiredRaters: number } | { ok: false; problems: ImportProblem[]; truncated: boolean };

export function parseBundle(files: BundleFiles, opts: ImportOptions = {}): ParseResult {
  const problems = new Problems();
  const records = readBundle(files, problems, opts.maxBytes);
  if (!records) return { ok: false, problems: problems.list, truncated: problems.truncated };
  const { manifest } = records;
  const destinations = new Destinations(manifest);
  const places = new PlaceIndex(records.pois, destinations, problems);
  const ctx: FormatContext = { places, destinations, problems, transports: records.transports };
  const format = FORMATS[manifest.format];

  const queries = new Map<string, NormalizedQuery>();
  for (const r of records.queries) {
    const q = format.query(r, ctx);
    if (!q) continue;
    if (queries.has(q.sourceId)) problems.add(r.file, r.record, "$", `duplicate query id "${q.sourceId}"`);
    else queries.set(q.sourceId, q);
  }
  // Requests carried by plan records (several planners' records of one request carry it each): the first wins.
  if (format.embeddedQuery) {
    for (const r of records.plans) {
      const value = format.embeddedQuery(r.value);
      if (!value || queries.has(String(value.id))) continue;
      const q = format.query({ ...r, value }, ctx);
      if (q) queries.set(q.sourceId, q);
    }
  }
  // When the queries themselves have problems, plans of the broken ones are not reported again.
  const queriesClean = !problems.list.some((p) => p.file.startsWith("queries"));
  const plans = new Map<string, NormalizedPlan>();
  for (const r of records.plans) {
    const qid = format.planQueryId(r.value);
    const query = qid ? queries.get(qid) : undefined;
    if (!query) {
      if (!qid || queriesClean) problems.add(r.file, r.record, "$", qid ? `unknown query "${qid}"` : "the plan does not name its query");
      continue;
    }
    const plan = format.plan(r, query, ctx);
    // The source object is no longer needed (the plan keeps its own copy as raw): let it go.
    (r as { value: unknown }).value = null;
    if (!plan) continue;
    if (plans.has(plan.sourceId)) problems.add(r.file, r.record, "$.id", `duplicate plan id "${plan.sourceId}"`);
    else plans.set(plan.sourceId, plan);
  }
  let listed: [string, string][] | null = null;
  if (manifest.pairs === "listed") {
    listed = [];
    const seen = new Set<string>();
    for (const r of records.pairs) {
      const v = r.value as { a?: unknown; b?: unknown } | null;
      const a = String(v?.a ?? ""), b = String(v?.b ?? "");
      const pa = plans.get(a), pb = plans.get(b);
      if (!pa || !pb) problems.add(r.file, r.record, !pa ? "$.a" : "$.b", `unknown plan "${!pa ? a : b}"`);
      else if (a === b) problems.add(r.file, r.record, "$", "a pair needs two different plans");
      else if (pa.query !== pb.query) problems.add(r.file, r.record, "$", `plans "${a}" and "${b}" answer different queries`);
      else if (seen.has([a, b].sort().join("|"))) problems.add(r.file, r.record, "$", `duplicate pair ${a} / ${b}`);
      else {
        seen.add([a, b].sort().join("|"));
        listed.push([a, b]);
      }
    }
  }
  if (!problems.ok) return { ok: false, problems: problems.list, truncated: problems.truncated };

  const facts = new Map<string, PoiFacts>(places.pois.map((p) => [p.sourceId, p]));
  const poiOf = (id: string) => facts.get(id) ?? null;
  for (const plan of plans.values()) {
    const q = queries.get(plan.query)!;
    const report = computeFeatures(plan.itinerary, q, poiOf);
    plan.features = report.features;
    plan.violations = report.violations;
    plan.feasible = report.features.format > 0 && report.features.commonsense > 0;
  }
  const dataset: NormalizedDataset = {
    name: manifest.name,
    format: manifest.format.toUpperCase() as NormalizedDataset["format"],
    destinations: manifest.destinations.map((d) => ({ key: d.name, name: d.name, country: d.country, lat: d.lat, lon: d.lon })),
    pois: places.pois,
    queries: [...queries.values()],
    plans: [...plans.values()],
    pairs: listed,
  };
  if (opts.excludeInfeasible) {
    const feasible = (id: string) => plans.get(id)?.feasible !== false;
    dataset.pairs = pairsOf(dataset).filter(([a, b]) => feasible(a) && feasible(b));
  }
  return { ok: true, dataset, requiredRaters: manifest.requiredRaters };
}
