import assert from "node:assert/strict";
import { test } from "node:test";
import { formatProblem, Problems } from "./problems";
import { readAll } from "./records";

/** The text in chunks of `size` bytes: records must come out the same whatever the chunking. */
async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

async function read(file: string, text: string, size = 1 << 20) {
  const problems = new Problems();
  const records = await readAll(file, chunked(text, size), problems);
  return { values: records.map((r) => [r.record, r.value]), problems: problems.list.map(formatProblem) };
}

test("a JSON array streams element by element, whatever the chunk boundaries (strings with brackets, escapes, UTF-8)", async () => {
  const values = [
    { a: "x ] } , [ {", b: [1, [2, { c: 'q"uote\\' }]] },
    "plain",
    42,
    null,
    { 名字: "南京博物院 🏯" },
    [],
  ];
  const text = `\ufeff[\n${values.map((v) => JSON.stringify(v, null, 1)).join(" ,\n")}\n]\n`;
  const expected = values.map((v, i) => [i + 1, v]);
  for (const size of [1, 2, 3, 7, 64, 1 << 20])
    assert.deepEqual(await read("plans.json", text, size), { values: expected, problems: [] }, `chunks of ${size}`);
});

test("one JSON object is one record; an empty array none", async () => {
  assert.deepEqual(await read("manifest.json", '{"format": "tripscore"}', 3), {
    values: [[1, { format: "tripscore" }]],
    problems: [],
  });
  assert.deepEqual(await read("plans.json", " [ ] "), { values: [], problems: [] });
});

test("broken arrays are problems with the element and the line: empty elements, a broken element, text after, not closed", async () => {
  const r = await read("plans.json", '[{"a":1},,\n{"b":2,}, {"c":3},]', 4);
  assert.deepEqual(r.values, [
    [1, { a: 1 }],
    [4, { c: 3 }],
  ]);
  assert.equal(r.problems.length, 3);
  assert.match(r.problems[0], /^plans\.json:2 \$: broken JSON at line 1: an empty element/);
  assert.match(r.problems[1], /^plans\.json:3 \$: broken JSON at line 2: /);
  assert.match(r.problems[2], /^plans\.json:5 \$: broken JSON at line 2: an empty element/);
  assert.deepEqual((await read("plans.json", '[{"a":1}] x')).problems, [
    'plans.json $: broken JSON at line 1: text after the closing "]"',
  ]);
  assert.deepEqual((await read("plans.json", '[{"a":1},\n{"b":')).problems, [
    "plans.json $: broken JSON: the array is not closed (the file ends at line 2 inside element 2)",
  ]);
  assert.deepEqual((await read("plans.json", "  ")).problems, ["plans.json $: the file is empty"]);
});

test("JSONL: lines across chunks, CRLF, blank lines skipped, broken lines reported by line", async () => {
  const r = await read("plans.jsonl", '{"a":1}\r\n\r\n{"b":\n  \n{"c":"é"}', 3);
  assert.deepEqual(r.values, [
    [1, { a: 1 }],
    [5, { c: "é" }],
  ]);
  assert.equal(r.problems.length, 1);
  assert.match(r.problems[0], /^plans\.jsonl:3 \$: broken JSON: /);
});

test("invalid UTF-8 is a problem of its record, not of the whole file", async () => {
  const problems = new Problems();
  async function* bytes() {
    yield new TextEncoder().encode('{"a":1}\n{"b":"');
    yield new Uint8Array([0xe9]);
    yield new TextEncoder().encode('"}\n{"c":2}');
  }
  const records = await readAll("plans.jsonl", bytes(), problems);
  assert.deepEqual(
    records.map((r) => r.record),
    [1, 3],
  );
  assert.deepEqual(problems.list.map(formatProblem), [
    "plans.jsonl:2 $: this line is not valid UTF-8 text (save the file as UTF-8)",
  ]);
});

test("the problem list stops at its limit and counts the rest", () => {
  const p = new Problems(3);
  for (let i = 1; i <= 10; i++) p.add("plans.jsonl", i, "$", "bad");
  assert.deepEqual([p.list.length, p.count, p.more, p.truncated], [3, 10, 7, true]);
});
