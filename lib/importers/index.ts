/**
 * From a bundle to a validated, feature-annotated dataset — or the full list of problems — in one streaming
 * pass. The reference tables (manifest, POIs, transports, queries) are read first and kept; plans and pairs
 * flow through in batches to a sink (the database writer, or a collector for small bundles) and are let go.
 * Once any problem is found nothing more is written, the rest is only validated, and the sink is told to
 * abort: all or nothing. Memory per plan is one entry of an id index (for duplicates and pairs).
 */
import type {
  DatasetCounts,
  NormalizedDataset,
  NormalizedPlan,
  NormalizedPoi,
  NormalizedQuery,
} from "../dataset/normalized";
import { computeFeatures } from "../features";
import type { PoiFacts } from "../features/rules";
import { PARTS, partFiles, readManifest, type BundleFormat } from "./bundle";
import { canonical } from "./formats/canonical";
import { chinatravel } from "./formats/chinatravel";
import type { FormatContext, FormatModule } from "./formats/context";
import { tripcraft } from "./formats/tripcraft";
import { tripscore } from "./formats/tripscore";
import { Destinations, PlaceIndex } from "./places";
import { ImportRefused, Problems, type ImportProblem } from "./problems";
import { readAll, readRecords, type SourceRecord } from "./records";
import { memorySource, type BundleFiles, type BundleSource } from "./source";

export const FORMATS: Record<BundleFormat, FormatModule> = { tripscore, chinatravel, tripcraft, canonical };

export interface ImportOptions {
  maxBytes?: number;
  /** Leave plans that fail the format or commonsense gate out of pairing (they are still imported). */
  excludeInfeasible?: boolean;
  onProgress?: (p: ImportProgress) => void;
  /** Stops the import between batches (nothing is written). */
  signal?: AbortSignal;
}

export interface ImportProgress {
  stage: "reading" | "plans" | "pairs" | "committing";
  /** Plan records read and validated so far, and plans handed to the sink. */
  plansRead: number;
  plansWritten: number;
  pairsWritten: number;
  /** Bytes of the plans file read so far, of its total (for time left). */
  bytesRead: number;
  bytesTotal: number;
}

export interface DatasetHeader {
  name: string;
  format: NormalizedDataset["format"];
  destinations: NormalizedDataset["destinations"];
  requiredRaters: number;
}

/** Where a streamed dataset goes. Calls come in this order; `abort` replaces `commit` when anything failed. */
export interface DatasetSink {
  begin(header: DatasetHeader): Promise<void>;
  pois(pois: NormalizedPoi[]): Promise<void>;
  queries(queries: NormalizedQuery[]): Promise<void>;
  plans(plans: NormalizedPlan[]): Promise<void>;
  /** Pairs by plan source ids, plan A first. */
  pairs(pairs: [string, string][]): Promise<void>;
  commit(counts: DatasetCounts): Promise<void>;
  abort(): Promise<void>;
}

export type StreamResult =
  | { ok: true; header: DatasetHeader; counts: DatasetCounts }
  | { ok: false; problems: ImportProblem[]; truncated: boolean; more: number };

export class ImportCancelled extends Error {
  constructor() {
    super("The import was cancelled; nothing was written.");
  }
}

const PLAN_BATCH = 500;
const PAIR_BATCH = 5000;

/** Counts bytes as a file streams past (for progress). */
async function* counted(chunks: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const c of chunks) {
    onBytes(c.byteLength);
    yield c;
  }
}

/** The plans read so far, by source id: an index into small typed columns, never the plans themselves. */
class PlanIndex {
  private ids = new Map<string, number>();
  private queryOf: number[] = [];
  private feasible: boolean[] = [];
  /** Plans of each query in file order (query number → plan numbers), for "every two plans form a pair". */
  private byQuery: number[][] = [];
  private sourceIds: string[] = [];
  get size() {
    return this.sourceIds.length;
  }
  has(id: string) {
    return this.ids.has(id);
  }
  add(id: string, query: number, feasible: boolean) {
    const n = this.sourceIds.length;
    this.ids.set(id, n);
    this.sourceIds.push(id);
    this.queryOf.push(query);
    this.feasible.push(feasible);
    (this.byQuery[query] ??= []).push(n);
  }
  lookup(id: string): { n: number; query: number; feasible: boolean } | null {
    const n = this.ids.get(id);
    return n === undefined ? null : { n, query: this.queryOf[n], feasible: this.feasible[n] };
  }
  *allPairs(excludeInfeasible: boolean): Generator<[string, string]> {
    for (const plans of this.byQuery) {
      if (!plans) continue;
      const kept = excludeInfeasible ? plans.filter((n) => this.feasible[n]) : plans;
      for (let i = 0; i < kept.length; i++)
        for (let j = i + 1; j < kept.length; j++) yield [this.sourceIds[kept[i]], this.sourceIds[kept[j]]];
    }
  }
  infeasible() {
    return this.feasible.filter((f) => !f).length;
  }
}

