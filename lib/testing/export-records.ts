/**
 * For tests: a Parquet file read back by parquet-wasm (arrow-rs compiled to WebAssembly, an implementation that
 * shares nothing with the writer) as plain rows, and what the JSONL of the same rows should read as in Parquet.
 */
import { tableFromIPC } from "apache-arrow";
import { readParquet, readSchema } from "parquet-wasm";
import { type Column, type Columns, DEFAULT_SPLIT, type PreferenceOptions } from "../exports";

/** The trainer exports' default options (TRL, the request as prompt, no margin), with `p` over them. */
export const trainerOptions = (p: Partial<PreferenceOptions> = {}): PreferenceOptions => ({
  target: "trl",
  prompt: "request",
  margin: "none",
  minAgreement: 2,
  split: DEFAULT_SPLIT,
  ownSplitFirst: true,
  seed: 1,
  neitherBad: false,
  withMetadata: false,
  ...p,
});

/** An Arrow value as plain JSON-like data: lists as arrays, structs as objects, int64 as numbers. */
function plain(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "bigint") {
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) throw new Error(`unsafe ${v}`);
    return Number(v);
  }
  if (typeof v !== "object") return v;
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<number | bigint>, plain);
  // Arrow's vectors iterate their items; its struct rows give their fields as an object.
  if (Array.isArray(v)) return v.map(plain);
  if (Symbol.iterator in v && "length" in v) return Array.from(v as Iterable<unknown>, plain);
  const o = "toJSON" in v && typeof v.toJSON === "function" ? (v.toJSON() as Record<string, unknown>) : v;
  return Object.fromEntries(Object.entries(o as Record<string, unknown>).map(([k, x]) => [k, plain(x)]));
}

/** The file's rows, as parquet-wasm reads them, and its Arrow schema's fields as text (`name: Type`). */
export function readParquetRows(bytes: Uint8Array): { rows: Record<string, unknown>[]; fields: string[] } {
  const table = tableFromIPC(readParquet(bytes).intoIPCStream());
  const fields = table.schema.fields.map((f) => `${f.name}: ${String(f.type)}`);
  const rows: Record<string, unknown>[] = [];
  for (const r of table) rows.push(plain(r) as Record<string, unknown>);
  return { rows, fields };
}

/** The file's key–value metadata. */
export function parquetMetadata(bytes: Uint8Array): Map<string, string> {
  return tableFromIPC(readSchema(bytes).intoIPCStream()).schema.metadata;
}

/**
 * A JSONL row (parsed) as the Parquet of the same export holds it: a nullable column's key left out is null, at
 * any depth (keys the columns do not declare stay, so that a comparison sees them).
 */
export function asParquetHolds(columns: Columns, row: Record<string, unknown>): Record<string, unknown> {
  const fill = (c: Column, v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (c.type === "list") return (v as unknown[]).map((x) => fill(c.items, x));
    if (c.type === "struct") return asParquetHolds(c.fields, v as Record<string, unknown>);
    if (c.type === "json") return JSON.stringify(v);
    return v;
  };
  const out = { ...row };
  for (const [k, c] of Object.entries(columns)) out[k] = fill(c, row[k]);
  return out;
}
