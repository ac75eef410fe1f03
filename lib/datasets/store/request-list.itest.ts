/**
 * The Constraints page's list at 100,000 requests: every request reachable by key (the demo's 30 among them, which
 * the old list of the first 500 never showed), searches by text, destination and stage, and each page fast.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { requestFilterSchema, type RequestFilter } from "../request-list";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { poolOf } from "../../platform/db";
import { requestDestinations, requestPage, requestStageCounts } from "./request-list";

let t: TestDatabase;
const N = 100_000;
before(async () => {
  t = await createTestDatabase();
  const pool = poolOf(t.db);
  // Two destinations, a large dataset of N requests (every 3rd with a DRAFT, every 1000th FINAL as well) and a small
  // "demo" of 30 whose dataset id sorts after the large one's.
  await pool.query(`INSERT INTO "Destination" (id, name, country, lat, lon) VALUES
      ('dest-big', 'Chengdu', 'China', 30.6, 104.1), ('dest-demo', 'Paris', 'France', 48.9, 2.35)`);
  await pool.query(`INSERT INTO "Dataset" (id, name, format, "contentHash", counts) VALUES
      ('a-big', 'Big', 'CHINATRAVEL', 'h-big', '{}'), ('z-demo', 'Demo', 'TRIPSCORE', 'h-demo', '{}')`);
  await pool.query(
    `INSERT INTO "Query" (id, "datasetId", "destinationId", "sourceId", text, days, preferences, raw)
     SELECT 'q' || i, 'a-big', 'dest-big', lpad(i::text, 6, '0'),
            'We are ' || (i % 5 + 1) || ' people travelling to Chengdu for ' || (i % 7 + 1) || ' days, request number ' || i
              || CASE WHEN i % 20000 = 7 THEN ', and we want to see the pandas at dawn' ELSE '' END,
            i % 7 + 1, '{}', '{}'
       FROM generate_series(1, $1) i`,
    [N],
  );
  await pool.query(
    `INSERT INTO "Query" (id, "datasetId", "destinationId", "sourceId", text, days, preferences, raw)
     SELECT 'demo' || i, 'z-demo', 'dest-demo', 'demo-' || lpad(i::text, 2, '0'), 'A demo request for Paris number ' || i,
            3, '{}', '{}' FROM generate_series(1, 30) i`,
  );
  await pool.query(
    `INSERT INTO "DslVersion" (id, "queryId", version, stage, constraints)
     SELECT 'v1-' || i, 'q' || i, 1, 'DRAFT', '[{"code": "x", "note": ""}]' FROM generate_series(3, $1, 3) i`,
    [N],
  );
  await pool.query(
    `INSERT INTO "DslVersion" (id, "queryId", version, stage, constraints)
     SELECT 'v2-' || i, 'q' || i, 2, 'FINAL', '[]' FROM generate_series(3000, $1, 3000) i`,
    [N],
  );
  await pool.query(`ANALYZE "Query", "DslVersion"`);
});
after(async () => t.drop());

const filter = (q: Record<string, string>): RequestFilter => requestFilterSchema.parse(q);

/** The median time of a call, in ms, over `runs` (after one warm-up). */
async function timed<T>(fn: () => Promise<T>, runs = 7): Promise<{ ms: number; value: T }> {
  let value = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    value = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(runs / 2)], value };
}

test("every request is reachable by key: the demo's 30 after 100,000 others, and the pages fit end to end", async () => {
  const first = await requestPage(t.db, filter({}));
  assert.equal(first.rows.length, 50);
  assert.equal(first.rows[0].sourceId, "000001");
  assert.equal(first.previous, null);
  const second = await requestPage(t.db, filter({ after: first.next! }));
  assert.equal(second.rows[0].sourceId, "000051");
  const back = await requestPage(t.db, filter({ before: second.previous! }));
  assert.deepEqual(
    back.rows.map((r) => r.id),
    first.rows.map((r) => r.id),
  );
  assert.equal(back.previous, null, "the first page has no page before it");
  // The demo dataset: by its destination, whole on one page.
  const demo = await requestPage(t.db, filter({ destination: "dest-demo" }));
  assert.equal(demo.rows.length, 30);
  assert.equal(demo.next, null);
  assert.ok(demo.rows.every((r) => r.dataset === "Demo" && r.destination === "Paris"));
  assert.deepEqual(await requestDestinations(t.db), [
    { id: "dest-big", name: "Chengdu" },
    { id: "dest-demo", name: "Paris" },
  ]);
});

