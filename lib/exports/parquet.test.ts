import assert from "node:assert/strict";
import { test } from "node:test";
import { col, parquetChunks, ParquetShapeError, type Column, type Columns } from "./parquet";
import { EXPORT_CONTENT_TYPES, EXPORT_KINDS, exportBytes, exportQuery, parquetColumns, type ExportKind } from "./kinds";
import type { ExportRecord } from "./records";
import { asParquetHolds, parquetMetadata, readParquetRows } from "../testing/export-records";

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<{ bytes: Uint8Array; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { bytes, chunks: parts.length };
}

async function* stream<T>(rows: T[]) {
  for (const r of rows) yield r;
}

/** JSONL's view of the rows: what a trainer loading the JSONL export reads. */
const viaJson = (rows: object[]) => rows.map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>);

// The preference-pair shapes (issue 28): TRL's and OpenRLHF's conversational rows with a margin, TRL's unpaired KTO
// rows, OpenAI's preference fine-tuning rows, and the soft-label metadata (votes, Dawid–Skene's posterior).
const message = col.struct({ role: col.string(), content: col.string() });
const messages = col.list(message);
const METADATA: Columns = {
  pair_id: col.string(),
  query_id: col.string(),
  split: col.string(),
  votes: col.struct({ A: col.int64(), B: col.int64(), NEITHER: col.int64() }),
  ds_posterior: col.nullable(col.struct({ A: col.double(), B: col.double(), NEITHER: col.double() })),
  signed_preference: col.nullable(col.double()),
  verdicts: col.list(col.string()),
};
const TRL: Columns = { prompt: messages, chosen: messages, rejected: messages, margin: col.nullable(col.double()) };
const KTO: Columns = { prompt: messages, completion: messages, label: col.boolean() };
// `tools` is always empty in TripJudge's rows: a list of strings stands for it (its element type carries nothing).
const OPENAI: Columns = {
  input: col.struct({ messages, tools: col.list(col.string()), parallel_tool_calls: col.boolean() }),
  preferred_output: messages,
  non_preferred_output: messages,
};

const sys = { role: "system", content: "You plan trips." };
const user = (i: number) => ({
  role: "user",
  content: `Three days in Rome for two, request ${i} — «été» 🚆\n"quoted"`,
});
const plan = (i: number, side: string) => ({ role: "assistant", content: JSON.stringify({ plan: side, days: i % 4 }) });

test("preference-pair shapes (TRL with margin and metadata, KTO, OpenAI) are real LIST and STRUCT columns, read back equal", async () => {
  const trl = Array.from({ length: 25 }, (_, i) => ({
    prompt: [sys, user(i)],
    chosen: [plan(i, "A")],
    rejected: [plan(i, "B")],
    ...(i % 5 === 0 ? {} : { margin: i % 3 === 0 ? 2 : 1.5 }),
    pair_id: `p${i}`,
    query_id: `q${i % 7}`,
    split: ["train", "validation", "test"][i % 3],
    votes: { A: 2, B: 1, NEITHER: i % 2 },
    ds_posterior: i % 4 === 0 ? null : { A: 0.9, B: 0.07, NEITHER: 0.03 },
    signed_preference: i % 6 === 0 ? null : -1.5,
    verdicts: i % 8 === 0 ? [] : ["A", "B", "A"],
  }));
  const kto = trl.flatMap((r, i) => [
    { prompt: r.prompt, completion: r.chosen, label: true },
    { prompt: r.prompt, completion: r.rejected, label: i % 2 === 0 && false },
  ]);
  const openai = trl.map((r) => ({
    input: { messages: r.prompt, tools: [], parallel_tool_calls: true },
    preferred_output: r.chosen,
    non_preferred_output: r.rejected,
  }));
  const M = "List<Struct<{role:Utf8, content:Utf8}>>";
  for (const [columns, rows, fields] of [
    [
      { ...TRL, ...METADATA },
      trl,
      [
        `prompt: ${M}`,
        `chosen: ${M}`,
        `rejected: ${M}`,
        "margin: Float64",
        "pair_id: Utf8",
        "query_id: Utf8",
        "split: Utf8",
        "votes: Struct<{A:Int64, B:Int64, NEITHER:Int64}>",
        "ds_posterior: Struct<{A:Float64, B:Float64, NEITHER:Float64}>",
        "signed_preference: Float64",
        "verdicts: List<Utf8>",
      ],
    ],
    [KTO, kto, [`prompt: ${M}`, `completion: ${M}`, "label: Bool"]],
    [
      OPENAI,
      openai,
      [
        `input: Struct<{messages:${M}, tools:List<Utf8>, parallel_tool_calls:Bool}>`,
        `preferred_output: ${M}`,
        `non_preferred_output: ${M}`,
      ],
    ],
  ] as const) {
    // Row groups of 4 rows: several groups, each leaving as it fills.
    const { bytes, chunks } = await bytesOf(parquetChunks(columns, stream(rows as object[]), { rowGroupRows: 4 }));
    assert.ok(chunks >= Math.ceil(rows.length / 4), `${chunks} chunks`);
    const back = readParquetRows(bytes);
    assert.deepEqual(back.fields, fields);
    assert.deepEqual(
      back.rows,
      viaJson(rows as object[]).map((r) => asParquetHolds(columns, r)),
    );
  }
});

