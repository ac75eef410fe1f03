import assert from "node:assert/strict";
import { test } from "node:test";
import { encodePlan, streamBundle, type DatasetSink, type EncodedPlan } from ".";
import type { NormalizedPlan } from "../normalized";
import { memorySource, type BundleFiles } from "./source";
import { planThreadCount } from "./plan-threads";
import { availableParallelism } from "node:os";
import { exampleBundle, fileText, withFile } from "../../testing/bundles";

/** Keeps what a sink is given, plans in the one shape both paths reach the database in. */
class RecordingSink implements DatasetSink {
  plansSeen: (Omit<EncodedPlan, "documents"> & { documents: string })[] = [];
  pairsSeen: [string, string][] = [];
  async begin() {}
  async pois() {}
  async queries() {}
  async commit() {}
  async abort() {}
  async plans(ps: NormalizedPlan[]) {
    await this.encodedPlans(ps.map(encodePlan));
  }
  async encodedPlans(ps: EncodedPlan[]) {
    for (const p of ps) this.plansSeen.push({ ...p, documents: Buffer.from(p.documents).toString("utf8") });
  }
  async pairs(ps: [string, string][]) {
    this.pairsSeen.push(...ps);
  }
}

async function run(files: BundleFiles, planThreads: number) {
  const sink = new RecordingSink();
  const result = await streamBundle(memorySource(files), sink, { planThreads });
  return { result, plans: sink.plansSeen, pairs: sink.pairsSeen };
}

/** ChinaTravel's Nanjing example grown to `copies` × its plans (new plan ids), as JSONL. */
function grownChinaTravel(copies: number, edit: (lines: string[]) => void = () => {}): BundleFiles {
  const files = exampleBundle("chinatravel-nanjing");
  const plans = fileText(files, "plans.jsonl")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const lines: string[] = [];
  for (let c = 0; c < copies; c++) for (const p of plans) lines.push(JSON.stringify({ ...p, id: `${p.id}-${c}` }));
  edit(lines);
  return withFile(files, "plans.jsonl", lines.join("\n") + "\n");
}

test("plan threads write the same plans, pairs and counts as the import's own thread (JSONL and a JSON array)", async () => {
  const jsonl = grownChinaTravel(150);
  const tripscore = exampleBundle("tripscore-beijing");
  const plans = JSON.parse(fileText(tripscore, "plans.json")) as { id: string }[];
  const grown = Array.from({ length: 120 }, (_, c) => plans.map((p) => ({ ...p, id: `${p.id}-${c}` }))).flat();
  // Pretty-printed: elements span lines, and a plan's documents are rewritten, not copied from the file.
  const array = withFile(tripscore, "plans.json", JSON.stringify(grown, null, 2));
  for (const files of [jsonl, array]) {
    const one = await run(files, 0);
    const threaded = await run(files, 2);
    assert.ok(one.result.ok && threaded.result.ok);
    assert.ok(one.plans.length >= 240);
    assert.deepEqual(threaded.result, one.result);
    assert.deepEqual(threaded.plans, one.plans);
    assert.deepEqual(threaded.pairs, one.pairs);
    // The documents are COPY text: JSON with backslashes doubled, three tab-separated fields.
    const [raw, itinerary, features] = one.plans[0].documents.split("\t");
    assert.equal(typeof JSON.parse(raw.replaceAll("\\\\", "\\")), "object", "raw is the source record's plan");
    assert.ok(JSON.parse(itinerary).days.length >= 1);
    assert.ok("format" in JSON.parse(features));
  }
});

test("plan threads report the same problems in the same order, and write nothing", async () => {
  const files = grownChinaTravel(60, (lines) => {
    lines[3] = "{broken"; // broken JSON
    lines[10] = lines[9]; // a duplicate plan id
    lines[20] = JSON.stringify({ ...JSON.parse(lines[20]), uid: "no-such-query" });
    const bad = JSON.parse(lines[30]);
    bad.plan.itinerary[0].activities[0].start_time = "25:99";
    lines[30] = JSON.stringify(bad);
    lines[40] = lines[40].replace('"model": "', '"model": "\\u0000'); // a NUL the database cannot store
    lines[50] = JSON.stringify({ ...JSON.parse(lines[50]), id: "a\\tb" });
  });
  const one = await run(files, 0);
  const threaded = await run(files, 2);
  assert.equal(one.result.ok, false);
  assert.deepEqual(threaded.result, one.result);
  assert.ok(!one.result.ok && one.result.problems.length >= 4, JSON.stringify(one.result));
  assert.deepEqual(threaded.plans, []);
});

test("how many plan threads: none for small files and for plan records that carry their requests", () => {
  assert.equal(planThreadCount(undefined, 1024, false), 0);
  // Large files: one thread per core but one (the import's thread and PostgreSQL share it), at least one, up to four.
  const large = planThreadCount(undefined, 64 * 1024 * 1024, false);
  assert.ok(large >= 1 && large <= 4, `${large}`);
  if (availableParallelism() > 1)
    assert.ok(large < availableParallelism(), `${large} threads on ${availableParallelism()} cores`);
  assert.equal(planThreadCount(3, 1024, false), 3);
  assert.equal(planThreadCount(3, 64 * 1024 * 1024, true), 0);
});
