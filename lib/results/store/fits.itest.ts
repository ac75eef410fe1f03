import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { DEFAULT_WEIGHTS, reward } from "../features";
import type { FitReport } from "../fitting/protocol";
import { trainingPairs } from "../../exports/store";
import { AppError } from "../../kernel";
import { adoptFit, createFit, currentWeights, getFit, restoreWeights, weightsHistory } from "./fits";
import { seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../../testing/database";
import { enqueueForTest, inProcessWorker, stopQueues, waitForJob, type RunningWorker } from "../../testing/worker";

let t: TestDatabase;
let admin: string;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
const PARAMS = { folds: 0, bootstrap: 100, seed: 3 };

let worker: RunningWorker;

/** Runs the fit as the app does: a "fit" job on the queue, taken by a worker. */
async function runJob(id: string) {
  return waitForJob(t, await enqueueForTest(t, "fit", { fitId: id }, admin));
}

before(async () => {
  t = await createTestDatabase();
  worker = await inProcessWorker(t);
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  admin = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
});
after(async () => {
  await worker.stop();
  await stopQueues();
  await t.drop();
});

test("a fit with no labelled pairs fails with a clear message and frees its dataset", async () => {
  const fit = await createFit(t.db, {}, PARAMS, admin);
  const job = await runJob(fit.id);
  const done = (await getFit(t.db, fit.id))!;
  assert.equal(done.status, "FAILED");
  assert.match(done.error!, /no labelled pairs/);
  // The job shows why too.
  assert.deepEqual([job.status, job.error], ["FAILED", "There are no labelled pairs for these filters yet."]);
  const dataset = (await t.db.dataset.findFirstOrThrow()).id;
  await assert.doesNotReject(createFit(t.db, { datasetId: dataset }, PARAMS, admin));
  // An id that names no dataset is refused: it would otherwise start a fit of its own.
  await assert.rejects(
    createFit(t.db, { datasetId: "no-such-dataset" }, PARAMS, admin),
    (e: unknown) => e instanceof AppError && e.status === 404,
  );
});

test("one fit at a time per dataset; a fit whose job failed for good stops blocking", async () => {
  const d1 = (await t.db.dataset.findFirstOrThrow()).id;
  await t.db.weightFit.updateMany({ where: { status: { in: ["QUEUED", "RUNNING"] } }, data: { status: "FAILED" } });
  const a = await createFit(t.db, { datasetId: d1 }, PARAMS, admin);
  await assert.rejects(createFit(t.db, { datasetId: d1 }, PARAMS, admin), /already running/);
  // Its job ran out of tries (its worker died three times): the fit follows, with the job's reason.
  await t.db.job.create({
    data: {
      id: "00000000-0000-4000-8000-00000000000a",
      kind: "fit",
      title: "t",
      input: { fitId: a.id },
      status: "FAILED",
      error: "The worker running it stopped (3 tries). Start it again.",
    },
  });
  const b = await createFit(t.db, { datasetId: d1 }, PARAMS, admin);
  const failed = (await getFit(t.db, a.id))!;
  assert.deepEqual(
    [failed.status, failed.error],
    ["FAILED", "The worker running it stopped (3 tries). Start it again."],
  );
  await t.db.weightFit.updateMany({ where: { id: { in: [b.id] } }, data: { status: "FAILED" } });
  await t.db.weightFit.updateMany({ where: { scope: "another" }, data: { status: "FAILED" } });
});

test("fit on judged pairs, adopt the weights (exports follow), restore the defaults", async () => {
  const experts = await Promise.all(
    [0, 1, 2].map((i) => createTestExpert(t.db, `f${i}@t.test`, ["Paris", "Tokyo", "Rome", "Nanjing"])),
  );
  await judgeUntilDone(
    t.db,
    experts,
    (pairId, i) =>
      (["left", "right", "neither"] as const)[(pairId.charCodeAt(pairId.length - 1) + (i === 2 ? 1 : 0)) % 3],
    S,
    "f",
  );
  const labelled = [];
  for await (const p of trainingPairs(t.db)) labelled.push(p);
  assert.ok(labelled.length >= 10, `only ${labelled.length} labelled pairs`);

  const fit = await createFit(t.db, {}, { folds: 2, bootstrap: 200, seed: 3 }, admin);
  const job = await runJob(fit.id);
  assert.equal(job.status, "DONE", job.error ?? "");
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
  const features = {
    ...first.plan_a.features,
    format: first.plan_a.features.format ?? -3,
    commonsense: first.plan_a.features.commonsense ?? -1,
  } as Parameters<typeof reward>[0];
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
