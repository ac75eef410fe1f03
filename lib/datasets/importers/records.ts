/**
 * Reading the records of a bundle file as a stream (a JSON array, a single JSON object, or JSONL), keeping
 * record numbers: no file is ever held whole, only one record at a time.
 */
import { Problems } from "./problems";
import { sizeText } from "./source";

export interface SourceRecord {
  file: string;
  /** 1-based line (JSONL) or element (JSON array). */
  record: number;
  value: unknown;
}

/** One record's bytes, not yet parsed (parseRaw reads them: on this thread, or on a plan thread). */
export interface RawRecord {
  file: string;
  record: number;
  bytes: Uint8Array;
  /** How a problem names the record ("this line", "element 3"). */
  where: string;
  /** In a JSON array, the file's line where the element starts (a broken element's line is told from it). */
  firstLine: number | null;
}

/** One record larger than this is refused (its file would have to be held whole to read it). */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;
const MAX_DEPTH = 64;

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The JSON text of one record → its value, or a problem (bad UTF-8, broken JSON, values the database cannot store). */
export function parseRaw(raw: RawRecord, problems: Problems): SourceRecord | null {
  const { file, record, bytes, where, firstLine } = raw;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    problems.add(file, record, "$", `${where} is not valid UTF-8 text (save the file as UTF-8)`);
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    // In a JSON array, say the line of the file (V8 gives a position within the element).
    const at = firstLine === null ? null : /position (\d+)/.exec(message);
    const line = at ? firstLine! + countLines(text, Number(at[1])) : null;
    problems.add(file, record, "$", `broken JSON${line ? ` at line ${line}` : ""}: ${message}`);
    return null;
  }
  // NUL and lone surrogates can only come from \u escapes (the text itself is strict UTF-8): look only then.
  const bad = badValue(value, /\\u(0000|d[89a-f])/i.test(text), 0);
  if (bad) {
    problems.add(file, record, pathOf(bad.path), bad.message);
    return null;
  }
  return { file, record, value };
}

function countLines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

interface Bad {
  path: (string | number)[];
  message: string;
}

function pathOf(parts: (string | number)[]): string {
  return parts.reduceRight<string>(
    (s, k) => (typeof k === "number" ? `${s}[${k}]` : k === "" ? `${s} (a key)` : `${s}.${k}`),
    "$",
  );
}

/**
 * What JSON allows and the database does not: NUL characters, unpaired surrogates, and nesting too deep to
 * walk. Reported with the JSON path, at validation, so that an import never fails later for them. The path is
 * built only on the way out of a failure (kept reversed), so a clean record costs one walk and no strings.
 */
function badValue(v: unknown, checkStrings: boolean, depth: number): Bad | null {
  if (typeof v === "string") {
    if (!checkStrings) return null;
    if (v.includes("\u0000")) return { path: [], message: "holds a NUL character (\\u0000), which cannot be stored" };
    if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v))
      return { path: [], message: "holds an unpaired surrogate (not valid Unicode text)" };
    return null;
  }
  if (!v || typeof v !== "object") return null;
  if (depth >= MAX_DEPTH) return { path: [], message: `nested deeper than ${MAX_DEPTH} levels` };
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const bad = badValue(v[i], checkStrings, depth + 1);
      if (bad) return (bad.path.push(i), bad);
    }
    return null;
  }
  for (const k in v) {
    if (checkStrings) {
      const key = badValue(k, true, depth + 1);
      if (key) return (key.path.push(k, ""), key);
    }
    const bad = badValue((v as Record<string, unknown>)[k], checkStrings, depth + 1);
    if (bad) return (bad.path.push(k), bad);
  }
  return null;
}

/** Collects the bytes of one record across chunks, up to the record limit. */
class RecordBytes {
  private parts: Uint8Array[] = [];
  size = 0;
  tooBig = false;
  add(bytes: Uint8Array) {
    if (this.tooBig || !bytes.byteLength) return;
    this.size += bytes.byteLength;
    if (this.size > MAX_RECORD_BYTES) {
      this.tooBig = true;
      this.parts = [];
    } else this.parts.push(bytes);
  }
  take(): Uint8Array {
    const out = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
    this.parts = [];
    this.size = 0;
    return out;
  }
  reset() {
    this.parts = [];
    this.size = 0;
    this.tooBig = false;
  }
}

/** The chunks without a leading UTF-8 byte order mark (which may itself be split across chunks). */
async function* withoutBom(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0);
  let started = false;
  for await (const chunk of chunks) {
    if (started) {
      yield chunk;
      continue;
    }
    head = head.length ? Buffer.concat([head, chunk]) : chunk;
    if (head.length < 3 && [0xef, 0xbb, 0xbf].slice(0, head.length).every((b, i) => head[i] === b)) continue;
    started = true;
    yield head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
  }
  if (!started && head.length) yield head;
}

