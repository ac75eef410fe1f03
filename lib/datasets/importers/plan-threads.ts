/**
 * Plan threads: the per-record work of a large import (JSON parsing, the format's validation, features, and the
 * plan's JSON text for the sink) on worker threads, while the import's own thread reads the file, keeps the
 * bundle-wide checks (duplicates, pairs) and writes. Records go out in batches of their bytes and come back in the
 * order they went, so problems, counts and the rows written are those of the one-thread path.
 */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import type { PoiFacts } from "../../results/features";
import { spawnThread } from "../../platform";
import type { Manifest, Part } from "./bundle";
import { encodePlanText, type EncodedPlan } from "./encoded";
import { Problems, type ImportProblem } from "./problems";
import { parseRaw, type RawRecord } from "./records";
import { parsePlan, withFeatures, type ReferenceRecords, type References } from "./references";

export interface PlanThreadInit {
  manifest: Manifest;
  parts: Partial<Record<Part, string>>;
  tables: ReferenceRecords;
  queriesClean: boolean;
}

/** One record's outcome: read or not (broken JSON), its problems, and its plan when it has one. */
export interface PlanResult {
  record: number;
  parsed: boolean;
  problems?: ImportProblem[];
  /** The plan, its documents where the batch's documents buffer holds them ([start, end)). */
  plan?: Omit<EncodedPlan, "documents">;
  documents?: [number, number];
  /** The plan's request number (QueryTable order) and places left unresolved. */
  queryN?: number;
  unresolved?: number;
}

/** A batch on its way to a thread: the records' bytes end to end, and per record [number, first line or -1, start, end]. */
export interface PlanBatch {
  id: number;
  file: string;
  bytes: Uint8Array<ArrayBuffer>;
  spans: Int32Array;
  /** False once the import has a problem: the rest is only validated. */
  features: boolean;
}

/** `bytes` with room for `need` more bytes after the first `used` (doubled at least, the used part copied). */
function withRoom(bytes: Uint8Array<ArrayBuffer>, used: number, need: number): Uint8Array<ArrayBuffer> {
  if (used + need <= bytes.byteLength) return bytes;
  const grown = new Uint8Array(Math.max(bytes.byteLength * 2, used + need));
  grown.set(bytes.subarray(0, used));
  return grown;
}

/** Records collected into one transferable buffer. */
export class BatchBuilder {
  private bytes = new Uint8Array(1 << 20);
  private spans: number[] = [];
  private used = 0;
  constructor(readonly file: string) {}
  get count() {
    return this.spans.length / 4;
  }
  get size() {
    return this.used;
  }
  /** Copies the record's bytes (they may share a chunk the reader reuses). */
  add(r: RawRecord) {
    this.bytes = withRoom(this.bytes, this.used, r.bytes.byteLength);
    this.bytes.set(r.bytes, this.used);
    this.spans.push(r.record, r.firstLine ?? -1, this.used, this.used + r.bytes.byteLength);
    this.used += r.bytes.byteLength;
  }
  take(id: number, features: boolean): PlanBatch {
    const batch = {
      id,
      file: this.file,
      bytes: this.bytes.slice(0, this.used),
      spans: Int32Array.from(this.spans),
      features,
    };
    this.spans = [];
    this.used = 0;
    return batch;
  }
}

/** A batch's answer: each record's result in order, and its plans' documents end to end. */
export interface BatchResults {
  results: PlanResult[];
  documents: Uint8Array<ArrayBuffer>;
}

/** UTF-8 text appended to one growing buffer. */
class TextBytes {
  private static encoder = new TextEncoder();
  bytes = new Uint8Array(4 << 20);
  used = 0;
  append(s: string): [number, number] {
    // UTF-8 needs at most three bytes per UTF-16 unit.
    this.bytes = withRoom(this.bytes, this.used, s.length * 3);
    const start = this.used;
    this.used += TextBytes.encoder.encodeInto(s, this.bytes.subarray(this.used)).written;
    return [start, this.used];
  }
}