test("searches by text, destination and stage; bad input is refused with the reason", async () => {
  const pandas = await requestPage(t.db, filter({ q: "PANDAS at dawn" }));
  assert.deepEqual(
    pandas.rows.map((r) => r.sourceId),
    ["000007", "020007", "040007", "060007", "080007"],
  );
  assert.equal((await requestPage(t.db, filter({ q: "100%" }))).rows.length, 0, "% is a character, not a wildcard");
  // Words anywhere, in any order (a new user's "Suzhou nanjing" found nothing: it was one phrase).
  assert.deepEqual(
    (await requestPage(t.db, filter({ q: "dawn  PANDAS" }))).rows.map((r) => r.sourceId),
    pandas.rows.map((r) => r.sourceId),
  );
  assert.equal((await requestPage(t.db, filter({ q: "pandas dusk" }))).rows.length, 0, "every word must be there");
  const final = await requestPage(t.db, filter({ stage: "FINAL" }));
  assert.equal(final.rows.length, 33);
  assert.ok(final.rows.every((r) => r.latest?.stage === "FINAL" && r.latest.version === 2));
  const draft = await requestPage(t.db, filter({ stage: "DRAFT", q: "request number 9" }));
  assert.ok(draft.rows.every((r) => r.latest?.stage === "DRAFT" && r.latest.constraints === 1));
  const none = await requestPage(t.db, filter({ stage: "NONE", destination: "dest-demo" }));
  assert.equal(none.rows.length, 30);
  const counts = await requestStageCounts(t.db);
  assert.equal(counts.total, N + 30);
  assert.deepEqual(counts.byStage, { NONE: N + 30 - 33333, DRAFT: 33333 - 33, REVISED: 0, VERIFIED: 0, FINAL: 33 });

  for (const [q, message] of [
    [{ stage: "DONE" }, /stage: expected one of NONE, DRAFT, REVISED, VERIFIED, FINAL/],
    [{ after: "not-a-cursor" }, /after: is not a page of this list/],
    [{ q: "x".repeat(201) }, /a search of 200 characters at most/],
  ] as const) {
    const r = requestFilterSchema.safeParse(q);
    assert.ok(!r.success);
    const text = r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    assert.match(text, message);
  }
});

test("at 100,000 requests each page takes milliseconds, whatever its place or filter", async () => {
  const pool = poolOf(t.db);
  // A cursor near the end: the 99,951st request.
  const deep = Buffer.from(JSON.stringify(["a-big", "099950"])).toString("base64url");
  const cases: [string, Record<string, string>][] = [
    ["first page", {}],
    ["page 2,000 (by key)", { after: deep }],
    ["text search, rare words", { q: "pandas at dawn" }],
    ["text search, common words", { q: "people travelling" }],
    ["destination of 30 requests", { destination: "dest-demo" }],
    ["stage FINAL (33 requests)", { stage: "FINAL" }],
    ["stage NONE", { stage: "NONE" }],
  ];
  const figures: string[] = [];
  const slow: string[] = [];
  for (const [name, q] of cases) {
    const { ms, value } = await timed(() => requestPage(t.db, filter(q)));
    assert.ok(value.rows.length > 0, name);
    figures.push(`${name}: ${ms.toFixed(1)} ms`);
    slow.push(...(ms < 250 ? [] : [name]));
  }
  const counts = await timed(() => requestStageCounts(t.db), 3);
  figures.push(`stage counts over all: ${counts.ms.toFixed(1)} ms`);
  assert.ok(counts.ms < 1000, `stage counts: ${counts.ms.toFixed(1)} ms`);
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Query"`);
  console.log(`# requests: ${rows[0].n}; median of 7 runs: ${figures.join("; ")}`);
  assert.deepEqual(slow, [], "pages over 250 ms");
});
