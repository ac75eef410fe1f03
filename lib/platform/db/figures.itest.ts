/**
 * Stored heavy figures (decision 017): reloads read them, every process alike, until an admin's change forgets them;
 * a computation a forgetting overtook is not stored (lib/platform/offload/soft-labels.itest.ts: exports' soft-label fits).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { forgetRecent, ADMIN_FIGURES } from "../../kernel";
import { qualityReport } from "../../quality/store";
import { seedHistory } from "../../testing/history";
import { poolOf } from "./client";
import { figuresProgress, forgetStoredFigures, progressWriter, storedOrComputed } from "./figures";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
});
after(async () => {
  await t.drop();
});

/** A computation that counts its runs and answers its count. */
function counted() {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    compute: async () => ({ run: ++runs, big: "é".repeat(10) }),
  };
}

test("a reload reads the stored answer: from this process or another, computed once, same time", async () => {
  await forgetStoredFigures(t.db);
  const c = counted();
  const first = await storedOrComputed(t.db, "quality", 60_000, c.compute);
  // Another app process (nothing in this one's memory) reads the same row.
  forgetRecent(ADMIN_FIGURES);
  const second = await storedOrComputed(t.db, "quality", 60_000, c.compute);
  assert.equal(c.runs, 1);
  assert.deepEqual(second.result, { run: 1, big: "é".repeat(10) });
  assert.equal(second.computedAt.getTime(), first.computedAt.getTime());
  // Older than the age asked for: computed again.
  const third = await storedOrComputed(t.db, "quality", 0, c.compute);
  assert.equal(third.result.run, 2);
});

test("reloads that arrive while it is computed share the computation", async () => {
  await forgetStoredFigures(t.db);
  let runs = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const compute = async () => {
    runs++;
    await gate;
    return { n: runs };
  };
  const pending = Array.from({ length: 5 }, () => storedOrComputed(t.db, "judges:", 60_000, compute));
  await new Promise((r) => setTimeout(r, 50));
  release();
  const all = await Promise.all(pending);
  assert.equal(runs, 1);
  assert.ok(all.every((a) => a.result.n === 1));
});

test("an admin's change forgets the stored figures, and a computation it overtook is not stored", async () => {
  await forgetStoredFigures(t.db);
  const c = counted();
  await storedOrComputed(t.db, "leaderboard:{}", 60_000, c.compute);
  await forgetStoredFigures(t.db);
  forgetRecent(ADMIN_FIGURES);
  assert.equal((await storedOrComputed(t.db, "leaderboard:{}", 60_000, c.compute)).result.run, 2);

  // Begun, then overtaken by a forgetting: answered to its callers, never stored.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow = storedOrComputed(t.db, "quality", 60_000, async () => {
    await gate;
    return { stale: true };
  });
  await new Promise((r) => setTimeout(r, 20));
  await forgetStoredFigures(t.db);
  release();
  assert.deepEqual((await slow).result, { stale: true });
  forgetRecent(ADMIN_FIGURES);
  const after = await storedOrComputed(t.db, "quality", 60_000, async () => ({ stale: false }));
  assert.deepEqual(after.result, { stale: false });
  assert.equal(await t.db.storedFigures.count({ where: { key: "quality" } }), 1);
});