export async function streamBundle(
  source: BundleSource,
  sink: DatasetSink,
  opts: ImportOptions = {},
): Promise<StreamResult> {
  const problems = new Problems();
  const manifest = await readManifest(source, problems);
  if (!manifest) return { ok: false, problems: problems.list, truncated: problems.truncated, more: problems.more };
  const parts = partFiles(source, problems);
  const progress: ImportProgress = {
    stage: "reading",
    plansRead: 0,
    plansWritten: 0,
    pairsWritten: 0,
    bytesRead: 0,
    bytesTotal: parts.plans ? source.sizeOf(parts.plans) : 0,
  };
  const report = () => opts.onProgress?.({ ...progress });
  const checkCancel = () => {
    if (opts.signal?.aborted) throw new ImportCancelled();
  };
  report();

  const table = async (part: (typeof PARTS)[number]) =>
    parts[part] ? readAll(parts[part]!, source.open(parts[part]!), problems) : [];
  const destinations = new Destinations(manifest);
  const places = new PlaceIndex(await table("pois"), destinations, problems);
  const ctx: FormatContext = { places, destinations, problems, transports: await table("transports") };
  const format = FORMATS[manifest.format];

  const queries = new Map<string, { q: NormalizedQuery; n: number }>();
  const addQuery = (r: SourceRecord): NormalizedQuery | null => {
    const q = format.query(r, ctx);
    if (!q) return null;
    if (queries.has(q.sourceId)) {
      problems.add(r.file, r.record, "$", `duplicate query id "${q.sourceId}"`);
      return null;
    }
    queries.set(q.sourceId, { q, n: queries.size });
    return q;
  };
  for (const r of await table("queries")) addQuery(r);
  // When the queries themselves have problems, plans of the broken ones are not reported again.
  const queriesClean = problems.ok;

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
  };
  // Writing starts only from a clean start, and stops at the first problem.
  let writing = false;
  let pending: Promise<void> = Promise.resolve();
  const write = async (step: () => Promise<void>) => {
    if (!writing) return;
    await pending;
    if (!problems.ok) return void (writing = false);
    checkCancel();
    // One write in flight while the next batch is read and converted (the database works in parallel).
    pending = step();
    pending.catch(() => {});
  };
  try {
    if (problems.ok) {
      writing = true;
      await sink.begin(header);
      await sink.pois(places.pois);
      await sink.queries([...queries.values()].map((x) => x.q));
    }
    const facts = new Map<string, PoiFacts>(places.pois.map((p) => [p.sourceId, p]));
    const poiOf = (id: string) => facts.get(id) ?? null;
    const index = new PlanIndex();
    let unresolvedPlaces = 0;
    let batch: NormalizedPlan[] = [];
    let newQueries: NormalizedQuery[] = [];
    const flushPlans = async () => {
      const [qs, ps] = [newQueries, batch];
      newQueries = [];
      batch = [];
      progress.plansWritten += ps.length;
      await write(async () => {
        if (qs.length) await sink.queries(qs);
        await sink.plans(ps);
      });
      report();
    };

    progress.stage = "plans";
    let planRecords = 0;
    const problemsBeforePlans = problems.count;
    if (parts.plans) {
      for await (const r of readRecords(
        parts.plans,
        counted(source.open(parts.plans), (n) => (progress.bytesRead += n)),
        problems,
      )) {
        planRecords++;
        progress.plansRead++;
        // Requests carried by plan records (several planners' records of one request carry it each): the first wins.
        const embedded = format.embeddedQuery?.(r.value);
        if (embedded && !queries.has(String(embedded.id))) {
          const q = addQuery({ ...r, value: embedded });
          if (q) newQueries.push(q);
        }
        const qid = format.planQueryId(r.value);
        const query = qid ? queries.get(qid) : undefined;
        if (!query) {
          if (!qid || queriesClean)
            problems.add(r.file, r.record, "$", qid ? `unknown query "${qid}"` : "the plan does not name its query");
          continue;
        }
        const plan = format.plan(r, query.q, ctx);
        if (!plan) continue;
        if (index.has(plan.sourceId)) {
          problems.add(r.file, r.record, "$.id", `duplicate plan id "${plan.sourceId}"`);
          continue;
        }
        // Features only while the import can still succeed: after a problem the rest is only validated.
        if (problems.ok) {
          const features = computeFeatures(plan.itinerary, query.q, poiOf);
          plan.features = features.features;
          plan.violations = features.violations;
          plan.feasible = features.features.format > 0 && features.features.commonsense > 0;
          for (const d of plan.itinerary.days)
            for (const i of d.items) if (i.lat === null || i.lon === null) unresolvedPlaces++;
          batch.push(plan);
        }
        index.add(plan.sourceId, query.n, plan.feasible !== false);
        if (batch.length >= PLAN_BATCH) await flushPlans();
        else if (progress.plansRead % 100 === 0) report();
      }
    }
    await flushPlans();
    // TripCraft's evaluation format carries each request in its plan record: no queries file is needed then.
    if (!queries.size && queriesClean && !(format.embeddedQuery && planRecords))
      problems.add(
        parts.queries ?? "queries.json",
        null,
        "$",
        "the bundle has no queries (queries.json or queries.jsonl)",
      );
    if (!planRecords && problems.count === problemsBeforePlans)
      problems.add(parts.plans ?? "plans.json", null, "$", "the bundle has no plans (plans.json or plans.jsonl)");

    progress.stage = "pairs";
    let pairCount = 0;
    let pairs: [string, string][] = [];
    const flushPairs = async () => {
      const ps = pairs;
      pairs = [];
      progress.pairsWritten += ps.length;
      if (ps.length) await write(() => sink.pairs(ps));
      report();
    };
    const addPair = async (pair: [string, string]) => {
      pairCount++;
      pairs.push(pair);
      if (pairs.length >= PAIR_BATCH) await flushPairs();
    };
    if (manifest.pairs === "listed") {
      if (!parts.pairs)
        problems.add("manifest.json", null, "$.pairs", `"listed" needs a pairs.json or pairs.jsonl file`);
      else {
        const seen = new Set<string>();
        for await (const r of readRecords(parts.pairs, source.open(parts.pairs), problems)) {
          const v = r.value as { a?: unknown; b?: unknown } | null;
          const a = String(v?.a ?? ""),
            b = String(v?.b ?? "");
          const pa = index.lookup(a),
            pb = index.lookup(b);
          const key = a < b ? `${a}\u0001${b}` : `${b}\u0001${a}`;
          if (!pa || !pb) problems.add(r.file, r.record, !pa ? "$.a" : "$.b", `unknown plan "${!pa ? a : b}"`);
          else if (a === b) problems.add(r.file, r.record, "$", "a pair needs two different plans");
          else if (pa.query !== pb.query)
            problems.add(r.file, r.record, "$", `plans "${a}" and "${b}" answer different queries`);
          else if (seen.has(key)) problems.add(r.file, r.record, "$", `duplicate pair ${a} / ${b}`);
          else {
            seen.add(key);
            if (!opts.excludeInfeasible || (pa.feasible && pb.feasible)) await addPair([a, b]);
          }
        }
      }
    } else for (const pair of index.allPairs(!!opts.excludeInfeasible)) await addPair(pair);
    await flushPairs();
    await pending;

    if (!problems.ok) {
      await sink.abort();
      return { ok: false, problems: problems.list, truncated: problems.truncated, more: problems.more };
    }
    checkCancel();
    progress.stage = "committing";
    report();
    const counts: DatasetCounts = {
      destinations: header.destinations.length,
      pois: places.pois.length,
      queries: queries.size,
      plans: index.size,
      pairs: pairCount,
      unresolvedPlaces,
      infeasiblePlans: index.infeasible(),
    };
    await sink.commit(counts);
    return { ok: true, header, counts };
  } catch (e) {
    await pending.catch(() => {});
    await sink.abort().catch(() => {});
    throw e;
  }
}

