/**
 * What every plan record is read against (the manifest's destinations, the POI table, the transports and the
 * requests), and the per-record stages that use it: parse (a plan record into the format's plan) and features.
 * The import's own thread and its plan threads (./plan-threads.ts) build the same references from the same
 * records, so a plan reads the same wherever it is read.
 */
import type { NormalizedDataset, NormalizedPlan, NormalizedQuery } from "../normalized";
import { computeFeatures, type PoiFacts } from "../../results/features";
import type { BundleFormat, Manifest, Part } from "./bundle";
import { canonical } from "../formats/canonical";
import { chinatravel } from "../formats/chinatravel";
import type { FormatContext, FormatModule } from "../formats/context";
import { tripcraft } from "../formats/tripcraft";
import { tripscore } from "../formats/tripscore";
import { Destinations, PlaceIndex } from "./places";
import type { Problems } from "./problems";
import type { SourceRecord } from "./records";

export const FORMATS: Record<BundleFormat, FormatModule> = { tripscore, chinatravel, tripcraft, canonical };

export interface DatasetHeader {
  name: string;
  format: NormalizedDataset["format"];
  destinations: NormalizedDataset["destinations"];
  requiredRaters: number;
  /** The manifest's pairing: every two plans of a request, or the listed pairs only. */
  pairs: "all" | "listed";
  license?: string;
}

/** The requests by source id, in the order they came (their number places a plan's pairs). */
export class QueryTable {
  private byId = new Map<string, { q: NormalizedQuery; n: number }>();
  constructor(
    private format: FormatModule,
    private ctx: FormatContext,
  ) {}
  get size() {
    return this.byId.size;
  }
  get(id: string) {
    return this.byId.get(id);
  }
  has(id: string) {
    return this.byId.has(id);
  }
  all() {
    return [...this.byId.values()].map((x) => x.q);
  }
  /** Parses and adds a request record; null (with its problem) when invalid or a duplicate. */
  add(r: SourceRecord): NormalizedQuery | null {
    const q = this.format.query(r, this.ctx);
    if (!q) return null;
    if (this.byId.has(q.sourceId)) {
      this.ctx.problems.add(r.file, r.record, "$", `duplicate query id "${q.sourceId}"`);
      return null;
    }
    this.byId.set(q.sourceId, { q, n: this.byId.size });
    return q;
  }
}

/** The reference tables' records as read from the bundle (what a plan thread is given to build its own references). */
export interface ReferenceRecords {
  pois: SourceRecord[];
  transports: SourceRecord[];
  queries: SourceRecord[];
}

/** What the read stage keeps for the whole import. */
export interface References {
  manifest: Manifest;
  parts: Partial<Record<Part, string>>;
  header: DatasetHeader;
  format: FormatModule;
  ctx: FormatContext;
  places: PlaceIndex;
  queries: QueryTable;
  /** When the queries themselves have problems, plans of the broken ones are not reported again. */
  queriesClean: boolean;
}

/** The references from the reference tables' records (their problems go to `problems`). */
export function referencesOf(
  manifest: Manifest,
  parts: Partial<Record<Part, string>>,
  tables: ReferenceRecords,
  problems: Problems,
): References {
  const destinations = new Destinations(manifest);
  const places = new PlaceIndex(tables.pois, destinations, problems);
  const ctx: FormatContext = { places, destinations, problems, transports: tables.transports };
  const format = FORMATS[manifest.format];
  const queries = new QueryTable(format, ctx);
  for (const r of tables.queries) queries.add(r);
  const header: DatasetHeader = {
    name: manifest.name,
    format: manifest.format.toUpperCase() as NormalizedDataset["format"],
    destinations: manifest.destinations.map((d) => ({
      key: d.name,
      name: d.name,
      country: d.country,
      lat: d.lat,
      lon: d.lon,
    })),
    requiredRaters: manifest.requiredRaters,
    pairs: manifest.pairs,
    license: manifest.license,
  };
  return { manifest, parts, header, format, ctx, places, queries, queriesClean: problems.ok };
}

/**
 * Stage parse: one plan record into the format's plan, with its request's number; null (with problems) when the
 * record or its request is unusable. Requests carried by plan records (several planners' records of one request
 * carry it each) are added as they come, the first winning, and handed to `onQuery`.
 */
export function parsePlan(
  r: SourceRecord,
  refs: References,
  onQuery: (q: NormalizedQuery) => void,
): { plan: NormalizedPlan; query: { q: NormalizedQuery; n: number } } | null {
  const { format, queries, ctx } = refs;
  const embedded = format.embeddedQuery?.(r.value);
  if (embedded && !queries.has(String(embedded.id))) {
    const q = queries.add({ ...r, value: embedded });
    if (q) onQuery(q);
  }
  const qid = format.planQueryId(r.value);
  const query = qid ? queries.get(qid) : undefined;
  if (!query) {
    if (!qid || refs.queriesClean)
      ctx.problems.add(r.file, r.record, "$", qid ? `unknown query "${qid}"` : "the plan does not name its query");
    return null;
  }
  const plan = format.plan(r, query.q, ctx);
  return plan && { plan, query };
}

/** The POI facts features read, by source id. */
export function poiFactsOf(places: PlaceIndex): (id: string) => PoiFacts | null {
  const facts = new Map<string, PoiFacts>(places.pois.map((p) => [p.sourceId, p]));
  return (id) => facts.get(id) ?? null;
}

/** Stage features: the plan's features, violations and gates (format and commonsense); its places left unresolved. */
export function withFeatures(
  plan: NormalizedPlan,
  query: NormalizedQuery,
  poiOf: (id: string) => PoiFacts | null,
): number {
  const features = computeFeatures(plan.itinerary, query, poiOf);
  plan.features = features.features;
  plan.violations = features.violations;
  plan.feasible = features.features.format > 0 && features.features.commonsense > 0;
  let unresolved = 0;
  for (const d of plan.itinerary.days) for (const i of d.items) if (i.lat === null || i.lon === null) unresolved++;
  return unresolved;
}
