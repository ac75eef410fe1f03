/** Exports share a soft-label fit like the stored heavy figures (decision 017), and fit again when they must. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { reloadConfig } from "../../kernel";
import { forgetStoredFigures } from "../db/figures";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { seedHistory } from "../../testing/history";
import { poolOf } from "../db/client";
import { records } from "../../exports/store";
import type { ExportFilters } from "../../exports";
import { serveExport, type ExportReply } from "./export";
import { softLabelsFor } from "./soft-labels";
import type { RatedPair } from "../../quality/reliability";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
});
after(async () => {
  await t.drop();
});

test("exports share a soft-label fit until an admin's change, or until an expert it never saw judges a complete pair", async () => {
  await seedHistory(t.db, 300, { experts: 6 });
  await forgetStoredFigures(t.db);
  // Pairs with their judgments as an export reads them ([expert, verdict] by expert, time, id).
  const rated = async () =>
    (
      await poolOf(t.db).query<RatedPair>(
        `SELECT p.id AS "pairId", (SELECT array_agg(ARRAY[j."userId", j.verdict::text] ORDER BY j."userId", j."createdAt", j.id)
                                     FROM "Judgment" j WHERE j."pairId" = p.id) AS ratings
           FROM "Pair" p WHERE p.status = 'COMPLETE' ORDER BY p.id LIMIT 50`,
      )
    ).rows;
  let pairs = await rated();
  assert.ok(pairs.length > 10);
  const first = await softLabelsFor(t.db, { pairs });
  assert.equal(first.labels.size, pairs.length, "every complete pair of known experts has a label");
  // A new export (no fit named) shares it.
  const second = await softLabelsFor(t.db, { pairs });
  assert.equal(second.fit, first.fit);
  assert.deepEqual(second.labels, first.labels);

  // An expert the fit never saw, on a complete pair: a new export fits again, and that pair has its label.
  const newcomer = await t.db.user.create({ data: { email: "new@figures.test", name: "New", role: "EXPERT" } });
  await t.db
    .$executeRaw`UPDATE "Judgment" SET "userId" = ${newcomer.id} WHERE id = (SELECT id FROM "Judgment" WHERE "pairId" = ${pairs[0].pairId} LIMIT 1)`;
  // As if they had judged it through the judging calls: their tallies count it.
  await t.db.$queryRawUnsafe("SELECT tj_rebuild_tallies()::text");
  pairs = await rated();
  const third = await softLabelsFor(t.db, { pairs });
  assert.notEqual(third.fit, first.fit);
  assert.ok(third.labels.has(pairs[0].pairId));
  // The same export keeps its fit (named) whatever happens meanwhile.
  await forgetStoredFigures(t.db);
  assert.equal((await softLabelsFor(t.db, { fit: third.fit, pairs })).fit, third.fit);
  // A new one after the forgetting fits again.
  const fourth = await softLabelsFor(t.db, { pairs });
  assert.notEqual(fourth.fit, third.fit);
  // With an age of 0, every export fits again.
  process.env.ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS = "0";
  reloadConfig();
  try {
    assert.notEqual((await softLabelsFor(t.db, { pairs })).fit, fourth.fit);
  } finally {
    delete process.env.ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS;
    reloadConfig();
  }
});

test("an export reads with no transaction of its own open, and fits soft labels only when rows need them", async () => {
  // Complete pairs exist (the test above seeded them); a forgetting makes the export fit anew.
  await forgetStoredFigures(t.db);
  const pool = poolOf(t.db);
  // The judgments locked: the first of the export's statements to read them waits, and shows where it runs.
  const lock = await pool.connect();
  const { rows: me } = await lock.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  await lock.query(`BEGIN; LOCK TABLE "Judgment" IN ACCESS EXCLUSIVE MODE`);
  const replies: ExportReply[] = [];
  let pull!: (m: "pull" | "cancel") => void;
  const port = {
    on: (_: "message", l: typeof pull) => (pull = l),
    postMessage: (r: ExportReply) => replies.push(r),
    close() {},
  };
  let done!: ReturnType<typeof serveExport>;
  // The lock is let go however the checks end (a failed one must not leave the export waiting for ever).
  try {
    done = serveExport(t.db, { kind: "labelled-pairs", format: "jsonl", filters: {}, options: {} }, port);
    pull("pull");
    let waiting: { query: string; in_transaction: boolean }[] = [];
    for (let i = 0; i < 200 && !waiting.length; i++) {
      await new Promise((r) => setTimeout(r, 25));
      waiting = (
        await pool.query<{ query: string; in_transaction: boolean }>(
          `SELECT query, xact_start < query_start AS in_transaction FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
          [me[0].pid],
        )
      ).rows;
    }
    assert.equal(waiting.length, 1, "one statement waits for the judgments");
    // The export's statement runs on its own: no export snapshot (a transaction begun before it) is open and idle.
    assert.equal(waiting[0].in_transaction, false, waiting[0].query);
    const { rows: snapshots } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid NOT IN ($1, pg_backend_pid()) AND state = 'idle in transaction'`,
      [me[0].pid],
    );
    assert.equal(snapshots[0].n, 0, "no export transaction open while it reads");
  } finally {
    await lock.query("ROLLBACK");
    lock.release();
  }
  while (!replies.some((r) => "done" in r || "error" in r)) {
    const before = replies.length;
    if (before) pull("pull");
    while (replies.length === before) await new Promise((r) => setTimeout(r, 5));
  }
  const outcome = await done;
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.ok(outcome.value > 10, "the export wrote its rows");

  // Nothing is fitted where the scope has no complete pair, for a date range that matches nothing, or for a kind
  // without soft labels: an export of nothing costs nothing.
  let asked = 0;
  const counting = async () => {
    asked++;
    return new Map();
  };
  const drain = async (kind: "labelled-pairs" | "training-pairs" | "judgments", f: ExportFilters) => {
    for await (const r of records(kind, t.db, f, {}, counting)) void r;
  };
  await drain("labelled-pairs", { datasetId: "no-such-dataset" });
  await drain("labelled-pairs", { from: new Date("2199-01-01") });
  await drain("judgments", {});
  assert.equal(asked, 0);
  await drain("training-pairs", {});
  assert.ok(asked >= 1, "an export with rows asks for their labels");
});
