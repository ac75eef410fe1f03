import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { claimNext, submitJudgment } from "../../judging/store";
import { type Verdict } from "../../judging/verdict";
import { importBundle } from "../../datasets/store";
import { seededRandom, type AppError } from "../../kernel";
import { majority } from "../agreement";
import { BUILT_IN_JUDGES } from "../alignment";
import { crossFittedRewardProbabilities, rewardFold, type JudgeCall, type RewardPair } from "../escalation";
import { DEFAULT_WEIGHTS, reward, type PlanFeatures, type Weights } from "../features";
import { importJudgeVerdicts, judgeBoard } from "./alignment";
import { judgeCalls } from "./judge-calls";
import { seed } from "../../platform/db";
import { exampleBundle } from "../../testing/bundles";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
let admin: string;
let demo: string;
let beijing: { dataset: string; pair: string };
/** The demo's pairs by id, with the reward difference under the published weights. */
let pairs: { id: string; featuresA: PlanFeatures; featuresB: PlanFeatures }[];
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
const PUBLISHED = BUILT_IN_JUDGES.defaults;
const ADOPTED = BUILT_IN_JUDGES.adopted;

/** The experts' verdicts per pair in its own terms: mostly a noisy logistic of the reward difference, some Neither, some 1-1-1. */
function plannedVerdicts(): Map<string, Verdict[]> {
  const rng = seededRandom(45);
  return new Map(
    pairs.map((p, i) => {
      const d = reward(p.featuresA, DEFAULT_WEIGHTS) - reward(p.featuresB, DEFAULT_WEIGHTS);
      const u = rng();
      if (i % 10 === 0) return [p.id, ["A", "B", "NEITHER"]]; // no majority: not labelled
      if (i % 10 === 1) return [p.id, ["NEITHER", "NEITHER", "A"]];
      const label: Verdict = u < 1 / (1 + Math.exp(-(0.3 + 1.5 * d))) ? "A" : "B";
      return [p.id, [label, label, i % 3 ? label : "NEITHER"]];
    }),
  );
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  admin = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  demo = (await t.db.dataset.findFirstOrThrow()).id;
  const imported = await importBundle(t.db, exampleBundle("tripscore-beijing"));
  assert.ok(imported.ok);
  beijing = {
    dataset: imported.datasetId,
    pair: (await t.db.pair.findFirstOrThrow({ where: { query: { datasetId: imported.datasetId } } })).id,
  };
  pairs = (
    await t.db.pair.findMany({
      where: { query: { datasetId: demo } },
      select: { id: true, planA: { select: { features: true } }, planB: { select: { features: true } } },
      orderBy: { id: "asc" },
    })
  ).map((p) => ({
    id: p.id,
    featuresA: p.planA.features as unknown as PlanFeatures,
    featuresB: p.planB.features as unknown as PlanFeatures,
  }));
  assert.equal(pairs.length, 60);
  // Three experts judge every demo pair, each giving the planned verdict in the pair's own terms.
  const planned = plannedVerdicts();
  const experts = await Promise.all(
    [0, 1, 2].map((i) => createTestExpert(t.db, `jc${i}@t.test`, ["Paris", "Tokyo", "Rome", "Nanjing"])),
  );
  let n = 0;
  for (let progressed = true; progressed;) {
    progressed = false;
    for (const [i, u] of experts.entries()) {
      const c = await claimNext(t.db, u, S);
      if (!c) continue;
      const a = await t.db.assignment.findUniqueOrThrow({ where: { id: c.assignmentId }, include: { pair: true } });
      const verdict = planned.get(c.pairId)![i];
      const sideOfA = a.leftPlanId === a.pair.planAId ? "left" : "right";
      const choice =
        verdict === "NEITHER" ? "neither" : verdict === "A" ? sideOfA : sideOfA === "left" ? "right" : "left";
      const body = { assignmentId: c.assignmentId, choice, rationale: "r", timeOnTaskMs: 1000 } as const;
      await submitJudgment(t.db, u, { ...body, clientRequestId: `jc-${++n}` }, S);
      progressed = true;
    }
  }
  assert.equal(await t.db.pair.count({ where: { status: "COMPLETE", query: { datasetId: demo } } }), 60);
});
after(async () => t.drop());