/** JSONL: one record per line; blank lines are skipped. */
async function* jsonLines(
  file: string,
  chunks: AsyncIterable<Uint8Array>,
  problems: Problems,
): AsyncGenerator<RawRecord> {
  const line = new RecordBytes();
  let n = 1;
  const emit = (): RawRecord | null => {
    const tooBig = line.tooBig;
    const size = line.size;
    let bytes = line.take();
    line.reset();
    if (tooBig) {
      problems.add(file, n, "$", `the line is longer than ${sizeText(MAX_RECORD_BYTES)} (${sizeText(size)} or more)`);
      return null;
    }
    if (bytes.byteLength && bytes[bytes.byteLength - 1] === 13) bytes = bytes.subarray(0, bytes.byteLength - 1);
    if (!bytes.some((b) => b !== 32 && b !== 9)) return null;
    return { file, record: n, bytes, where: "this line", firstLine: null };
  };
  for await (const chunk of withoutBom(chunks)) {
    let start = 0;
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, start)) {
      line.add(chunk.subarray(start, end));
      const r = emit();
      if (r) yield r;
      n++;
      start = end + 1;
    }
    // Copied: a stream may reuse its buffer for the next chunk.
    if (start < chunk.byteLength) line.add(Uint8Array.prototype.slice.call(chunk, start));
  }
  const r = emit();
  if (r) yield r;
}

const WS = new Uint8Array(256);
for (const c of [32, 9, 10, 13]) WS[c] = 1;

/**
 * A JSON file: an array of records (each element read on its own, however large the file), or one value.
 * A small scanner finds where each element starts and ends (brackets and strings); JSON.parse reads it.
 */
async function* jsonArray(
  file: string,
  chunks: AsyncIterable<Uint8Array>,
  problems: Problems,
): AsyncGenerator<RawRecord> {
  const element = new RecordBytes();
  let mode: "start" | "array" | "single" | "done" = "start";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let inElement = false;
  let afterComma = false;
  let record = 0;
  let line = 1;
  let elementLine = 1;
  const finish = (): RawRecord | null => {
    const tooBig = element.tooBig;
    const bytes = element.take();
    element.reset();
    inElement = false;
    if (tooBig) {
      problems.add(file, record, "$", `the record is larger than ${sizeText(MAX_RECORD_BYTES)}`);
      return null;
    }
    if (!bytes.byteLength || bytes.every((b) => WS[b])) {
      problems.add(
        file,
        record,
        "$",
        `broken JSON at line ${elementLine}: an empty element (two commas, or a comma before "]")`,
      );
      return null;
    }
    return { file, record, bytes, where: `element ${record}`, firstLine: elementLine };
  };
  for await (const chunk of withoutBom(chunks)) {
    if (mode === "single") {
      element.add(Uint8Array.prototype.slice.call(chunk));
      continue;
    }
    let start = inElement ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) inString = false;
        continue;
      }
      if (c === 10) line++;
      if (mode === "start") {
        if (WS[c]) continue;
        if (c === 91) {
          mode = "array";
          depth = 1;
          continue;
        }
        // Not an array: the whole file is one record.
        mode = "single";
        record = 1;
        element.add(Uint8Array.prototype.slice.call(chunk, i));
        break;
      }
      if (mode === "done") {
        if (!WS[c]) {
          problems.add(file, null, "$", `broken JSON at line ${line}: text after the closing "]"`);
          return;
        }
        continue;
      }
      if (depth === 1 && (c === 44 || c === 93)) {
        if (inElement) {
          element.add(chunk.subarray(start, i));
          const r = finish();
          if (r) yield r;
        } else if (c === 44 || afterComma) {
          // "[,", ",," or ",]": an element is missing.
          record++;
          elementLine = line;
          finish();
        }
        afterComma = c === 44;
        start = -1;
        if (c === 93) {
          depth = 0;
          mode = "done";
        }
        continue;
      }
      if (!inElement) {
        if (WS[c]) continue;
        inElement = true;
        afterComma = false;
        record++;
        elementLine = line;
        start = i;
      }
      if (c === 34) inString = true;
      else if (c === 91 || c === 123) depth++;
      else if (c === 93 || c === 125) depth--;
    }
    if (inElement && start >= 0 && mode === "array") element.add(Uint8Array.prototype.slice.call(chunk, start));
  }
  if (mode === "single") {
    const r = finish();
    if (r) yield r;
  } else if (mode === "array")
    problems.add(
      file,
      null,
      "$",
      `broken JSON: the array is not closed (the file ends at line ${line} inside element ${Math.max(record, 1)})`,
    );
  else if (mode === "start") problems.add(file, null, "$", "the file is empty");
}

/**
 * The records of one bundle file as bytes, by its name: .jsonl/.ndjson line by line, .json as an array or one
 * value. A record's bytes may share the chunk they came in: use or copy them before asking for the next.
 */
export function readRawRecords(
  file: string,
  chunks: AsyncIterable<Uint8Array>,
  problems: Problems,
): AsyncGenerator<RawRecord> {
  return /\.(jsonl|ndjson)$/i.test(file) ? jsonLines(file, chunks, problems) : jsonArray(file, chunks, problems);
}

/** The records of one bundle file, parsed. */
export async function* readRecords(
  file: string,
  chunks: AsyncIterable<Uint8Array>,
  problems: Problems,
): AsyncGenerator<SourceRecord> {
  for await (const raw of readRawRecords(file, chunks, problems)) {
    const r = parseRaw(raw, problems);
    if (r) yield r;
  }
}

/** All records of a small file (the manifest, the POI table, the queries) at once. */
export async function readAll(
  file: string,
  chunks: AsyncIterable<Uint8Array>,
  problems: Problems,
): Promise<SourceRecord[]> {
  const out: SourceRecord[] = [];
  for await (const r of readRecords(file, chunks, problems)) out.push(r);
  return out;
}
