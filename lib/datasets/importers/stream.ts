/**
 * `streamBundle`: a bundle to a validated, feature-annotated dataset — or the refused import with every problem —
 * in one streaming pass of named stages. read: the manifest and the reference tables (POIs, transports, queries),
 * kept for the whole import; parse: each plan record into the format's plan; validate: what one record cannot
 * tell (known requests, duplicate plans, pairs, a bundle with no plans); features: each plan's features and
 * gates; write: plans and pairs in batches to a sink (the database writer, or a collector for small bundles),
 * then let go. Once any problem is found nothing more is written, the rest is only validated, and the sink is
 * told to abort: all or nothing. Memory per plan is one entry of an id index (for duplicates and pairs). Large
 * plan files are parsed, validated and given features on plan threads (./plan-threads.ts, decision 013), in the
 * same order and with the same problems; the per-record stages themselves live in ./references.ts.
 */
import type { DatasetCounts, NormalizedPlan, NormalizedPoi, NormalizedQuery } from "../normalized";
import { partFiles, readManifest, type Manifest, type Part } from "./bundle";
import type { EncodedPlan } from "./encoded";
import { PlanIndex } from "./plan-index";
import { BatchBuilder, planThreadCount, PlanThreads, type BatchResults, type PlanResult } from "./plan-threads";
import { Problems, refusedFor, type RefusedImport } from "./problems";
import { readAll, readRawRecords, readRecords, type RawRecord, type SourceRecord } from "./records";
import {
  FORMATS,
  parsePlan,
  poiFactsOf,
  referencesOf,
  withFeatures,
  type DatasetHeader,
  type ReferenceRecords,
  type References,
} from "./references";
import type { BundleSource } from "./source";

export { FORMATS, type DatasetHeader };