/** A batch's records through parse, validate and features, in order (what a plan thread runs). */
export function processBatch(refs: References, poiOf: (id: string) => PoiFacts | null, b: PlanBatch): BatchResults {
  const out: PlanResult[] = [];
  const documents = new TextBytes();
  for (let i = 0; i < b.spans.length; i += 4) {
    const [record, line, start, end] = [b.spans[i], b.spans[i + 1], b.spans[i + 2], b.spans[i + 3]];
    const firstLine = line < 0 ? null : line;
    const raw: RawRecord = {
      file: b.file,
      record,
      bytes: b.bytes.subarray(start, end),
      where: firstLine === null ? "this line" : `element ${record}`,
      firstLine,
    };
    // The format modules report into the context's list: one list per record, sent back with it.
    const problems = new Problems(Number.MAX_SAFE_INTEGER);
    refs.ctx.problems = problems;
    const r = parseRaw(raw, problems);
    const result: PlanResult = { record, parsed: r !== null };
    const parsed = r && parsePlan(r, refs, () => {});
    if (parsed) {
      result.unresolved = b.features ? withFeatures(parsed.plan, parsed.query.q, poiOf) : 0;
      const encoded = encodePlanText(parsed.plan);
      result.plan = encoded.plan;
      result.documents = documents.append(encoded.documents);
      result.queryN = parsed.query.n;
    }
    if (problems.count) result.problems = problems.list;
    out.push(result);
  }
  return { results: out, documents: documents.bytes.slice(0, documents.used) };
}

/**
 * How many plan threads an import uses: none for small files (starting a thread costs more) or where plan records
 * carry requests (read in file order on the import's thread); else one per core but one, at least one, up to four:
 * the import's own thread and PostgreSQL share the core left over. On two cores (one plan thread), 100,000 plans
 * went in at 2,572–2,642 plans/s with a peak RSS of 539–589 MiB on Debian's PostgreSQL against two threads'
 * 2,538–2,932 at 726–742 MiB: a second thread's heap for 5 % (decision 013).
 */
export function planThreadCount(requested: number | undefined, planBytes: number, embeddedQueries: boolean): number {
  if (embeddedQueries) return 0;
  if (requested !== undefined) return Math.max(0, Math.min(16, Math.floor(requested)));
  return planBytes >= 8 * 1024 * 1024 ? Math.max(1, Math.min(availableParallelism() - 1, 4)) : 0;
}

type Reply = ({ id: number } & BatchResults) | { id: number; error: string };

/** The threads of one import: batches go to the least busy one; each batch's results come back as a promise. */
export class PlanThreads {
  private threads: {
    worker: Worker;
    pending: Map<number, { resolve: (r: BatchResults) => void; reject: (e: Error) => void }>;
  }[];
  private nextId = 0;

  constructor(count: number, init: PlanThreadInit) {
    this.threads = Array.from({ length: count }, () => {
      // A young generation larger than the default: a plan's objects die young, and fewer scavenges cost less.
      const worker = spawnThread(new URL("./plan-thread-entry.ts", import.meta.url), init, {
        maxYoungGenerationSizeMb: 32,
      });
      const thread = { worker, pending: new Map() };
      worker.on("message", (m: Reply) => {
        const p = thread.pending.get(m.id);
        thread.pending.delete(m.id);
        if ("error" in m) p?.reject(new Error(`a plan thread failed: ${m.error}`));
        else p?.resolve(m);
      });
      const fail = (e: Error) => {
        for (const p of thread.pending.values()) p.reject(e);
        thread.pending.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`a plan thread stopped (exit code ${code})`)));
      return thread;
    });
  }

  get size() {
    return this.threads.length;
  }

  nextBatchId() {
    return ++this.nextId;
  }

  run(batch: PlanBatch): Promise<BatchResults> {
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    return new Promise((resolve, reject) => {
      thread.pending.set(batch.id, { resolve, reject });
      thread.worker.postMessage(batch, [batch.bytes.buffer]);
    });
  }

  async close() {
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
