/** Exports share a soft-label fit like the stored heavy figures (decision 010), and fit again when they must. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { reloadConfig } from "../config";
import { forgetStoredFigures } from "../db/infra/figures";
import { createTestDatabase, type TestDatabase } from "../db/infra/testing";
import { seedHistory } from "../testing/history";
import { softLabelsFor } from "./soft-labels";

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
  const pairs = (await t.db.pair.findMany({ where: { status: "COMPLETE" }, select: { id: true }, take: 50 })).map(
    (p) => p.id,
  );
  assert.ok(pairs.length > 10);
  const first = await softLabelsFor(t.db, { pairIds: pairs });
  assert.equal(first.labels.size, pairs.length, "every complete pair of known experts has a label");
  // A new export (no fit named) shares it.
  const second = await softLabelsFor(t.db, { pairIds: pairs });
  assert.equal(second.fit, first.fit);
  assert.deepEqual(second.labels, first.labels);

  // An expert the fit never saw, on a complete pair: a new export fits again, and that pair has its label.
  const newcomer = await t.db.user.create({ data: { email: "new@figures.test", name: "New", role: "EXPERT" } });
  await t.db
    .$executeRaw`UPDATE "Judgment" SET "userId" = ${newcomer.id} WHERE id = (SELECT id FROM "Judgment" WHERE "pairId" = ${pairs[0]} LIMIT 1)`;
  // As if they had judged it through the judging calls: their tallies count it.
  await t.db.$queryRawUnsafe("SELECT tj_rebuild_tallies()::text");
  const third = await softLabelsFor(t.db, { pairIds: pairs });
  assert.notEqual(third.fit, first.fit);
  assert.ok(third.labels.has(pairs[0]));
  // The same export keeps its fit (named) whatever happens meanwhile.
  await forgetStoredFigures(t.db);
  assert.equal((await softLabelsFor(t.db, { fit: third.fit, pairIds: pairs })).fit, third.fit);
  // A new one after the forgetting fits again.
  const fourth = await softLabelsFor(t.db, { pairIds: pairs });
  assert.notEqual(fourth.fit, third.fit);
  // With an age of 0, every export fits again.
  process.env.ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS = "0";
  reloadConfig();
  try {
    assert.notEqual((await softLabelsFor(t.db, { pairIds: pairs })).fit, fourth.fit);
  } finally {
    delete process.env.ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS;
    reloadConfig();
  }
});
