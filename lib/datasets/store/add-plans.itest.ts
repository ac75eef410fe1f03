/**
 * A planner's bundle has one plan per request (how planners publish their outputs): alone it makes no pair, and says
 * why; a second planner's bundle added to its dataset matches the requests (by uid, else by text) and makes the pairs.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { exampleBundle, fileText, withFile } from "../../testing/bundles";
import { importBundle } from "./imports";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { poolOf } from "../../platform/db";
import { assignmentOverview } from "../../judging/store";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
});
after(async () => t.drop());

/** The Nanjing example as one planner's outputs: its plan by `model`, named `id` (ChinaTravel's uid, as planners do). */
function plannerBundle(model: "planner-x" | "planner-y", id: string, edit?: (plan: Record<string, unknown>) => void) {
  const files = exampleBundle("chinatravel-nanjing");
  const line = fileText(files, "plans.jsonl")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((p) => p.model === model)!;
  line.id = id;
  edit?.(line);
  const manifest = JSON.parse(fileText(files, "manifest.json"));
  manifest.name = `Nanjing by ${model}`;
  return withFile(
    withFile(files, "plans.jsonl", JSON.stringify(line) + "\n"),
    "manifest.json",
    JSON.stringify(manifest),
  );
}

test("one plan per request: no pairs, and the import says why and what to do", async () => {
  const r = await importBundle(t.db, plannerBundle("planner-x", "nj-2d-001"));
  assert.ok(r.ok && r.created);
  assert.equal(r.counts.pairs, 0);
  assert.match(r.note ?? "", /No pairs: each of the 1 request with plans has one plan/);
  assert.match(r.note ?? "", /Add to dataset/);
  // Its destination has no pair to judge: the assignment matrix and the destination filters leave it out.
  const overview = await assignmentOverview(t.db);
  assert.deepEqual(
    overview.destinations.map((d) => d.name),
    [],
  );
  assert.equal(overview.destinationsWithoutPairs, 1);
});

test("a second planner's bundle added to the dataset matches the requests by uid and makes the new pairs", async () => {
  const first = await importBundle(t.db, plannerBundle("planner-x", "nj-2d-001"));
  assert.ok(first.ok);
  const datasetId = first.datasetId;
  // Both planners named their plan after the request's uid: the second is stored under its planner's name.
  const second = await importBundle(t.db, plannerBundle("planner-y", "nj-2d-001"), { intoDatasetId: datasetId });
  assert.ok(second.ok, JSON.stringify(second));
  assert.equal(second.datasetId, datasetId);
  assert.ok(second.created);
  assert.equal(second.note, undefined);
  assert.deepEqual(
    { ...second.added!, totals: undefined },
    { name: "Nanjing by planner-x", requests: 1, matched: 1, plans: 1, plansKnown: 0, pairs: 1, totals: undefined },
  );
  assert.equal(second.added!.totals.plans, 2);
  assert.equal(second.added!.totals.pairs, 1);
  assert.equal(second.added!.totals.queries, 1);
  const ds = await t.db.dataset.findUniqueOrThrow({ where: { id: datasetId } });
  assert.equal((ds.counts as { pairs: number }).pairs, 1);
  const queries = await t.db.query.findMany({ where: { datasetId }, include: { plans: true, pairs: true } });
  assert.equal(queries.length, 1);
  assert.deepEqual(queries[0].plans.map((p) => `${p.model} ${p.sourceId}`).sort(), [
    "planner-x nj-2d-001",
    "planner-y planner-y:nj-2d-001",
  ]);
  const pair = queries[0].pairs[0];
  const a = queries[0].plans.find((p) => p.id === pair.planAId)!;
  assert.equal(a.model, "planner-x", "the plan that was there first is plan A, as in the import's own pairs");
  assert.equal(pair.requiredRaters, 3);
  assert.equal(pair.status, "OPEN");
  // Now Nanjing has a pair: offered in the matrix and filters.
  assert.deepEqual(
    (await assignmentOverview(t.db)).destinations.map((d) => `${d.name} ${d.pairs}`),
    ["Nanjing 1"],
  );

  // The same bundle again (a retry) changes nothing, and says so: its unresolved places are not counted again either
  // (a new user saw "Unresolved places" rise from 1 to 2 after an add that added nothing).
  const unresolvedBefore = (
    (await t.db.dataset.findUniqueOrThrow({ where: { id: datasetId } })).counts as { unresolvedPlaces: number }
  ).unresolvedPlaces;
  const again = await importBundle(t.db, plannerBundle("planner-y", "nj-2d-001"), { intoDatasetId: datasetId });
  assert.ok(again.ok && !again.created);
  assert.equal(again.added!.plansKnown, 1);
  assert.equal(again.counts.pairs, 0);
  assert.equal(again.added!.totals.unresolvedPlaces, unresolvedBefore);
  assert.equal(
    ((await t.db.dataset.findUniqueOrThrow({ where: { id: datasetId } })).counts as { unresolvedPlaces: number })
      .unresolvedPlaces,
    unresolvedBefore,
  );
  assert.match(again.note ?? "", /were in “Nanjing by planner-x” already|was in “Nanjing by planner-x” already/);
  assert.equal(await t.db.pair.count({ where: { query: { datasetId } } }), 1);
  const audit = await t.db.auditEvent.count({ where: { action: "dataset.add", targetId: datasetId } });
  assert.equal(audit, 2);
});