/** A seeded generator of values of a column: nulls, empty lists, unicode, quotes, large and negative numbers. */
function generator(seed: number) {
  let s = seed >>> 0;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s / 2 ** 32);
  const TEXT = ["", "A", "Rome", 'a "quoted", comma', "=1+1", "line\nbreak", "été 🚆 東京", "x".repeat(3000)];
  const value = (c: Column): unknown => {
    if (c.nullable && rnd() < 0.2) return rnd() < 0.5 ? null : undefined;
    switch (c.type) {
      case "string":
        return TEXT[Math.floor(rnd() * TEXT.length)] + (rnd() < 0.5 ? String(Math.floor(rnd() * 1000)) : "");
      case "boolean":
        return rnd() < 0.5;
      case "int64":
        return [0, 1, -1, 3, -3, 2 ** 40, Number.MAX_SAFE_INTEGER][Math.floor(rnd() * 7)];
      case "double":
        return [0, 1 / 3, -2.5, 1e-12, 1e300, 7][Math.floor(rnd() * 6)];
      case "json":
        return [{ a: 1, b: ["x", null] }, "text", 3][Math.floor(rnd() * 3)];
      case "list":
        return Array.from({ length: Math.floor(rnd() * 4) }, () => value(c.items));
      case "struct":
        return row(c.fields);
    }
  };
  const row = (columns: Columns) => {
    const r: Record<string, unknown> = {};
    for (const [k, c] of Object.entries(columns)) {
      const v = value(c);
      if (v !== undefined) r[k] = v; // a key left out, as JSON.stringify leaves out undefined
    }
    return r;
  };
  return row;
}

test("every export kind's Parquet holds, row for row, what its JSONL holds (generated rows of its columns)", async () => {
  for (const kind of EXPORT_KINDS) {
    const columns = parquetColumns(kind);
    const row = generator(kind.length * 7919);
    const rows = Array.from({ length: 300 }, () => row(columns)) as unknown as ExportRecord[];
    const jsonl = await bytesOf(exportBytes(kind, "jsonl", stream(rows)));
    const parquet = await bytesOf(exportBytes(kind, "parquet", stream(rows), { chunkBytes: 4096 }));
    assert.ok(parquet.chunks > 1, `${kind}: chunks of at most 4096 bytes`);
    const lines = new TextDecoder().decode(jsonl.bytes).trimEnd().split("\n");
    const back = readParquetRows(parquet.bytes);
    assert.equal(back.rows.length, lines.length, kind);
    back.rows.forEach((r, i) =>
      assert.deepEqual(r, asParquetHolds(columns, JSON.parse(lines[i])), `${kind} row ${i}: ${lines[i]}`),
    );
    assert.equal(parquetMetadata(parquet.bytes).get("tripjudge.kind"), kind);
  }
});

test("format=parquet is a query every export takes, downloaded as application/vnd.apache.parquet", () => {
  assert.equal(exportQuery.parse({ format: "parquet" }).format, "parquet");
  assert.equal(exportQuery.safeParse({ format: "xlsx" }).success, false);
  assert.equal(EXPORT_CONTENT_TYPES.parquet, "application/vnd.apache.parquet");
});