test("a heavy computation's progress is readable while it runs, from the stored row, and gone when it ends", async () => {
  await forgetStoredFigures(t.db);
  const seen: (string | undefined)[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const running = storedOrComputed(t.db, 'leaderboard:{"seed":1}', 60_000, async (key) => {
    const p = progressWriter(t.db, key);
    p.report("reading the battles", 0);
    p.report("reading the battles", 20_000);
    // A new stage is written even right after another write, before a long step that reports nothing.
    p.report("fitting 20,000 battles");
    await until(async () => (await figuresProgress(t.db, "leaderboard"))?.stage === "fitting 20,000 battles");
    seen.push((await figuresProgress(t.db, "leaderboard"))?.stage);
    // Another page's progress is not this one's.
    assert.equal(await figuresProgress(t.db, "quality"), null);
    await gate;
    await p.end();
    return { done: true };
  });
  await until(async () => seen.length > 0);
  const mid = await figuresProgress(t.db, "leaderboard");
  assert.equal(mid?.stage, "fitting 20,000 battles");
  assert.equal(mid?.done, null);
  assert.ok(Date.parse(mid!.startedAt) <= Date.parse(mid!.updatedAt));
  release();
  assert.deepEqual((await running).result, { done: true });
  assert.equal(await figuresProgress(t.db, "leaderboard"), null);
  // Progress rows are never served as figures, and a forgetting removes them with the rest.
  const q = progressWriter(t.db, "quality");
  q.report("reading the judgments", 10_000);
  await until(async () => (await figuresProgress(t.db, "quality"))?.done === 10_000);
  await forgetStoredFigures(t.db);
  assert.equal(await figuresProgress(t.db, "quality"), null);
  await q.end();
});

test("the quality report says each stage before it runs", async () => {
  const stages: string[] = [];
  forgetRecent(ADMIN_FIGURES);
  await qualityReport(t.db, (stage) => {
    if (stages.at(-1) !== stage) stages.push(stage);
  });
  assert.deepEqual(
    stages.map((s) => s.replace(/\d[\d,]*/g, "N")),
    ["reading the judgments", "fitting Dawid–Skene to N judgments", "fitting MACE", "agreement between experts"],
  );
});

async function until(f: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The data's version as the figures read it (the sequence's next value). */
const figuresVersion = async (db: TestDatabase["db"]) =>
  BigInt(
    (
      await poolOf(db).query<{ v: string }>(
        "SELECT last_value + (CASE WHEN is_called THEN 1 ELSE 0 END) AS v FROM tj_figures_version",
      )
    ).rows[0].v,
  );

test("stored figures whose judgments changed come back at once, marked updating, and fresh ones follow by themselves", async () => {
  await forgetStoredFigures(t.db);
  forgetRecent(ADMIN_FIGURES);
  const c = counted();
  const first = await storedOrComputed(t.db, "quality", 900_000, c.compute);
  assert.deepEqual([first.result.run, first.updating], [1, false]);
  const v0 = await figuresVersion(t.db);
  // Experts judge: every statement that writes judgments moves the data's version.
  await seedHistory(t.db, 12, { experts: 3, prefix: "fv" });
  assert.ok((await figuresVersion(t.db)) > v0, "judgments move the version");
  // Figures younger than a minute stay as they are (a page left open is not recomputed in a loop).
  forgetRecent(ADMIN_FIGURES);
  assert.deepEqual([(await storedOrComputed(t.db, "quality", 900_000, c.compute)).updating, c.runs], [false, 1]);
  // Six minutes old, as the new user's "0 judgments of 0 complete pairs": the stored answer now, says updating…
  await poolOf(t.db).query(
    `UPDATE "StoredFigures" SET "computedAt" = "computedAt" - interval '6 minutes' WHERE key = 'quality'`,
  );
  const stale = await storedOrComputed(t.db, "quality", 900_000, c.compute);
  assert.deepEqual([stale.result.run, stale.updating], [1, true]);
  // …and the page's next asks get the fresh figures, computed once, no longer updating.
  let fresh = stale;
  for (let i = 0; i < 50 && fresh.updating; i++) {
    await new Promise((r) => setTimeout(r, 100));
    forgetRecent(ADMIN_FIGURES);
    fresh = await storedOrComputed(t.db, "quality", 900_000, c.compute);
  }
  assert.deepEqual([fresh.result.run, fresh.updating, c.runs], [2, false, 2]);
  assert.ok(fresh.computedAt > stale.computedAt);
  // Nothing changed since: read, not computed.
  assert.deepEqual((await storedOrComputed(t.db, "quality", 900_000, c.compute)).result.run, 2);
});
