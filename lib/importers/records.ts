/** Reading the records of a bundle file (JSON array, single JSON object, or JSONL), keeping line numbers. */
// Records are read once and released (value set to null) as soon as they are converted.
import { Problems } from "./problems";

export interface SourceRecord {
  file: string;
  /** 1-based line (JSONL) or element (JSON array). */
  record: number;
  value: unknown;
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Position of a JSON.parse error (V8 says "… at position N" or "… (line L column C)"). */
function errorLine(text: string, message: string): number | null {
  const lc = /line (\d+) column \d+/.exec(message);
  if (lc) return Number(lc[1]);
  const pos = /position (\d+)/.exec(message);
  return pos ? lineOfOffset(text, Number(pos[1])) : null;
}

export function decodeUtf8(file: string, bytes: Uint8Array, problems: Problems): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    problems.add(file, null, "$", "the file is not valid UTF-8 text (save it as UTF-8)");
    return null;
  }
}

const MAX_DEPTH = 64;

/**
 * What JSON allows and the database does not: NUL characters, unpaired surrogates, and nesting too deep to
 * walk. Reported with the JSON path, at validation, so that an import never fails later for them.
 */
function badValue(v: unknown, path: string, depth: number): string | null {
  if (typeof v === "string") {
    if (v.includes("\u0000")) return `${path}: holds a NUL character (\\u0000), which cannot be stored`;
    if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v)) return `${path}: holds an unpaired surrogate (not valid Unicode text)`;
    return null;
  }
  if (!v || typeof v !== "object") return null;
  if (depth >= MAX_DEPTH) return `${path}: nested deeper than ${MAX_DEPTH} levels`;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const bad = badValue(v[i], `${path}[${i}]`, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  for (const [k, x] of Object.entries(v)) {
    const key = badValue(k, `${path} (a key)`, depth + 1);
    if (key) return key;
    const bad = badValue(x, `${path}.${k}`, depth + 1);
    if (bad) return bad;
  }
  return null;
}

function checked(out: SourceRecord[], r: SourceRecord, problems: Problems) {
  const bad = badValue(r.value, "$", 0);
  if (!bad) return out.push(r);
  const i = bad.indexOf(": ");
  problems.add(r.file, r.record, bad.slice(0, i), bad.slice(i + 2));
}

/** JSONL read line by line from the bytes, so no single giant string is ever held. */
export function readJsonLines(file: string, bytes: Uint8Array, problems: Problems): SourceRecord[] {
  const out: SourceRecord[] = [];
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let line = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    line++;
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(start, end)).trim();
    } catch {
      problems.add(file, line, "$", "this line is not valid UTF-8 text (save the file as UTF-8)");
      start = end + 1;
      continue;
    }
    if (text) {
      try {
        checked(out, { file, record: line, value: JSON.parse(text) }, problems);
      } catch (e) {
        problems.add(file, line, "$", `broken JSON: ${(e as Error).message}`);
      }
    }
    start = end + 1;
  }
  return out;
}

/** A JSON file: an array of records, or one object. */
export function readRecords(file: string, text: string, problems: Problems): SourceRecord[] {
  const out: SourceRecord[] = [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const line = errorLine(text, (e as Error).message);
    problems.add(file, line, "$", `broken JSON${line ? ` at line ${line}` : ""}: ${(e as Error).message}`);
    return out;
  }
  if (Array.isArray(value)) value.forEach((v, i) => checked(out, { file, record: i + 1, value: v }, problems));
  else checked(out, { file, record: 1, value }, problems);
  return out;
}
