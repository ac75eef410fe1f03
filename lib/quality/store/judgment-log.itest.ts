/**
 * The judgment log the quality page reads and the ratings the soft labels' fit reads (./judgment-log.ts): each in
 * the same order as one ORDER BY over every judgment of complete pairs, and no snapshot held between its ranges (decision 017: an open snapshot slows
 * every claim and submit while it stays open).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { poolOf } from "../../platform/db";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { seedHistory } from "../../testing/history";
import { completeJudgments, completeRatings } from "./judgment-log";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
  await seedHistory(t.db, 40, { experts: 5 });
});
after(async () => {
  await t.drop();
});

test("judgments of complete pairs come in the order of ORDER BY expert, time, id, read in ranges", async () => {
  const { rows: want } = await poolOf(t.db).query<{ id: string; pair: string; user: string; verdict: string }>(
    `SELECT j.id, j."pairId" AS pair, j."userId" AS user, j.verdict::text AS verdict
       FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" WHERE p.status = 'COMPLETE' ORDER BY j."userId", j."createdAt", j.id`,
  );
  assert.ok(want.length >= 100, `a history to read (${want.length} judgments)`);
  const reads: number[] = [];
  const log = await completeJudgments(t.db, (_, done) => reads.push(done ?? -1), 7);
  assert.deepEqual(
    [...log.order].map((k) => [log.pair[k], log.user[k], log.verdict[k]]),
    want.map((r) => [r.pair, r.user, r.verdict]),
  );
  // 40 pairs in ranges of 7: six reads, each reported.
  assert.equal(reads.length, 6);
  assert.equal(reads.at(-1), want.length);
});

test("between its ranges the read holds no snapshot, and each pair comes with all of its judgments", async () => {
  const pool = poolOf(t.db);
  const holding: number[] = [];
  const log = await completeJudgments(
    t.db,
    () => {
      // Reported after each range's statement: no session of this database waits between statements with a snapshot
      // (an open REPEATABLE READ transaction or cursor would, idle in transaction with its xmin; the log's next
      // statement, running, is not counted).
      void pool
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle%' AND backend_xmin IS NOT NULL AND pid <> pg_backend_pid()`,
        )
        .then((r) => holding.push(r.rows[0].n));
    },
    7,
  ).then(async (l) => {
    await new Promise((r) => setTimeout(r, 50));
    return l;
  });
  assert.ok(holding.length >= 5);
  assert.deepEqual(
    holding.filter((n) => n > 0),
    [],
  );
  // Every pair in the log has all of its judgments.
  const per = new Map<string, number>();
  for (const p of log.pair) per.set(p, (per.get(p) ?? 0) + 1);
  const { rows } = await pool.query<{ id: string; n: number }>(
    `SELECT p.id, count(j.id)::int AS n FROM "Pair" p JOIN "Judgment" j ON j."pairId" = p.id WHERE p.status = 'COMPLETE' GROUP BY p.id`,
  );
  assert.deepEqual(new Map(rows.map((r) => [r.id, r.n])), per);
});

test("the soft labels' ratings come a pair at a time, within a pair by expert, time and id, read in ranges", async () => {
  const { rows: want } = await poolOf(t.db).query<{ pair: string; user: string; verdict: string }>(
    `SELECT j."pairId" AS pair, j."userId" AS user, j.verdict::text AS verdict
       FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" WHERE p.status = 'COMPLETE'
      ORDER BY j."pairId", j."userId", j."createdAt", j.id`,
  );
  const got: [string, string, string][] = [];
  await completeRatings(t.db, (pair, user, verdict) => got.push([pair, user, verdict]), 7);
  assert.deepEqual(
    got,
    want.map((r) => [r.pair, r.user, r.verdict]),
  );
  // Grouped: no pair comes back after another pair's ratings (the builder counts pairs where they change).
  const seen = new Set<string>();
  got.forEach(([pair], i) => {
    if (i > 0 && got[i - 1][0] === pair) return;
    assert.ok(!seen.has(pair), pair);
    seen.add(pair);
  });
});