test("each kind's columns are its records' keys, in their order (the dimension fields where a dataset asks them)", () => {
  const dims = "dimension_verdicts dimension_majority dimension_agreement";
  const L = "label_source label_judge label_threshold label_confidence";
  const keys: Record<ExportKind, string> = {
    judgments: `pair_id query_id destination expert slot verdict rationale time_on_task_ms left_plan claimed_at submitted_at strength signed_preference ${L} review_status reviewed_by review_reason dimensions`,
    "labelled-pairs": `pair_id query_id destination plan_a plan_b verdicts label label_basis ${L} agreement ds_label ds_posterior ${dims} split`,
    "training-pairs": `pair_id query_id destination split label ${L} plan_a plan_b ds_label ds_posterior ${dims}`,
    annotations:
      "query_id source_id dataset destination version stage parent_version author created_at note constraints",
    battles: `id model_a model_b winner query_id pair_id destination judge left submitted_at dimensions split ${L}`,
    "preference-pairs": "prompt chosen rejected",
    sft: "messages",
    pairs:
      "pair_id dataset_id dataset destination status judgments required_raters escalation verification query_id query_text plan_a plan_a_planner plan_a_text plan_b plan_b_planner plan_b_text",
    corrections: `correction_id query_id source_plan_id corrected_plan_id expert original corrected edits checks_fixed features_before features_after reward_before reward_after constraints_before constraints_after verification created_at ${L}`,
  };
  for (const kind of EXPORT_KINDS) assert.equal(Object.keys(parquetColumns(kind)).join(" "), keys[kind], kind);
});

test("row groups leave as they fill, before the next rows are read; an empty export is a file of its columns alone", async () => {
  let pulled = 0;
  async function* rows() {
    for (let i = 0; i < 1000; i++) {
      pulled++;
      yield { n: i, text: `row ${i}` };
    }
  }
  const columns = { n: col.int64(), text: col.string() };
  const seen: number[] = [];
  for await (const chunk of parquetChunks(columns, rows(), { rowGroupRows: 100, onRows: (n) => seen.push(n) }))
    assert.ok(chunk.length && pulled <= (seen.length + 1) * 100, `${pulled} rows read before a chunk`);
  assert.deepEqual(seen, [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1000]);
  // A group also closes when its values reach rowGroupBytes.
  const counts: number[] = [];
  for await (const chunk of parquetChunks(
    columns,
    stream([
      { n: 1, text: "x".repeat(500) },
      { n: 2, text: "y" },
    ]),
    {
      rowGroupBytes: 100,
      onRows: (n) => counts.push(n),
    },
  ))
    assert.ok(chunk.length);
  assert.deepEqual(counts, [1, 2]);
  const empty = await bytesOf(parquetChunks(columns, stream([])));
  assert.deepEqual(readParquetRows(empty.bytes), { rows: [], fields: ["n: Int64", "text: Utf8"] });
});

test("a record that does not fit its columns fails with the column's path; numbers that are not finite are null, as in JSON", async () => {
  const columns = {
    a: col.string(),
    m: col.nullable(col.double()),
    l: col.list(col.struct({ role: col.string(), n: col.int64() })),
  };
  const bad: [object, RegExp][] = [
    [{ a: "x", l: [], extra: 1 }, /row\.extra: not a column/],
    [{ a: 1, l: [] }, /row\.a: expected a string, got a number/],
    [{ a: "x" }, /row\.l: expected a value, got a undefined/],
    [{ a: "x", l: [{ role: "user", n: 1.5 }] }, /row\.l\[\]\.n: expected an integer, got 1\.5/],
    [{ a: "x", l: [{ role: "user", n: 1, content: "c" }] }, /row\.l\[\]\.content: not a column/],
    [{ a: "x", l: { role: "user", n: 1 } }, /row\.l: expected a list, got a object/],
  ];
  for (const [r, message] of bad)
    await assert.rejects(bytesOf(parquetChunks(columns, stream([r]))), (e: Error) => {
      assert.ok(e instanceof ParquetShapeError);
      assert.match(e.message, message);
      return true;
    });
  const rows = [
    { a: "x", m: Number.NaN, l: [] },
    { a: "y", m: Infinity, l: [{ role: "user", n: -3 }] },
    { a: "z", l: [] },
  ];
  const back = readParquetRows((await bytesOf(parquetChunks(columns, stream(rows)))).bytes).rows;
  assert.deepEqual(
    back,
    viaJson(rows).map((r) => asParquetHolds(columns, r)),
  );
  assert.deepEqual(
    back.map((r) => r.m),
    [null, null, null],
  );
});