export interface ImportOptions {
  maxBytes?: number;
  /** Leave plans that fail the format or commonsense gate out of pairing (they are still imported). */
  excludeInfeasible?: boolean;
  onProgress?: (p: ImportProgress) => void;
  /** Stops the import between batches (nothing is written). */
  signal?: AbortSignal;
  /** Plan threads (./plan-threads.ts): 0 reads every record on this thread; by default large plan files use one per core. */
  planThreads?: number;
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

/** Where a streamed dataset goes. Calls come in this order; `abort` replaces `commit` when anything failed. */
export interface DatasetSink {
  begin(header: DatasetHeader): Promise<void>;
  pois(pois: NormalizedPoi[]): Promise<void>;
  queries(queries: NormalizedQuery[]): Promise<void>;
  plans(plans: NormalizedPlan[]): Promise<void>;
  /** Plans already turned into text (by plan threads); a sink without it gets no plan threads. */
  encodedPlans?(plans: EncodedPlan[]): Promise<void>;
  /** Pairs by plan source ids, plan A first. */
  pairs(pairs: [string, string][]): Promise<void>;
  commit(counts: DatasetCounts): Promise<void>;
  abort(): Promise<void>;
}

export type StreamResult =
  | {
      ok: true;
      header: DatasetHeader;
      counts: DatasetCounts;
      /** How the plans fell on the requests, for the note on an import that made no pairs (./pairing.ts). */
      requests: { requestsWithPlans: number; requestsWithTwoPlans: number; listed: boolean };
    }
  | RefusedImport;

export class ImportCancelled extends Error {
  constructor() {
    super("The import was cancelled; nothing was written.");
  }
}

const PLAN_BATCH = 500;
const PAIR_BATCH = 5000;

/** Stage read: the reference tables (POIs, transports, queries) the manifest and part files lead to. */
async function read(
  source: BundleSource,
  manifest: Manifest,
  parts: Partial<Record<Part, string>>,
  problems: Problems,
): Promise<{ refs: References; tables: ReferenceRecords }> {
  const table = async (part: Part) => (parts[part] ? readAll(parts[part]!, source.open(parts[part]!), problems) : []);
  const tables = { pois: await table("pois"), transports: await table("transports"), queries: await table("queries") };
  return { refs: referencesOf(manifest, parts, tables, problems), tables };
}

/** Stage validate (plans): a plan id seen before is a problem. */
function validatePlan(file: string, record: number, sourceId: string, index: PlanIndex, problems: Problems): boolean {
  if (!index.has(sourceId)) return true;
  problems.add(file, record, "$.id", `duplicate plan id "${sourceId}"`);
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

/**
 * Stage write: batches to the sink. Writing starts only from a clean start and stops at the first problem; one
 * write is in flight while the next batch is read and converted (the database works in parallel). Keeps the
 * progress and reports it.
 */
class Writer {
  private writing = false;
  private pending: Promise<void> = Promise.resolve();
  private plans: NormalizedPlan[] = [];
  private encoded: EncodedPlan[] = [];
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

  encodedPlan(p: EncodedPlan) {
    this.encoded.push(p);
  }

  get plansFull() {
    return this.plans.length + this.encoded.length >= PLAN_BATCH;
  }

  async flushPlans() {
    const [qs, ps, es] = [this.queries, this.plans, this.encoded];
    this.queries = [];
    this.plans = [];
    this.encoded = [];
    this.progress.plansWritten += ps.length + es.length;
    await this.write(async () => {
      if (qs.length) await this.sink.queries(qs);
      if (ps.length) await this.sink.plans(ps);
      if (es.length) await this.sink.encodedPlans!(es);
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

/** Stage plans' running state: the id index, the records read and the places left unresolved. */
class PlanStage {
  readonly index = new PlanIndex();
  records = 0;
  unresolvedPlaces = 0;
  constructor(
    private refs: References,
    private writer: Writer,
    private problems: Problems,
  ) {}

  /** One record read on this thread. */
  inline(r: SourceRecord, poiOf: ReturnType<typeof poiFactsOf>) {
    this.counted();
    const parsed = parsePlan(r, this.refs, (q) => this.writer.query(q));
    if (!parsed || !validatePlan(r.file, r.record, parsed.plan.sourceId, this.index, this.problems)) return;
    const { plan, query } = parsed;
    // Features only while the import can still succeed: after a problem the rest is only validated.
    if (this.problems.ok) {
      this.unresolvedPlaces += withFeatures(plan, query.q, poiOf);
      this.writer.plan(plan);
    }
    this.index.add(plan.sourceId, query.n, plan.feasible !== false);
  }

  /** One record a plan thread read: its problems in the order the thread found them, then the bundle-wide check. */
  fromThread(file: string, r: PlanResult, documents: Uint8Array) {
    if (r.parsed) this.counted();
    for (const p of r.problems ?? []) this.problems.add(p.file, p.record, p.path, p.message);
    const plan = r.plan;
    if (!plan || !validatePlan(file, r.record, plan.sourceId, this.index, this.problems)) return;
    if (this.problems.ok) {
      this.unresolvedPlaces += r.unresolved ?? 0;
      this.writer.encodedPlan({ ...plan, documents: documents.subarray(r.documents![0], r.documents![1]) });
    }
    this.index.add(plan.sourceId, r.queryN!, plan.feasible);
  }

  private counted() {
    this.records++;
    this.writer.progress.plansRead++;
  }
}

/** Most batches a plan thread holds at once (the rest of the file waits unread: memory stays flat). */
const BATCHES_PER_THREAD = 2;
const THREAD_BATCH_BYTES = 512 * 1024;

/** Stage plans on plan threads: batches out in file order, results taken back in the same order. */
async function plansOnThreads(
  stage: PlanStage,
  writer: Writer,
  problems: Problems,
  file: string,
  records: AsyncIterable<RawRecord>,
  threads: PlanThreads,
) {
  const queue: Promise<BatchResults>[] = [];
  const take = async () => {
    const { results, documents } = await queue.shift()!;
    for (const r of results) stage.fromThread(file, r, documents);
    if (writer.plansFull) await writer.flushPlans();
    else writer.report();
  };
  const builder = new BatchBuilder(file);
  const send = async () => {
    const promise = threads.run(builder.take(threads.nextBatchId(), problems.ok));
    promise.catch(() => {}); // awaited in turn below
    queue.push(promise);
    while (queue.length >= threads.size * BATCHES_PER_THREAD) await take();
  };
  for await (const raw of records) {
    builder.add(raw);
    if (builder.size >= THREAD_BATCH_BYTES) await send();
  }
  if (builder.count) await send();
  while (queue.length) await take();
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
  const planBytes = parts.plans ? source.sizeOf(parts.plans) : 0;
  const writer = new Writer(sink, problems, opts, planBytes);
  const progress = writer.progress;
  writer.report();
  const { refs, tables } = await read(source, manifest, parts, problems);
  const places = refs.places;
  const threadCount = sink.encodedPlans
    ? planThreadCount(opts.planThreads, planBytes, Boolean(refs.format.embeddedQuery))
    : 0;
  let threads: PlanThreads | null = null;
  try {
    await writer.begin(refs);
    const stage = new PlanStage(refs, writer, problems);

    progress.stage = "plans";
    const problemsBeforePlans = problems.count;
    if (parts.plans) {
      const chunks = counted(source.open(parts.plans), (n) => (progress.bytesRead += n));
      if (threadCount > 0) {
        threads = new PlanThreads(threadCount, { manifest, parts, tables, queriesClean: refs.queriesClean });
        await plansOnThreads(
          stage,
          writer,
          problems,
          parts.plans,
          readRawRecords(parts.plans, chunks, problems),
          threads,
        );
        // Their work is done: each holds a heap of its own (~145 MiB at 100,000 plans), which the pairs need not share.
        await threads.close();
        threads = null;
      } else {
        const poiOf = poiFactsOf(places);
        for await (const r of readRecords(parts.plans, chunks, problems)) {
          stage.inline(r, poiOf);
          if (writer.plansFull) await writer.flushPlans();
          else if (progress.plansRead % 100 === 0) writer.report();
        }
      }
    }
    await writer.flushPlans();
    validateBundle(refs, stage.records, problemsBeforePlans, problems);

    progress.stage = "pairs";
    for await (const pair of validPairs(source, refs, stage.index, problems, !!opts.excludeInfeasible))
      await writer.pair(pair);
    await writer.flushPairs();

    const counts: DatasetCounts = {
      destinations: refs.header.destinations.length,
      pois: places.pois.length,
      queries: refs.queries.size,
      plans: stage.index.size,
      pairs: writer.pairCount,
      unresolvedPlaces: stage.unresolvedPlaces,
      infeasiblePlans: stage.index.infeasible(),
    };
    if (!(await writer.finish(counts))) return refusedFor(problems);
    const requests = { ...stage.index.requestCounts(!!opts.excludeInfeasible), listed: manifest.pairs === "listed" };
    return { ok: true, header: refs.header, counts, requests };
  } catch (e) {
    await writer.fail();
    throw e;
  } finally {
    await threads?.close();
  }
}
