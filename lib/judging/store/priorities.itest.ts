/**
 * Serving priorities on a real PostgreSQL (priorities.ts, decision 020): recomputed for a dataset served most
 * informative first, the next claim (tj_claim) serves the pair with the highest; as imported, every open pair is 0 and
 * the claim serves exactly as before; a pair of an escalation's calibration sample is served first; only open pairs
 * are written, only when changed; the worker recomputes when asked and after every N judgments.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { inProcessWorker, stopQueues } from "../../testing/worker";
import { queueFor, requestPriorities } from "../../platform/worker";
import { claimNext, submitJudgment } from "./judging";
import { newDueMemo, prioritiesDue, prioritiesState, recomputePriorities, setServingOrder } from "./priorities";
import { updateSettings } from "./settings";

let t: TestDatabase;
let admin: string;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
before(async () => {
  t = await createTestDatabase();
  admin = (await t.db.user.create({ data: { email: "admin@t.test", name: "admin", role: "ADMIN" } })).id;
});
after(async () => {
  await stopQueues();
  await t.drop();
});

/**
 * A dataset of its own destination: one query per pair, each pair of two planners' plans (one rater each), created a
 * second apart in the order given, so the claim's order among equal priorities is the order given.
 */
async function dataset(name: string, planners: [string, string][], servingOrder = "imported") {
  const d = await t.db.destination.create({ data: { name, country: "Testland", lat: 0, lon: 0 } });
  const ds = await t.db.dataset.create({
    data: { name, format: "CANONICAL", contentHash: name, counts: {}, servingOrder, explorationShare: 0 },
  });
  const pairs: string[] = [];
  for (const [k, [a, b]] of planners.entries()) {
    const q = await t.db.query.create({
      data: { datasetId: ds.id, destinationId: d.id, sourceId: `q${k}`, text: "x", days: 1, preferences: {}, raw: {} },
    });
    const plan = (model: string) =>
      t.db.plan.create({
        data: { queryId: q.id, sourceId: model, model, raw: {}, itinerary: {}, contentHash: `${name}-${k}-${model}` },
      });
    const [pa, pb] = [await plan(a), await plan(b)];
    const pair = await t.db.pair.create({
      data: { queryId: q.id, planAId: pa.id, planBId: pb.id, requiredRaters: 1, createdAt: new Date(1e12 + k * 1000) },
    });
    pairs.push(pair.id);
  }
  return { datasetId: ds.id, destination: name, pairs };
}

let requests = 0;
/** The expert claims their next pair and judges it Neither (a tie: every planner judged stays rated). */
async function judgeNext(expert: string): Promise<string> {
  const c = await claimNext(t.db, expert, S);
  assert.ok(c, "a pair to judge");
  await submitJudgment(
    t.db,
    expert,
    {
      assignmentId: c.assignmentId,
      choice: "neither",
      rationale: "r",
      timeOnTaskMs: 1,
      clientRequestId: `r${++requests}`,
    },
    S,
  );
  return c.pairId;
}

async function priorities(ids: string[]): Promise<number[]> {
  const rows = await t.db.pair.findMany({ where: { id: { in: ids } }, select: { id: true, priority: true } });
  return ids.map((id) => rows.find((r) => r.id === id)!.priority);
}

/** Planners A, B, C well compared once judged; two pairs of A and D (D never judged) imported last. */
const PLANNERS: [string, string][] = [
  ["A", "B"],
  ["A", "C"],
  ["B", "C"],
  ["A", "B"],
  ["A", "C"],
  ["B", "C"],
  ["A", "D"],
  ["A", "D"],
];

test("most informative first: after a recompute, the next claim serves the highest-priority pair", async () => {
  const { datasetId, destination, pairs } = await dataset("Informia", PLANNERS, "informative");
  const expert = await createTestExpert(t.db, "informia@t.test", [destination]);
  // Before any recompute every priority is 0: the claim serves as imported.
  for (let k = 0; k < 3; k++) assert.equal(await judgeNext(expert), pairs[k]);
  const state = await recomputePriorities(t.db, datasetId);
  assert.equal(state?.order, "informative");
  assert.equal(state?.judgments, 3);
  assert.equal(state?.pairs, 5);
  const open = pairs.slice(3);
  const p = await priorities(open);
  // D has no battle: a pair of A and D is ranked first (score 1), the first imported of the two.
  assert.equal(Math.max(...p), 1);
  assert.equal(open[p.indexOf(1)], pairs[6]);
  assert.ok(p.every((x) => x > 0 && x <= 1));
  // The judged (complete) pairs were not written.
  assert.deepEqual(await priorities(pairs.slice(0, 3)), [0, 0, 0]);
  // Nothing changed since: a recompute writes nothing but its record.
  assert.equal((await recomputePriorities(t.db, datasetId))?.changed, 0);
  assert.equal(await judgeNext(expert), pairs[6]);
  // With D's first battle counted, the next claim is again the open pair with the highest priority.
  await recomputePriorities(t.db, datasetId);
  const left = pairs.slice(3).filter((id) => id !== pairs[6]);
  const q = await priorities(left);
  assert.equal(await judgeNext(expert), left[q.indexOf(Math.max(...q))]);
});

