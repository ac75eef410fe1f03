/**
 * `streamBundle`: a bundle to a validated, feature-annotated dataset — or the refused import with every problem —
 * in one streaming pass of named stages. read: the manifest and the reference tables (POIs, transports, queries),
 * kept for the whole import; parse: each plan record into the format's plan; validate: what one record cannot
 * tell (known requests, duplicate plans, pairs, a bundle with no plans); features: each plan's features and
 * gates; write: plans and pairs in batches to a sink (the database writer, or a collector for small bundles),
 * then let go. Once any problem is found nothing more is written, the rest is only validated, and the sink is
 * told to abort: all or nothing. Memory per plan is one entry of an id index (for duplicates and pairs).
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
import { partFiles, readManifest, type BundleFormat, type Manifest, type Part } from "./bundle";
import { canonical } from "./formats/canonical";
import { chinatravel } from "./formats/chinatravel";
import type { FormatContext, FormatModule } from "./formats/context";
import { tripcraft } from "./formats/tripcraft";
import { tripscore } from "./formats/tripscore";
import { Destinations, PlaceIndex } from "./places";
import { PlanIndex } from "./plan-index";
import { Problems, refusedFor, type RefusedImport } from "./problems";
import { readAll, readRecords, type SourceRecord } from "./records";
import type { BundleSource } from "./source";

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
  license?: string;
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

export type StreamResult = { ok: true; header: DatasetHeader; counts: DatasetCounts } | RefusedImport;

export class ImportCancelled extends Error {
  constructor() {
    super("The import was cancelled; nothing was written.");
  }
}

const PLAN_BATCH = 500;
const PAIR_BATCH = 5000;

/** The requests by source id, in the order they came (their number places a plan's pairs). */
class QueryTable {
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

/** What the read stage keeps for the whole import. */
interface References {
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

/** Stage read: the reference tables (POIs, transports, queries) the manifest and part files lead to. */
async function read(
  source: BundleSource,
  manifest: Manifest,
  parts: Partial<Record<Part, string>>,
  problems: Problems,
): Promise<References> {
  const table = async (part: Part) => (parts[part] ? readAll(parts[part]!, source.open(parts[part]!), problems) : []);
  const destinations = new Destinations(manifest);
  const places = new PlaceIndex(await table("pois"), destinations, problems);
  const ctx: FormatContext = { places, destinations, problems, transports: await table("transports") };
  const format = FORMATS[manifest.format];
  const queries = new QueryTable(format, ctx);
  for (const r of await table("queries")) queries.add(r);
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
    license: manifest.license,
  };
  return { manifest, parts, header, format, ctx, places, queries, queriesClean: problems.ok };
}

/**
 * Stage parse: one plan record into the format's plan, with its request's number; null (with problems) when the
 * record or its request is unusable. Requests carried by plan records (several planners' records of one request
 * carry it each) are added as they come, the first winning, and handed to `onQuery`.
 */
function parse(
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

/** Stage validate (plans): a plan id seen before is a problem. */
function validatePlan(r: SourceRecord, plan: NormalizedPlan, index: PlanIndex, problems: Problems): boolean {
  if (!index.has(plan.sourceId)) return true;
  problems.add(r.file, r.record, "$.id", `duplicate plan id "${plan.sourceId}"`);
  return false;
}

/** Stage validate (the whole bundle): requests and plans at all. */
function validateBundle(refs: References, planRecords: number, problemsBeforePlans: number, problems: Problems) {
  const { format, parts, queries, queriesClean } = refs;
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
}

/** Stage validate (pairs): the listed pairs that name two known plans of one request, once; or every two plans of a request. */
async function* validPairs(
  source: BundleSource,
  refs: References,
  index: PlanIndex,
  problems: Problems,
  excludeInfeasible: boolean,
): AsyncGenerator<[string, string]> {
  if (refs.manifest.pairs !== "listed") return yield* index.allPairs(excludeInfeasible);
  const file = refs.parts.pairs;
  if (!file) return problems.add("manifest.json", null, "$.pairs", `"listed" needs a pairs.json or pairs.jsonl file`);
  const seen = new Set<string>();
  for await (const r of readRecords(file, source.open(file), problems)) {
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
      if (!excludeInfeasible || (pa.feasible && pb.feasible)) yield [a, b];
    }
  }
}

/** Stage features: the plan's features, violations and gates (format and commonsense); its places left unresolved. */
function withFeatures(plan: NormalizedPlan, query: NormalizedQuery, poiOf: (id: string) => PoiFacts | null): number {
  const features = computeFeatures(plan.itinerary, query, poiOf);
  plan.features = features.features;
  plan.violations = features.violations;
  plan.feasible = features.features.format > 0 && features.features.commonsense > 0;
  let unresolved = 0;
  for (const d of plan.itinerary.days) for (const i of d.items) if (i.lat === null || i.lon === null) unresolved++;
  return unresolved;
}

/**
 * Stage write: batches to the sink. Writing starts only from a clean start and stops at the first problem; one
 * write is in flight while the next batch is read and converted (the database works in parallel). Keeps the
 * progress and reports it.
 */
class Writer {
  private writing = false;
  private pending: Promise<void> = Promise.resolve();
  private plans: NormalizedPlan[] = [];
  private queries: NormalizedQuery[] = [];
  private pairs: [string, string][] = [];
  pairCount = 0;
  readonly progress: ImportProgress;

