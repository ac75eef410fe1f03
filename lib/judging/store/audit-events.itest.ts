/** The audit log's record of the judging admin's changes: each event with what was before and what came after. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { seed } from "../../platform/db";
import { claimNext, reassignAssignment, releaseAssignment } from "./judging";
import { setFamiliarity, updateDataset } from "./assignment-overview";
import { setServingOrder } from "./priorities";
import { updateSettings } from "./settings";

let t: TestDatabase;
let admin: string;
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  admin = (await t.db.user.create({ data: { email: "boss@t.test", name: "Boss", role: "ADMIN" } })).id;
});
after(async () => t.drop());

const last = (action: string) =>
  t.db.auditEvent.findFirstOrThrow({ where: { action }, orderBy: { createdAt: "desc" } });

test("a settings change records the settings before and after", async () => {
  const was = (await updateSettings(t.db, {}, admin)).leaseMinutes;
  await updateSettings(t.db, { leaseMinutes: was + 7 }, admin);
  const e = await last("settings.update");
  const data = e.data as { before: { leaseMinutes: number }; after: { leaseMinutes: number } };
  assert.equal(e.actorId, admin);
  assert.equal(data.before.leaseMinutes, was);
  assert.equal(data.after.leaseMinutes, was + 7);
});

test("familiarity: each expert × destination before and after, by e-mail and name", async () => {
  const u = await createTestExpert(t.db, "fam@t.test", ["Tokyo"]);
  const [tokyo, paris] = await Promise.all(
    ["Tokyo", "Paris"].map((name) => t.db.destination.findFirstOrThrow({ where: { name } })),
  );
  await setFamiliarity(t.db, [u], [tokyo.id, paris.id], 2, admin);
  let e = await last("destination.assign");
  assert.deepEqual((e.data as { before: object }).before, { "fam@t.test · Tokyo": 3, "fam@t.test · Paris": 0 });
  assert.deepEqual((e.data as { after: object }).after, { "fam@t.test · Tokyo": 2, "fam@t.test · Paris": 2 });
  await setFamiliarity(t.db, [u], [paris.id], 0, admin);
  e = await last("destination.unassign");
  assert.deepEqual((e.data as { before: object; after: object }).before, { "fam@t.test · Paris": 2 });
  assert.deepEqual((e.data as { before: object; after: object }).after, { "fam@t.test · Paris": 0 });
});

test("a dataset's diagnostics and correction settings: before and after", async () => {
  const ds = await t.db.dataset.findFirstOrThrow();
  await updateDataset(t.db, ds.id, { showDiagnostics: !ds.showDiagnostics, correctors: "admins" }, admin);
  const d = (await last("dataset.diagnostics")).data as { before: object; after: object };
  assert.deepEqual(d.before, { showDiagnostics: ds.showDiagnostics });
  assert.deepEqual(d.after, { showDiagnostics: !ds.showDiagnostics });
  const c = (await last("dataset.corrections")).data as { before: { correctors: string }; after: object };
  assert.equal(c.before.correctors, ds.correctors);
  assert.deepEqual(c.after, { ...c.before, correctors: "admins" });
});

test("a dataset's serving order: before and after", async () => {
  const ds = await t.db.dataset.findFirstOrThrow();
  await setServingOrder(t.db, ds.id, { servingOrder: "balanced" }, admin);
  const d = (await last("dataset.serving_order")).data as { before: object; after: object };
  assert.deepEqual(d.before, { servingOrder: ds.servingOrder, explorationShare: ds.explorationShare });
  assert.deepEqual(d.after, { servingOrder: "balanced", explorationShare: ds.explorationShare });
});

test("release and reassign: the expert who held the slot before, and after", async () => {
  const [x, y] = [
    await createTestExpert(t.db, "x@t.test", ["Tokyo"]),
    await createTestExpert(t.db, "y@t.test", ["Tokyo"]),
  ];
  const S = { ...DEFAULT_SETTINGS };
  const c = (await claimNext(t.db, x, S))!;
  await releaseAssignment(t.db, c.assignmentId, admin);
  const r = await last("assignment.release");
  assert.equal(r.targetId, c.assignmentId);
  assert.deepEqual(r.data, {
    pair: c.pairId,
    before: { status: "CLAIMED", expert: x },
    after: { status: "RELEASED", expert: null },
  });
  const again = (await claimNext(t.db, x, S))!;
  await reassignAssignment(t.db, again.assignmentId, y, admin, S);
  const m = (await last("assignment.reassign")).data as { pair: string; before: object; after: object };
  assert.equal(m.pair, again.pairId);
  assert.deepEqual([m.before, m.after], [{ expert: x }, { expert: y }]);
});
