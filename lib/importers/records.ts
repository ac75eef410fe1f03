/** Reading the records of a bundle file (JSON array, single JSON object, or JSONL), keeping line numbers. */
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

export function readRecords(file: string, text: string, problems: Problems): SourceRecord[] {
  const out: SourceRecord[] = [];
  if (file.endsWith(".jsonl") || file.endsWith(".ndjson")) {
    const lines = text.split("\n");
    lines.forEach((raw, i) => {
      const line = raw.trim();
      if (!line) return;
      try {
        out.push({ file, record: i + 1, value: JSON.parse(line) });
      } catch (e) {
        problems.add(file, i + 1, "$", `broken JSON: ${(e as Error).message}`);
      }
    });
    return out;
  }
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