test("as imported: every open pair is 0 again and the claim serves exactly as before", async () => {
  const { datasetId, destination, pairs } = await dataset("Importia", PLANNERS, "informative");
  const expert = await createTestExpert(t.db, "importia@t.test", [destination]);
  await judgeNext(expert);
  await recomputePriorities(t.db, datasetId);
  assert.ok((await priorities(pairs.slice(1))).some((x) => x > 0));
  const set = await setServingOrder(t.db, datasetId, { servingOrder: "imported" }, admin);
  assert.deepEqual(set, { servingOrder: "imported", explorationShare: 0, changed: true });
  assert.equal((await setServingOrder(t.db, datasetId, { servingOrder: "imported" }, admin)).changed, false);
  const state = await recomputePriorities(t.db, datasetId);
  assert.equal(state?.changed, 7);
  assert.deepEqual(await priorities(pairs), Array(8).fill(0));
  // The claim's order as before the serving order existed: created first.
  const served: string[] = [];
  for (let k = 1; k < pairs.length; k++) served.push(await judgeNext(expert));
  assert.deepEqual(served, pairs.slice(1));
});

test("a pair of the escalation's calibration sample is served first, whatever the serving order", async () => {
  for (const order of ["imported", "informative"]) {
    const { datasetId, destination, pairs } = await dataset(`Calibria ${order}`, PLANNERS, order);
    const expert = await createTestExpert(t.db, `calibria-${order}@t.test`, [destination]);
    await judgeNext(expert);
    // Marked by the escalation (a direct write here, as its own code does).
    await t.db.pair.update({ where: { id: pairs[3] }, data: { escalationCalibration: true } });
    await recomputePriorities(t.db, datasetId);
    const p = await priorities(pairs.slice(1));
    assert.ok(p[2] >= 2 && p.every((x, i) => i === 2 || x < 2), `${order}: ${p}`);
    assert.equal(await judgeNext(expert), pairs[3], order);
  }
});

test("the worker recomputes when asked, and after every N judgments of a dataset served informatively", async () => {
  const { datasetId, destination, pairs } = await dataset("Workia", PLANNERS, "informative");
  const expert = await createTestExpert(t.db, "workia@t.test", [destination]);
  await updateSettings(t.db, { prioritiesEvery: 2 }, admin);
  // Never computed: due at once; computed: not due until two judgments more.
  const memo = newDueMemo();
  assert.ok((await prioritiesDue(t.db, 2, memo)).some((d) => d.datasetId === datasetId));
  await recomputePriorities(t.db, datasetId);
  assert.ok(!(await prioritiesDue(t.db, 2, memo)).some((d) => d.datasetId === datasetId));
  await judgeNext(expert);
  assert.ok(!(await prioritiesDue(t.db, 2, memo)).some((d) => d.datasetId === datasetId));
  await judgeNext(expert);
  assert.ok((await prioritiesDue(t.db, 2, memo)).some((d) => d.datasetId === datasetId));

  const worker = await inProcessWorker(t, 1000, 200);
  try {
    // The look-out sees the two judgments and the worker recomputes.
    const first = await waitForState(datasetId, (s) => s.judgments === 2);
    assert.equal(first.order, "informative");
    // An admin's change is asked for at once (the route does this).
    await setServingOrder(t.db, datasetId, { servingOrder: "balanced" }, admin);
    await requestPriorities(await queueFor(t.url), datasetId);
    await waitForState(datasetId, (s) => s.order === "balanced");
    assert.ok((await priorities(pairs.slice(2))).every((x) => x > 0));
  } finally {
    await worker.stop();
  }
});

async function waitForState(
  datasetId: string,
  done: (s: NonNullable<Awaited<ReturnType<typeof prioritiesState>>>) => boolean,
) {
  for (const t0 = Date.now(); Date.now() - t0 < 30_000; await new Promise((r) => setTimeout(r, 100))) {
    const s = await prioritiesState(t.db, datasetId);
    if (s && done(s)) return s;
  }
  throw new Error("the worker did not recompute within 30 s");
}
