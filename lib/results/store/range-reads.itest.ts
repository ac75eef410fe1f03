/**
 * The heavy reads by range of pairs (the judgment log behind the quality page and soft labels, the leaderboard's
 * battles, the judge board) read each judgment about once, however many ranges: PostgreSQL does not carry a range
 * on the pairs across the join to the judgments, and each range's statement once scanned every judgment (at 220,000
 * judgments, four times the database's work for the read, all of it beside the experts' calls: decision 017).
 * Counted by the database's own statistics for the judgments' table, from a client of the read's own whose sessions
 * end (and so report) before the count is taken.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { closeDb, createDb, poolOf, type Db } from "../../platform/db";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { seedHistory } from "../../testing/history";
import { completeJudgments } from "../../quality/store";
import { leaderboardBattles } from "./leaderboard";
import { judgeBoard } from "./alignment";

let t: TestDatabase;
let judgments = 0;
before(async () => {
  t = await createTestDatabase();
  await own(async (db) => {
    await seedHistory(db, 3000, { experts: 5 });
    await poolOf(db).query(`ANALYZE`);
  });
  judgments = (await poolOf(t.db).query<{ n: number }>(`SELECT count(*)::int AS n FROM "Judgment"`)).rows[0].n;
});
after(async () => t.drop());

/** Runs `fn` on a client of its own, closed after: its sessions end, which reports their statistics. */
async function own(fn: (db: Db) => Promise<unknown>) {
  const db = createDb(t.url);
  try {
    await fn(db);
  } finally {
    await closeDb(db);
  }
}

/** The judgments' table's rows read so far (by scans and through indexes), once the count stops moving. */
async function judgmentRowsRead(): Promise<number> {
  const read = async () =>
    (
      await poolOf(t.db).query<{ n: string }>(
        `SELECT (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text AS n FROM pg_stat_user_tables WHERE relname = 'Judgment'`,
      )
    ).rows[0].n;
  let last = await read();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await read();
    if (now === last && i >= 2) break;
    last = now;
  }
  return Number(last);
}

async function rowsReadBy(fn: (db: Db) => Promise<unknown>): Promise<number> {
  const before = await judgmentRowsRead();
  await own(fn);
  return (await judgmentRowsRead()) - before;
}

test("a history to read: thousands of judgments in many ranges", () => {
  assert.ok(judgments >= 8000, `${judgments} judgments`);
});

test("the judgment log reads each judgment about once over 30 ranges", async () => {
  let n = 0;
  const read = await rowsReadBy(async (db) => {
    n = (await completeJudgments(db, () => {}, 100)).pair.length;
  });
  assert.equal(n, judgments);
  assert.ok(read <= 2 * judgments, `${read} rows of the judgments' table read for ${judgments} judgments`);
});

test("the leaderboard's battles read each judgment about once over 30 ranges", async () => {
  let battles = 0;
  const read = await rowsReadBy(async (db) => {
    const { set } = await leaderboardBattles(db, {}, { rangeSize: 100 });
    battles = set.size;
  });
  assert.ok(battles > 0);
  assert.ok(read <= 2 * judgments, `${read} rows of the judgments' table read for ${judgments} judgments`);
});

test("the judge board reads each judgment about once over 30 batches", async () => {
  let pairs = 0;
  const read = await rowsReadBy(async (db) => {
    pairs = (await judgeBoard(db, { batch: 100 })).humans.pairs;
  });
  assert.equal(pairs, 3000);
  assert.ok(read <= 2 * judgments, `${read} rows of the judgments' table read for ${judgments} judgments`);
});