test("requests are matched by their text when the uids differ; a third planner pairs with both plans", async () => {
  const first = await importBundle(t.db, plannerBundle("planner-x", "x-1"));
  assert.ok(first.ok);
  const other = (uid: string, model: "planner-y", id: string, textEdit: (s: string) => string) => {
    let files = plannerBundle(model, id, (p) => (p.uid = uid));
    const q = JSON.parse(fileText(files, "queries.jsonl"));
    q.uid = uid;
    q.nature_language = textEdit(q.nature_language);
    files = withFile(files, "queries.jsonl", JSON.stringify(q) + "\n");
    return files;
  };
  // Another uid, the same request with other spacing and a trailing space: matched by text.
  const second = await importBundle(
    t.db,
    other("other-uid", "planner-y", "y-1", (s) => ` ${s.replace("。", "。 ")}  `),
    { intoDatasetId: first.ok ? first.datasetId : "" },
  );
  assert.ok(second.ok && second.added);
  assert.equal(second.added.matched, 1);
  assert.equal(second.added.pairs, 1);
  // A third plan (another itinerary) for the request: paired with the two there.
  const third = await importBundle(
    t.db,
    plannerBundle("planner-y", "z-1", (p) => {
      p.model = "planner-z";
      const plan = p.plan as { people_number: number };
      plan.people_number = 2;
    }),
    { intoDatasetId: first.ok ? first.datasetId : "" },
  );
  assert.ok(third.ok && third.added);
  assert.equal(third.added.pairs, 2);
  assert.equal(third.added.totals.pairs, 3);
  assert.equal(third.added.totals.queries, 1);
});

test("a request matching none of the dataset's is added, and the import says no request matched", async () => {
  const first = await importBundle(t.db, plannerBundle("planner-x", "m-1"));
  assert.ok(first.ok);
  let files = plannerBundle("planner-y", "m-2", (p) => (p.uid = "unrelated"));
  const q = JSON.parse(fileText(files, "queries.jsonl"));
  q.uid = "unrelated";
  q.nature_language = "A different request altogether.";
  files = withFile(files, "queries.jsonl", JSON.stringify(q) + "\n");
  const r = await importBundle(t.db, files, { intoDatasetId: first.ok ? first.datasetId : "" });
  assert.ok(r.ok && r.added);
  assert.equal(r.added.matched, 0);
  assert.equal(r.added.totals.queries, 2);
  assert.match(r.note ?? "", /none of the bundle's 1 request matched a request of “Nanjing by planner-x”/);
});

test("new pairs of an adaptive dataset get its calibration draw and its raters", async () => {
  const first = await importBundle(t.db, plannerBundle("planner-x", "a-1"));
  assert.ok(first.ok);
  // Every pair outside the calibration share: adaptive raters ask two experts of each.
  await t.db.dataset.update({ where: { id: first.datasetId }, data: { adaptiveRaters: true, calibrationShare: 0 } });
  const r = await importBundle(t.db, plannerBundle("planner-y", "a-2"), { intoDatasetId: first.datasetId });
  assert.ok(r.ok && r.added?.pairs === 1);
  const pair = await t.db.pair.findFirstOrThrow({ where: { query: { datasetId: first.datasetId } } });
  assert.equal(pair.requiredRaters, 2);
  assert.equal(pair.calibration, false);
});

test("an add to an unknown dataset or one of another format is refused with the reason, and writes nothing", async () => {
  const before = await t.db.plan.count();
  const unknown = await importBundle(t.db, plannerBundle("planner-y", "u-1"), { intoDatasetId: "no-such-dataset" });
  assert.ok(!unknown.ok);
  assert.match(unknown.message, /There is no dataset "no-such-dataset" to add the plans to\. Datasets: \S+ \(/);
  const beijing = await importBundle(t.db, exampleBundle("tripscore-beijing"));
  assert.ok(beijing.ok);
  const other = await importBundle(t.db, plannerBundle("planner-y", "u-2"), { intoDatasetId: beijing.datasetId });
  assert.ok(!other.ok);
  assert.match(other.message, /is a tripscore dataset and this bundle is chinatravel/);
  const { rows } = await poolOf(t.db).query<{ n: number }>(`SELECT count(*)::int AS n FROM "Plan"`);
  assert.equal(rows[0].n, before + 2);
});
