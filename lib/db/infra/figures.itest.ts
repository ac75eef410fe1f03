/**
 * Stored heavy figures (decision 010): reloads read them, every process alike, until an admin's change forgets them;
 * a computation a forgetting overtook is not stored (lib/offload/soft-labels.itest.ts: exports' soft-label fits).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { forgetRecent, ADMIN_FIGURES } from "../../cache";
import { forgetStoredFigures, storedOrComputed } from "./figures";
import { createTestDatabase, type TestDatabase } from "./testing";

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
