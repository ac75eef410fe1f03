import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { DEFAULT_WEIGHTS, reward } from "../features";
import type { FitReport } from "../fitting/protocol";
import { trainingPairs } from "./exports";
import { UserError } from "./users";
import { adoptFit, createFit, currentWeights, getFit, restoreWeights, weightsHistory } from "./fits";
import { claimNext, submitJudgment } from "./judging";
import { seed } from "./seed";
import { createTestDatabase, createTestExpert, type TestDatabase } from "./testing";

let t: TestDatabase;
let admin: string;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
const PARAMS = { folds: 0, bootstrap: 100, seed: 3 };

/** Runs the fit's process as the app does (scripts/fit-job.ts), against the test database. */
function runJob(id: string) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/fit-job.ts", id], { env: { ...process.env, DATABASE_URL: t.url }, encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  admin = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
});
after(async () => t.drop());

test("a fit with no labelled pairs fails with a clear message and frees its dataset", async () => {
  const fit = await createFit(t.db, {}, PARAMS, admin);
  runJob(fit.id);
  const done = (await getFit(t.db, fit.id))!;
  assert.equal(done.status, "FAILED");
  assert.match(done.error!, /no labelled pairs/);
  const dataset = (await t.db.dataset.findFirstOrThrow()).id;
  await assert.doesNotReject(createFit(t.db, { datasetId: dataset }, PARAMS, admin));
  // An id that names no dataset is refused: it would otherwise start a fit of its own.
  await assert.rejects(createFit(t.db, { datasetId: "no-such-dataset" }, PARAMS, admin), (e: unknown) => e instanceof UserError && e.status === 404);
});

test("one fit at a time per dataset; a fit whose process died stops blocking", async () => {
  const d1 = (await t.db.dataset.findFirstOrThrow()).id;
  await t.db.weightFit.updateMany({ where: { status: { in: ["QUEUED", "RUNNING"] } }, data: { status: "FAILED" } });
  const a = await createFit(t.db, { datasetId: d1 }, PARAMS, admin);
  await assert.rejects(createFit(t.db, { datasetId: d1 }, PARAMS, admin), /already running/);
  await t.db.weightFit.update({ where: { id: a.id }, data: { heartbeatAt: new Date(Date.now() - 10 * 60_000) } });
  const b = await createFit(t.db, { datasetId: d1 }, PARAMS, admin);
  assert.equal((await getFit(t.db, a.id))!.status, "FAILED");
  await t.db.weightFit.updateMany({ where: { id: { in: [b.id] } }, data: { status: "FAILED" } });
  await t.db.weightFit.updateMany({ where: { scope: "another" }, data: { status: "FAILED" } });
});

test("fit on judged pairs, adopt the weights (exports follow), restore the defaults", async () => {
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `f${i}@t.test`, ["Paris", "Tokyo", "Rome", "Nanjing"])));
  let n = 0;
  for (let round = 0; round < 200; round++) {
    let progressed = false;
    for (const [i, u] of experts.entries()) {
      const c = await claimNext(t.db, u, S);
      if (!c) continue;
      const choice = (["left", "right", "neither"] as const)[(c.pairId.charCodeAt(c.pairId.length - 1) + (i === 2 ? 1 : 0)) % 3];
      await submitJudgment(t.db, u, { assignmentId: c.assignmentId, choice, rationale: "r", timeOnTaskMs: 1, clientRequestId: `f-${++n}` }, S);
      progressed = true;
    }
    if (!progressed) break;
  }
  const labelled = [];
  for await (const p of trainingPairs(t.db)) labelled.push(p);
  assert.ok(labelled.length >= 10, `only ${labelled.length} labelled pairs`);

  const fit = await createFit(t.db, {}, { folds: 2, bootstrap: 200, seed: 3 }, admin);
  runJob(fit.id);
  const done = (await getFit(t.db, fit.id))!;
  assert.equal(done.status, "DONE", done.error ?? "");
  assert.equal(done.progress, 1);
  const report = done.report as unknown as FitReport;
  assert.equal(report.pairs, labelled.length);
  assert.equal(report.evaluated, 3_720_087);
  assert.equal(report.cv!.fold_accuracy.length, 2);
  assert.ok(report.train_accuracy >= 0 && report.train_accuracy <= 1);

  assert.deepEqual((await currentWeights(t.db)).weights, DEFAULT_WEIGHTS);
  await adoptFit(t.db, fit.id, admin);
  const inUse = await currentWeights(t.db);
  assert.equal(inUse.adoption!.fitId, fit.id);
  assert.equal(inUse.weights.w4, report.w4);
  assert.equal(inUse.weights.soft.schedule_density, report.weights.schedule_density);
  const exported = [];
  for await (const p of trainingPairs(t.db)) exported.push(p);
  const first = exported[0];
  const features = { ...first.plan_a.features, format: first.plan_a.features.format ?? -3, commonsense: first.plan_a.features.commonsense ?? -1 } as Parameters<typeof reward>[0];
  assert.equal(first.plan_a.reward, reward(features, inUse.weights));

  await restoreWeights(t.db, "defaults", admin);
  assert.deepEqual((await currentWeights(t.db)).weights, DEFAULT_WEIGHTS);
  const history = await weightsHistory(t.db);
  assert.equal(history.length, 2);
  await restoreWeights(t.db, history[1].id, admin); // undo the undo
  assert.equal((await currentWeights(t.db)).weights.w4, report.w4);
  assert.equal(await t.db.auditEvent.count({ where: { action: "weights.adopt" } }), 3);
  await assert.rejects(adoptFit(t.db, "nope", admin), /no such fit/);
});
