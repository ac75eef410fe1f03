/** For tests: an export written as JSONL and as Parquet from the database, the Parquet read back by arrow-rs. */
import assert from "node:assert/strict";
import { exportBytes, parquetColumns, type ExportKind, type ExportOptions, type ExportFilters } from "../exports";
import { asParquetHolds, readParquetRows } from "./export-records";
import type { Db } from "../platform/db";
import { records } from "../exports/store";

export async function exportFile(
  db: Db,
  kind: ExportKind,
  format: "jsonl" | "parquet",
  o: ExportOptions,
  f: ExportFilters = {},
) {
  const parts: Uint8Array[] = [];
  for await (const c of exportBytes(kind, format, records(kind, db, f, o), { options: o })) parts.push(c);
  return Buffer.concat(parts);
}

/** Asserts that the Parquet holds, row for row, what the JSONL holds; returns the JSONL's lines. */
export async function assertParquetMatchesJsonl(db: Db, kind: ExportKind, o: ExportOptions, f: ExportFilters = {}) {
  const lines = (await exportFile(db, kind, "jsonl", o, f)).toString("utf8").trimEnd().split("\n").filter(Boolean);
  const { rows } = readParquetRows(await exportFile(db, kind, "parquet", o, f));
  assert.equal(rows.length, lines.length, `${kind}: rows`);
  const columns = parquetColumns(kind, o);
  rows.forEach((r, i) => assert.deepEqual(r, asParquetHolds(columns, JSON.parse(lines[i])), `${kind} row ${i}`));
  return lines;
}
