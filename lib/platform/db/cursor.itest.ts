/**
 * Pages by key (./cursor.ts keysetRows): the rows of one ORDER BY, page after page, with no snapshot held between
 * pages (decision 017: the exports of judgments and pairs read this way while experts judge).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { seedHistory } from "../../testing/history";
import { poolOf } from "./client";
import { keysetRows, pageOneAtATime } from "./cursor";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
  await seedHistory(t.db, 25, { experts: 4 });
});
after(async () => t.drop());

const idleWithSnapshot = async () =>
  (
    await poolOf(t.db).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle%' AND backend_xmin IS NOT NULL AND pid <> pg_backend_pid()`,
    )
  ).rows[0].n;

test("pages by a composite key give the rows of one ORDER BY, and hold no snapshot between pages", async () => {
  const { rows: want } = await poolOf(t.db).query<{ queryId: string; id: string }>(
    `SELECT "queryId", id FROM "Pair" ORDER BY "queryId", id`,
  );
  assert.ok(want.length > 20);
  const got: { queryId: string; id: string }[] = [];
  const held: number[] = [];
  const rows = keysetRows<{ queryId: string; id: string }>(
    t.db,
    `SELECT "queryId", id FROM "Pair" WHERE ("queryId", id) > ($1, $2) ORDER BY "queryId", id LIMIT $3`,
    [],
    (r) => [r.queryId, r.id],
    ["", ""],
    4,
  );
  for await (const r of rows) {
    got.push(r);
    // At each page's last row (the next page was asked for and has answered, or is running): nothing idles open.
    if (got.length % 4 === 0) {
      await new Promise((r) => setTimeout(r, 20));
      held.push(await idleWithSnapshot());
    }
  }
  assert.deepEqual(got, want);
  assert.ok(held.length >= 5);
  assert.deepEqual(
    held.filter((n) => n > 0),
    [],
  );
});

test("a reader that stops early leaves no page open or running", async () => {
  const ids: string[] = [];
  const rows = keysetRows<{ id: string }>(
    t.db,
    `SELECT id FROM "Judgment" WHERE id > $1 ORDER BY id LIMIT $2`,
    [],
    (r) => [r.id],
    [""],
    5,
  );
  for await (const r of rows) {
    ids.push(r.id);
    if (ids.length === 7) break;
  }
  assert.equal(ids.length, 7);
  assert.deepEqual([...ids].sort(), ids);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(await idleWithSnapshot(), 0);
  const { rows: busy } = await poolOf(t.db).query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
  );
  assert.equal(busy[0].n, 0, "no page query left running");
});

// Last in this file: it changes how keysetRows pages from here on (as an admin process does at its start).
test("one page at a time (an admin process): the same rows, each page asked for only once the last is worked through", async () => {
  const pool = poolOf(t.db);
  const read = () =>
    keysetRows<{ id: string }>(
      t.db,
      `SELECT id FROM "Judgment" WHERE id > $1 ORDER BY id LIMIT $2`,
      [],
      (r) => [r.id],
      [""],
    );
  const want: string[] = [];
  for await (const r of read()) want.push(r.id);
  pageOneAtATime(4);
  const got: string[] = [];
  // How many rows had been worked through when each page's statement took its connection.
  const asked: number[] = [];
  const onAcquire = () => asked.push(got.length);
  pool.on("acquire", onAcquire);
  try {
    for await (const r of read()) {
      got.push(r.id);
      await new Promise((r) => setTimeout(r, 2)); // a caller at work on the row: time for a page asked early to go
    }
  } finally {
    pool.off("acquire", onAcquire);
  }
  assert.deepEqual(got, want);
  assert.ok(got.length > 12, `${got.length} rows in pages of 4`);
  // Page k is asked for once 4·k rows are done (read ahead, it would be asked for while the page before is read).
  assert.deepEqual(
    asked,
    asked.map((_, k) => 4 * k),
  );
});
