/**
 * Every export kind in JSONL and in Parquet from the same database, the Parquet read back by parquet-wasm (arrow-rs)
 * and compared row for row with the JSONL; the command line's `--format parquet` and the export job write the same
 * file.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { EXPORT_KINDS, exportBytes, parquetColumns, type ExportFormat, type ExportKind } from "../kinds";
import { asParquetHolds, readParquetRows } from "../../testing/export-records";
import { seedHistory } from "../../testing/history";
import { DEFAULT_DIMENSIONS } from "../../results/dimensions";
import { poolOf, readStoredFile, storedFilesOf } from "../../platform/db";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { HANDLERS } from "../../platform/worker";
import { records } from "./exports";

let t: TestDatabase;

before(async () => {
  t = await createTestDatabase();
  await seedHistory(t.db, 400, { experts: 5 });
  // A second dataset that asks three dimensions and strength: its rows carry the dimension fields.
  await seedHistory(t.db, 60, { experts: 5, prefix: "g", dimensions: DEFAULT_DIMENSIONS.slice(0, 3) });
  const sql = (text: string) => poolOf(t.db).query(text);
  // What the nullable columns and nested lists can hold: strengths on some A/B verdicts, plans without features,
  // an adjudicated pair, and annotations with and without notes, parents, authors and constraints.
  await sql(`UPDATE "Judgment" SET strength = 1 + length(id) % 3 WHERE verdict <> 'NEITHER' AND length(id) % 2 = 0`);
  await sql(`UPDATE "Plan" SET features = NULL WHERE id IN ('hp3a', 'hp8b')`);
  await sql(`UPDATE "Plan" SET features = features - 'budget' WHERE id = 'hp5a'`);
  await sql(`INSERT INTO "Adjudication" ("pairId", label) VALUES ('hpair7', 'B')`);
  await sql(
    `INSERT INTO "DslVersion" (id, "queryId", version, stage, constraints, note, "createdAt")
     SELECT 'v' || id, id, 1, 'DRAFT', CASE WHEN length(id) % 3 = 0 THEN '[]'::jsonb
       ELSE '[{"code": "result = True", "note": "always"}, {"code": "result = plan.days == 3", "note": "«trois» jours\\nnewline"}]'::jsonb END,
       CASE WHEN length(id) % 2 = 0 THEN NULL ELSE 'note, "quoted"' END, now() FROM "Query"`,
  );
  await sql(
    `INSERT INTO "DslVersion" (id, "queryId", version, stage, constraints, "parentId", "authorId", "createdAt")
     SELECT 'w' || id, id, 2, 'FINAL', '[{"code": "result = False", "note": ""}]'::jsonb, 'v' || id, 'hu1', now() FROM "Query" WHERE id LIKE 'hq1%'`,
  );
});
after(async () => t.drop());

async function bytesOf(kind: ExportKind, format: ExportFormat): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const c of exportBytes(kind, format, records(kind, t.db, {}))) parts.push(c);
  return Buffer.concat(parts);
}

test("every kind's Parquet, read back by arrow-rs, holds row for row what its JSONL holds", async () => {
  // Preference pairs and SFT rows: lib/exports/store/preference.itest.ts, with their options; corrections:
  // lib/corrections/store/corrections.itest.ts.
  for (const kind of EXPORT_KINDS.filter((k) => !["preference-pairs", "sft", "corrections"].includes(k))) {
    const lines = (await bytesOf(kind, "jsonl")).toString("utf8").trimEnd().split("\n");
    const { rows } = readParquetRows(await bytesOf(kind, "parquet"));
    assert.ok(lines.length >= 350, `${kind}: ${lines.length} rows`); // training pairs leave 1-1-1 splits out
    assert.equal(rows.length, lines.length, kind);
    const columns = parquetColumns(kind);
    rows.forEach((r, i) => assert.deepEqual(r, asParquetHolds(columns, JSON.parse(lines[i])), `${kind} row ${i}`));
    // The nullable columns hold both values and nulls here, and the nested ones real lists and structs.
    const seen = (k: string) => new Set(rows.map((r) => (r[k] === null ? "null" : typeof r[k])));
    if (kind === "judgments") assert.deepEqual(seen("strength"), new Set(["null", "number"]));
    // The dimension answers, keyed by the dataset's dimensions, as JSON text (null for the dataset without them).
    if (kind === "judgments" || kind === "battles") assert.deepEqual(seen("dimensions"), new Set(["null", "string"]));
    if (kind === "labelled-pairs" || kind === "training-pairs") {
      assert.deepEqual(seen("dimension_majority"), new Set(["null", "string"]));
      const withDims = rows.find((r) => r.dimension_verdicts !== null)!;
      assert.deepEqual(Object.keys(JSON.parse(withDims.dimension_verdicts as string)).sort(), [
        "feasibility",
        "preferences",
        "request",
      ]);
    }
    if (kind === "annotations") {
      assert.deepEqual(seen("note"), new Set(["null", "string"]));
      assert.ok(rows.some((r) => (r.constraints as unknown[]).length === 0));
      assert.ok(rows.some((r) => (r.constraints as { note: string }[])[1]?.note.includes("\n")));
    }
    if (kind === "training-pairs") {
      assert.ok(rows.some((r) => (r.plan_a as { features: { format: unknown } }).features.format === null));
      assert.ok(rows.every((r) => r.ds_posterior !== null));
    }
  }
});

test("tripjudge export KIND --format parquet --out FILE writes the file the app writes", async () => {
  const out = path.join(tmpdir(), `tj-export-${process.pid}.parquet`);
  try {
    await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/tripjudge.ts", "export", "labelled-pairs", "--format", "parquet", "--out", out],
      { env: { ...process.env, DATABASE_URL: t.url } },
    );
    assert.ok((await readFile(out)).equals(await bytesOf("labelled-pairs", "parquet")));
  } finally {
    await rm(out, { force: true });
  }
});

test("an export job with format=parquet stores the file the download writes, named .parquet", async () => {
  const query = { format: "parquet" as const };
  const job = await t.db.job.create({
    data: { id: "job-parquet", kind: "export", title: "Export", input: { kind: "training-pairs", query } },
  });
  const out = await HANDLERS.export({
    db: t.db,
    jobId: job.id,
    input: { kind: "training-pairs", query },
    createdById: null,
    signal: new AbortController().signal,
    checkCancel: async () => {},
    progress: () => {},
    log: async () => {},
    scratch: tmpdir(),
  });
  const [file] = await storedFilesOf(t.db, job.id, "export");
  assert.match(file.name, /^training-pairs-.*\.parquet$/);
  const parts: Uint8Array[] = [];
  for await (const c of readStoredFile(t.db, file.id)) parts.push(c);
  assert.ok(Buffer.concat(parts).equals(await bytesOf("training-pairs", "parquet")));
  assert.equal((out.result as { rows: number }).rows, readParquetRows(Buffer.concat(parts)).rows.length);
});