  constructor(
    private sink: DatasetSink,
    private problems: Problems,
    private opts: ImportOptions,
    bytesTotal: number,
  ) {
    this.progress = { stage: "reading", plansRead: 0, plansWritten: 0, pairsWritten: 0, bytesRead: 0, bytesTotal };
  }

  report() {
    this.opts.onProgress?.({ ...this.progress });
  }

  checkCancel() {
    if (this.opts.signal?.aborted) throw new ImportCancelled();
  }

  /** The header and reference tables, when the import starts clean (else nothing is ever written). */
  async begin(refs: References) {
    if (!this.problems.ok) return;
    this.writing = true;
    await this.sink.begin(refs.header);
    await this.sink.pois(refs.places.pois);
    await this.sink.queries(refs.queries.all());
  }

  private async write(step: () => Promise<void>) {
    if (!this.writing) return;
    await this.pending;
    if (!this.problems.ok) return void (this.writing = false);
    this.checkCancel();
    this.pending = step();
    this.pending.catch(() => {});
  }

  query(q: NormalizedQuery) {
    this.queries.push(q);
  }

  plan(p: NormalizedPlan) {
    this.plans.push(p);
  }

  get plansFull() {
    return this.plans.length >= PLAN_BATCH;
  }

  async flushPlans() {
    const [qs, ps] = [this.queries, this.plans];
    this.queries = [];
    this.plans = [];
    this.progress.plansWritten += ps.length;
    await this.write(async () => {
      if (qs.length) await this.sink.queries(qs);
      await this.sink.plans(ps);
    });
    this.report();
  }

  async pair(pair: [string, string]) {
    this.pairCount++;
    this.pairs.push(pair);
    if (this.pairs.length >= PAIR_BATCH) await this.flushPairs();
  }

  async flushPairs() {
    const ps = this.pairs;
    this.pairs = [];
    this.progress.pairsWritten += ps.length;
    if (ps.length) await this.write(() => this.sink.pairs(ps));
    this.report();
  }

  /** Waits for the write in flight; then commits, or aborts when any problem was found. */
  async finish(counts: DatasetCounts): Promise<boolean> {
    await this.pending;
    if (!this.problems.ok) {
      await this.sink.abort();
      return false;
    }
    this.checkCancel();
    this.progress.stage = "committing";
    this.report();
    await this.sink.commit(counts);
    return true;
  }

  /** After a failure: the write in flight settles, the sink aborts. */
  async fail() {
    await this.pending.catch(() => {});
    await this.sink.abort().catch(() => {});
  }
}

/** Counts bytes as a file streams past (for progress). */
async function* counted(chunks: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const c of chunks) {
    onBytes(c.byteLength);
    yield c;
  }
}

export async function streamBundle(
  source: BundleSource,
  sink: DatasetSink,
  opts: ImportOptions = {},
): Promise<StreamResult> {
  const problems = new Problems();
  const manifest = await readManifest(source, problems);
  if (!manifest) return refusedFor(problems);
  const parts = partFiles(source, problems);
  const writer = new Writer(sink, problems, opts, parts.plans ? source.sizeOf(parts.plans) : 0);
  const progress = writer.progress;
  writer.report();
  const refs = await read(source, manifest, parts, problems);
  const places = refs.places;
  try {
    await writer.begin(refs);
    const facts = new Map<string, PoiFacts>(places.pois.map((p) => [p.sourceId, p]));
    const poiOf = (id: string) => facts.get(id) ?? null;
    const index = new PlanIndex();
    let unresolvedPlaces = 0;

    progress.stage = "plans";
    let planRecords = 0;
    const problemsBeforePlans = problems.count;
    const records = parts.plans
      ? readRecords(
          parts.plans,
          counted(source.open(parts.plans), (n) => (progress.bytesRead += n)),
          problems,
        )
      : [];
    for await (const r of records) {
      planRecords++;
      progress.plansRead++;
      const parsed = parse(r, refs, (q) => writer.query(q));
      if (!parsed || !validatePlan(r, parsed.plan, index, problems)) continue;
      const { plan, query } = parsed;
      // Features only while the import can still succeed: after a problem the rest is only validated.
      if (problems.ok) {
        unresolvedPlaces += withFeatures(plan, query.q, poiOf);
        writer.plan(plan);
      }
      index.add(plan.sourceId, query.n, plan.feasible !== false);
      if (writer.plansFull) await writer.flushPlans();
      else if (progress.plansRead % 100 === 0) writer.report();
    }
    await writer.flushPlans();
    validateBundle(refs, planRecords, problemsBeforePlans, problems);

    progress.stage = "pairs";
    for await (const pair of validPairs(source, refs, index, problems, !!opts.excludeInfeasible))
      await writer.pair(pair);
    await writer.flushPairs();

    const counts: DatasetCounts = {
      destinations: refs.header.destinations.length,
      pois: places.pois.length,
      queries: refs.queries.size,
      plans: index.size,
      pairs: writer.pairCount,
      unresolvedPlaces,
      infeasiblePlans: index.infeasible(),
    };
    if (!(await writer.finish(counts))) return refusedFor(problems);
    return { ok: true, header: refs.header, counts };
  } catch (e) {
    await writer.fail();
    throw e;
  }
}
