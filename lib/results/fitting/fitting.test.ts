import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_WEIGHTS } from "../features/types";
import {
  FitInputError,
  TRIPSCORE_GRID,
  fitWeights,
  gridFromFile,
  gridSize,
  parallelSearch,
  parseTrainingPairs,
  plainSearch,
  prepare,
  stratifiedFolds,
  syntheticPairs,
  weightsAt,
  type Grid,
} from ".";
import { predict, scoreDifference } from "./plain";

/** A small grid (2 values per searched weight) that contains `planted`. */
const SMALL: Grid = gridFromFile({ w1: [0.1, 0.7], w2: [0.2, 1.0], w3: [0.8, 1.2], w4: [0.1, 1.4] });
const planted = weightsAt(SMALL, 1234);

test("the TripScore grid has 3,720,087 weight vectors and numbers them in a documented order", () => {
  assert.equal(gridSize(TRIPSCORE_GRID), 3_720_087);
  assert.deepEqual(weightsAt(TRIPSCORE_GRID, 0).soft.schedule_density, 0.1);
  const last = weightsAt(TRIPSCORE_GRID, gridSize(TRIPSCORE_GRID) - 1);
  assert.equal(last.w4, 1.4);
  assert.equal(last.w3, 1.2);
  assert.equal(last.preference.physical_effort, 1.0);
  assert.equal(weightsAt(TRIPSCORE_GRID, 1).w4, 0.4); // w4 varies fastest
  assert.equal(weightsAt(TRIPSCORE_GRID, 7).w3, 1.0);
});

test("the factored search returns exactly what the plain loop returns, for all pairs and for every fold", async () => {
  for (const seed of [1, 2, 3]) {
    const pairs = syntheticPairs({ pairs: 120, weights: planted, noise: 0.3, missing: 0.2, failing: 0.15, seed });
    const fold = stratifiedFolds(
      pairs.map((p) => p.label),
      5,
      seed,
    );
    const fast = await parallelSearch(prepare(pairs, fold, 5), SMALL, { threads: 1 });
    const plain = plainSearch(pairs, SMALL, fold, 5);
    assert.deepEqual(Array.from(fast.correct), Array.from(plain.correct));
    assert.deepEqual(Array.from(fast.index), Array.from(plain.index));
    const threaded = await parallelSearch(prepare(pairs, fold, 5), SMALL, { threads: 2 });
    assert.deepEqual(Array.from(threaded.index), Array.from(plain.index));
  }
});

test("equally good vectors: the smallest index wins, on one thread or several", async () => {
  // Every plan fails a gate: every vector predicts the same, so all tie.
  const pairs = syntheticPairs({ pairs: 30, weights: planted, failing: 1, seed: 4 });
  assert.equal((await parallelSearch(prepare(pairs), SMALL, { threads: 1 })).index[0], 0);
  assert.equal((await parallelSearch(prepare(pairs), SMALL, { threads: 2 })).index[0], 0);
});

test("noiseless pairs from known weights: accuracy 1.0 on the full TripScore grid", async () => {
  const truth = weightsAt(TRIPSCORE_GRID, 2_000_000);
  const pairs = syntheticPairs({ pairs: 150, weights: truth, seed: 11 });
  const r = await fitWeights(pairs, { folds: 0, bootstrap: 0, threads: 2 });
  assert.equal(r.train_accuracy, 1);
  assert.equal(r.evaluated, 3_720_087);
  assert.equal(r.cv, null);
  assert.equal(r.bootstrap, null);
});

test("noisy pairs: the fit reaches at least the planted weights' accuracy; CV, bootstrap and tau are reproducible", async () => {
  const pairs = syntheticPairs({ pairs: 400, weights: planted, noise: 0.25, missing: 0.1, failing: 0.1, seed: 5 });
  const plantedAccuracy = pairs.filter((p) => predict(scoreDifference(p, planted)) === p.label).length / pairs.length;
  const r = await fitWeights(pairs, { grid: SMALL, seed: 9, bootstrap: 300 });
  assert.ok(r.train_accuracy >= plantedAccuracy, `${r.train_accuracy} < ${plantedAccuracy}`);
  assert.ok(r.train_accuracy < 0.9);
  assert.equal(r.cv!.fold_accuracy.length, 5);
  assert.equal(
    r.cv!.fold_sizes.reduce((a, b) => a + b),
    400,
  );
  assert.ok(r.cv!.mean > 0.5 && r.cv!.mean <= r.train_accuracy + 0.05);
  const [lo, hi] = r.bootstrap!.ci95;
  assert.ok(lo < r.bootstrap!.accuracy && r.bootstrap!.accuracy < hi && lo < r.train_accuracy && r.train_accuracy < hi);
  assert.ok(r.kendall_tau.train! > 0.2 && r.kendall_tau.validation! > 0.1);
  assert.equal(r.sensitivity.length, 4);
  assert.equal(r.sensitivity.find((s) => s.scale === 1)!.train_accuracy, r.train_accuracy);
  const again = await fitWeights(pairs, { grid: SMALL, seed: 9, bootstrap: 300, threads: 1 });
  assert.deepEqual({ ...again, seconds: 0 }, { ...r, seconds: 0 });
});