const lines = (...rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n");

test("verdicts with probabilities and samples import as given, all or nothing, once per file", async () => {
  const [p0, p1] = pairs;
  const text = lines(
    { pair_id: p0.id, judge: "sure", p_a: 0.8, p_b: 0.15, p_neither: 0.05, order: "ab" },
    { pair_id: p1.id, judge: "sure", samples: ["b", "B", "A"], verdict: "B" },
    { pair_id: p1.id, judge: "sure", verdict: "NEITHER", score_a: 1, score_b: 1 },
  );
  const r = await importJudgeVerdicts(t.db, text, "sure.jsonl", admin);
  assert.deepEqual([r.created, r.verdicts, r.judges], [true, 3, ["sure"]]);
  assert.equal((await importJudgeVerdicts(t.db, text, "sure.jsonl", admin)).created, false);
  const stored = await t.db.judgeVerdict.findMany({
    where: { importId: r.id },
    select: { pairId: true, verdict: true, order: true, pA: true, pB: true, pNeither: true, samples: true },
    orderBy: [{ pairId: "asc" }, { verdict: "asc" }],
  });
  assert.deepEqual(stored, [
    { pairId: p0.id, verdict: "A", order: "ab", pA: 0.8, pB: 0.15, pNeither: 0.05, samples: [] },
    { pairId: p1.id, verdict: "B", order: null, pA: null, pB: null, pNeither: null, samples: ["B", "B", "A"] },
    { pairId: p1.id, verdict: "NEITHER", order: null, pA: null, pB: null, pNeither: null, samples: [] },
  ]);
  // One line whose verdict its probabilities contradict: the file is refused whole, that line named.
  const before = await t.db.judgeVerdict.count();
  await assert.rejects(
    importJudgeVerdicts(
      t.db,
      lines(
        { pair_id: p0.id, judge: "unsure", p_a: 0.6, p_b: 0.4 },
        { pair_id: p1.id, judge: "unsure", verdict: "B", p_a: 0.7, p_b: 0.3 },
      ),
      "unsure.jsonl",
      admin,
    ),
    (e: AppError) =>
      e.code === "invalid_request" &&
      (e.extra!.problems as string[])[0] === "unsure.jsonl:2: verdict B, but the probabilities make A most likely",
  );
  assert.equal(await t.db.judgeVerdict.count(), before);
  // The board says how sure each judge says it is.
  const board = await judgeBoard(t.db, { datasetId: demo });
  const sure = board.judges.find((j) => j.judge === "sure")!;
  assert.deepEqual(sure.confidence, {
    probabilities: 1,
    samples: 1,
    samplesRange: [3, 3],
    verdictsOnly: 1,
    crossFittedOn: null,
    crossFitMinimum: 10,
  });
  const published = board.judges.find((j) => j.judge === PUBLISHED)!;
  const calls = await judgeCalls(t.db, demo, [PUBLISHED]);
  assert.equal(published.confidence.crossFittedOn, labelledAB(await expertMajorities()).length);
  assert.ok(calls.get(PUBLISHED)!.size > 0);
});

test("an uploaded judge's rows on a pair combine: probabilities averaged over those that have them, else samples pooled with verdicts as one sample each", async () => {
  const [p0, p1, p2, p3] = pairs;
  const r = await importJudgeVerdicts(
    t.db,
    lines(
      // p0: two runs with probabilities (both orders) and a verdict-only run, which the probabilities outweigh.
      { pair_id: p0.id, judge: "mix", p_a: 0.9, p_b: 0.1, order: "ab" },
      { pair_id: p0.id, judge: "mix", p_a: 0.5, p_b: 0.5, order: "ba" },
      { pair_id: p0.id, judge: "mix", verdict: "B" },
      // p1: samples pooled with a verdict as one more sample: A 2, B 3.
      { pair_id: p1.id, judge: "mix", samples: ["A", "B", "B"] },
      { pair_id: p1.id, judge: "mix", samples: ["B"] },
      { pair_id: p1.id, judge: "mix", verdict: "A" },
      // p2: p_neither given by one row only: the other's counts 0 — (0.4, 0.35, 0.25).
      { pair_id: p2.id, judge: "mix", p_a: 0.2, p_b: 0.3, p_neither: 0.5 },
      { pair_id: p2.id, judge: "mix", p_a: 0.6, p_b: 0.4 },
      { pair_id: p3.id, judge: "mix", verdict: "NEITHER" },
      { pair_id: p0.id, judge: "plain", verdict: "B" },
      { pair_id: beijing.pair, judge: "mix", verdict: "A" },
    ),
    "mix.jsonl",
    admin,
  );
  assert.ok(r.created);
  const calls = await judgeCalls(t.db, demo, ["mix", "plain", "nobody", ADOPTED]);
  assert.deepEqual([...calls.keys()], ["mix", "plain", "nobody", ADOPTED]);
  const mix = calls.get("mix")!;
  const near = (c: JudgeCall | undefined, verdict: Verdict, confidence: number) =>
    assert.ok(c && c.verdict === verdict && Math.abs(c.confidence - confidence) < 1e-12, JSON.stringify(c));
  near(mix.get(p0.id), "A", 0.7);
  near(mix.get(p1.id), "B", 0.6);
  near(mix.get(p2.id), "A", 0.4);
  near(mix.get(p3.id), "NEITHER", 1);
  assert.equal(mix.size, 4, "the Beijing pair is another dataset's");
  near(calls.get("plain")!.get(p0.id), "B", 1);
  // A judge TripJudge does not know, and the adopted-weights judge before any adoption, abstain everywhere.
  assert.equal(calls.get("nobody")!.size, 0);
  assert.equal(calls.get(ADOPTED)!.size, 0);
  const other = await judgeCalls(t.db, beijing.dataset, ["mix"]);
  assert.deepEqual([...other.get("mix")!.entries()], [[beijing.pair, { verdict: "A", confidence: 1 }]]);
});

/** Each demo pair's experts' majority, read back from the judgments. */
async function expertMajorities(): Promise<Map<string, Verdict | null>> {
  const judgments = await t.db.judgment.findMany({
    where: { pair: { query: { datasetId: demo } } },
    select: { pairId: true, verdict: true },
  });
  const by = new Map<string, Verdict[]>();
  for (const j of judgments) by.set(j.pairId, [...(by.get(j.pairId) ?? []), j.verdict]);
  return new Map(pairs.map((p) => [p.id, majority(by.get(p.id) ?? []).label]));
}
const labelledAB = (m: Map<string, Verdict | null>) => [...m.values()].filter((v) => v === "A" || v === "B");

function rewardPairs(w: Weights, human: Map<string, Verdict | null>): RewardPair[] {
  return pairs.map((p) => ({
    id: p.id,
    d: reward(p.featuresA, w) - reward(p.featuresB, w),
    human: human.get(p.id) ?? null,
  }));
}

test("the reward judges' calls are the cross-fitted probabilities of the experts' majority on the reward difference", async () => {
  const human = await expertMajorities();
  assert.ok(labelledAB(human).length >= 30 && [...human.values()].some((v) => v === null));
  const adopted: Weights = { ...DEFAULT_WEIGHTS, w3: 0.8, w4: 1.4 };
  await t.db.rewardWeights.create({
    data: { weights: JSON.parse(JSON.stringify(adopted)), note: "test", actorId: admin },
  });
  const calls = await judgeCalls(t.db, demo, [PUBLISHED, ADOPTED]);
  for (const [judge, w] of [
    [PUBLISHED, DEFAULT_WEIGHTS],
    [ADOPTED, adopted],
  ] as const) {
    const want = crossFittedRewardProbabilities(rewardPairs(w, human)).probabilities;
    const got = calls.get(judge)!;
    assert.equal(got.size, 60, judge);
    for (const [id, p] of want) {
      const verdict = p.p_a >= p.p_b ? "A" : "B";
      assert.deepEqual(got.get(id), { verdict, confidence: Math.max(p.p_a, p.p_b) }, `${judge} on ${id}`);
    }
  }
  await t.db.rewardWeights.deleteMany();
});

test("no pair calibrates itself: flipping a labelled pair's majority leaves its own probability and moves others'", async () => {
  const before = (await judgeCalls(t.db, demo, [PUBLISHED])).get(PUBLISHED)!;
  const human = await expertMajorities();
  const flipped = pairs.filter((p) => human.get(p.id) === "A").slice(0, 3);
  for (const p of flipped) {
    const judged = await t.db.judgment.findMany({ where: { pairId: p.id }, select: { id: true, verdict: true } });
    // Every expert's verdict on the pair goes over to B (the majority with it), straight in the table: a test's shortcut.
    await t.db.judgment.updateMany({ where: { pairId: p.id }, data: { verdict: "B" } });
    const after = (await judgeCalls(t.db, demo, [PUBLISHED])).get(PUBLISHED)!;
    assert.deepEqual(after.get(p.id), before.get(p.id), `${p.id}'s own call`);
    // Only pairs whose fit has the flipped label in it move — the labelled ones of other folds, and the unlabelled
    // ones (fitted on every label) — and most of them do (a probability saturated at 1 can stay put).
    const fittedWithIt = new Set(
      pairs
        .filter((q) => q.id !== p.id && (human.get(q.id) === null || rewardFold(q.id) !== rewardFold(p.id)))
        .map((q) => q.id),
    );
    const moved = pairs.filter((q) => after.get(q.id)!.confidence !== before.get(q.id)!.confidence);
    for (const q of moved) assert.ok(fittedWithIt.has(q.id), `${q.id} moved with ${p.id}, yet its fit is without it`);
    assert.ok(moved.length >= fittedWithIt.size / 2 && moved.length >= 20, `${moved.length} calls moved`);
    for (const j of judged) await t.db.judgment.update({ where: { id: j.id }, data: { verdict: j.verdict } });
  }
  assert.deepEqual((await judgeCalls(t.db, demo, [PUBLISHED])).get(PUBLISHED), before);
});
