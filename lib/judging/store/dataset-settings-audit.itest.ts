/**
 * A dataset's judging settings leave audit events with before and after (issue 47, part 4): raters per pair, adaptive
 * raters, the dimension set. The audit log shows each as "before → after" (lib/audit/view.ts).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { auditChanges } from "../../audit";
import { seed } from "../../platform/db";
import { DEFAULT_DIMENSIONS } from "../../results/dimensions";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { setRequiredRaters } from "./assignment-overview";
import { setDimensions } from "./dimensions";
import { setAdaptiveRaters } from "./judging";

let t: TestDatabase;
let admin: string;
let dataset: string;
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  admin = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  dataset = (await t.db.dataset.findFirstOrThrow()).id;
});
after(async () => t.drop());

async function last(action: string) {
  const e = await t.db.auditEvent.findFirstOrThrow({
    where: { action, targetId: dataset },
    orderBy: { createdAt: "desc" },
  });
  return e.data as Record<string, unknown>;
}

test("raters per pair: before is what the Assign page showed, after what was set", async () => {
  await setRequiredRaters(t.db, dataset, 2, admin);
  assert.deepEqual((await last("dataset.raters")).before, { raters: 3 });
  assert.deepEqual(
    auditChanges(await last("dataset.raters")).find((c) => c.key === "raters"),
    {
      key: "raters",
      before: 3,
      after: 2,
    },
  );
  await setRequiredRaters(t.db, dataset, 3, admin);
  assert.deepEqual(
    [(await last("dataset.raters")).before, (await last("dataset.raters")).after],
    [{ raters: 2 }, { raters: 3 }],
  );
});

test("adaptive raters: the switch and the calibration share before and after", async () => {
  await setAdaptiveRaters(t.db, dataset, true, 0.25, admin);
  const on = await last("dataset.adaptive");
  assert.deepEqual(
    [on.before, on.after],
    [
      { on: false, calibrationShare: 0.15 },
      { on: true, calibrationShare: 0.25 },
    ],
  );
  await setAdaptiveRaters(t.db, dataset, false, 0.25, admin);
  assert.deepEqual((await last("dataset.adaptive")).before, { on: true, calibrationShare: 0.25 });
});

test("dimensions: the set replaced and its version, before and after", async () => {
  const keys = DEFAULT_DIMENSIONS.map((d) => d.key);
  await setDimensions(t.db, dataset, [...DEFAULT_DIMENSIONS], admin);
  const first = await last("dataset.dimensions");
  assert.deepEqual(
    [first.before, first.after],
    [
      { version: 0, keys: [] },
      { version: 1, keys },
    ],
  );
  await setDimensions(t.db, dataset, DEFAULT_DIMENSIONS.slice(0, 2), admin);
  const second = await last("dataset.dimensions");
  assert.deepEqual(
    [second.before, second.after],
    [
      { version: 1, keys },
      { version: 2, keys: keys.slice(0, 2) },
    ],
  );
});