test("the weights in use are scored on the same pairs beside the fit (what adopting would change)", async () => {
  const pairs = syntheticPairs({ pairs: 300, weights: planted, noise: 0.25, missing: 0.1, failing: 0.1, seed: 8 });
  const r = await fitWeights(pairs, {
    grid: SMALL,
    seed: 3,
    bootstrap: 0,
    compare: [
      { name: "in use", weights: DEFAULT_WEIGHTS },
      { name: "planted", weights: planted },
    ],
  });
  const accuracyOf = (w: typeof planted) =>
    pairs.filter((p) => predict(scoreDifference(p, w)) === p.label).length / pairs.length;
  assert.deepEqual(
    r.compared!.map((c) => [c.name, c.accuracy]),
    [
      ["in use", accuracyOf(DEFAULT_WEIGHTS)],
      ["planted", accuracyOf(planted)],
    ],
  );
  // The fit maximises accuracy on these pairs over a grid holding the planted weights: never below them.
  assert.ok(r.train_accuracy >= r.compared![1].accuracy);
  assert.ok(r.compared![1].kendall_tau! > 0.2);
  assert.deepEqual((await fitWeights(pairs, { grid: SMALL, folds: 0, bootstrap: 0 })).compared, []);
});

test("stratified folds keep each label's share in every fold", () => {
  const labels = [...Array(50).fill(1), ...Array(30).fill(-1), ...Array(20).fill(0)];
  const fold = stratifiedFolds(labels, 5, 3);
  for (let g = 0; g < 5; g++) {
    const mine = labels.filter((_, i) => fold[i] === g);
    assert.equal(mine.length, 20);
    assert.equal(mine.filter((l) => l === 1).length, 10);
    assert.equal(mine.filter((l) => l === 0).length, 4);
  }
});

test("degenerate input gets a clear error or documented behaviour", async () => {
  const one = syntheticPairs({ pairs: 1, weights: DEFAULT_WEIGHTS, seed: 1 });
  await assert.rejects(fitWeights(one, { grid: SMALL }), /5-fold cross-validation needs at least 5 pairs; there are 1/);
  const solo = await fitWeights(one, { grid: SMALL, folds: 0, bootstrap: 0 });
  assert.equal(solo.train_accuracy, 1);
  assert.equal(solo.kendall_tau.train, null); // undefined for one pair, not NaN
  await assert.rejects(fitWeights([], { grid: SMALL }), FitInputError);
  await assert.rejects(fitWeights(one, { grid: SMALL, folds: 1 }), /folds must be 0/);
  const same = syntheticPairs({ pairs: 40, weights: planted, seed: 2 }).map((p) => ({ ...p, label: 1 as const }));
  const r = await fitWeights(same, { grid: SMALL, bootstrap: 50 });
  assert.equal(r.kendall_tau.train, null); // labels are constant: tau is undefined
  assert.equal(r.labels.better_a, 40);
  const nan = { ...one[0], a: { ...one[0].a, pacing: Number.NaN } };
  await assert.rejects(
    fitWeights([nan], { grid: SMALL, folds: 0 }),
    /plan_a\.features\.pacing: NaN is not a sub-score/,
  );
});

test("training-pairs JSONL: every problem is reported with its line and JSON path", () => {
  const ok = (id: string, label: number, extra = "") =>
    JSON.stringify({
      pair_id: id,
      label,
      plan_a: { features: { format: 1, commonsense: 1, pacing: 0.5 } },
      plan_b: { features: { format: 1, commonsense: -1, budget: null } },
    }).replace('"pacing"', `${extra}"pacing"`);
  const pairs = parseTrainingPairs([ok("a", 1), "", ok("b", 0)].join("\n"));
  assert.equal(pairs.length, 2);
  assert.equal(pairs[0].a.schedule_density, null);
  assert.equal(pairs[1].b.commonsense, -1);
  const text = [
    ok("a", 1),
    '{"pair_id": "x", "label": NaN}',
    ok("c", 2),
    ok("d", 1, '"pace": 1, '),
    ok("a", -1),
    ok("e", 1).replace("0.5", '"0.5"'),
  ].join("\n");
  assert.throws(
    () => parseTrainingPairs(text, "t.jsonl"),
    (e: FitInputError) => {
      const all = e.problems.join("\n");
      assert.match(all, /t\.jsonl:2 not valid JSON/);
      assert.match(all, /t\.jsonl:3 \$\.label/);
      assert.match(all, /t\.jsonl:4 \$\.plan_a\.features: Unrecognized key: "pace"/);
      assert.match(all, /t\.jsonl:5 \$\.pair_id: "a" appears twice/);
      assert.match(all, /t\.jsonl:6 \$\.plan_a\.features\.pacing/);
      return true;
    },
  );
  assert.throws(() => parseTrainingPairs("\n\n"), /no training pairs/);
});

test("grid files: shared and per-feature lists; bad values are refused", () => {
  const g = gridFromFile({ w1: { schedule_density: [0.5] }, w4: [1] });
  assert.deepEqual(g.soft.schedule_density, [0.5]);
  assert.deepEqual(g.soft.hotel_consistency, [0.1, 0.4, 0.7]);
  assert.equal(gridSize(g), 3 ** 6 * 3 ** 4 * 3);
  assert.throws(() => gridFromFile({ w3: [] }), /w3/);
  assert.throws(() => gridFromFile({ w4: [-1] }), /positive/);
  assert.throws(() => gridFromFile({ w1: { pacing: [1] } }), /pacing/);
  assert.throws(() => gridFromFile({ w5: [1] }), /w5/);
});
