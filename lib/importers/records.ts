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
        out.push({ file, record: line, value: JSON.parse(text) });
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
  if (Array.isArray(value)) value.forEach((v, i) => out.push({ file, record: i + 1, value: v }));
  else out.push({ file, record: 1, value });
  return out;
}