/** Keeps nothing: validation only (`tripjudge validate`). */
export class DiscardingSink implements DatasetSink {
  async begin() {}
  async pois() {}
  async queries() {}
  async plans() {}
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
    this.collected.pois.push(...p);
  }
  async queries(q: NormalizedQuery[]) {
    this.collected.queries.push(...q);
  }
  async plans(p: NormalizedPlan[]) {
    this.collected.plans.push(...p);
  }
  async pairs(p: [string, string][]) {
    for (const x of p) this.collected.pairs.push(x);
  }
  async commit() {}
  async abort() {}
}

export type ParseResult =
  | { ok: true; dataset: NormalizedDataset; requiredRaters: number; counts: DatasetCounts }
  | { ok: false; problems: ImportProblem[]; truncated: boolean; more: number };

/** A small bundle held in memory → the whole dataset in memory (ImportRefused for a bundle that cannot be read at all). */
export async function parseBundle(files: BundleFiles, opts: ImportOptions = {}): Promise<ParseResult> {
  const sink = new CollectingSink();
  const r = await streamBundle(memorySource(files, opts.maxBytes), sink, opts);
  if (!r.ok) return r;
  const { name, format, destinations, requiredRaters } = r.header;
  return { ok: true, dataset: { name, format, destinations, ...sink.collected }, requiredRaters, counts: r.counts };
}

export { ImportRefused };
