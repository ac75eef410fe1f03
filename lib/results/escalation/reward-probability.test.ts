import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  crossFittedRewardProbabilities,
  logisticFit,
  MIN_REWARD_CALIBRATION,
  REWARD_FOLDS,
  REWARD_RIDGE,
  rewardFold,
  type LogisticFit,
  type RewardPair,
} from ".";
import { pairDraw } from "../../judging";

type RefFit = { a: number; b: number; n: number } | null;
const ref = JSON.parse(readFileSync("lib/results/escalation/fixtures/reward-probability.json", "utf8")) as {
  ridge: number;
  folds: number;
  min_pairs: number;
  cases: {
    name: string;
    pairs: RewardPair[];
    folds: number[];
    labelled: number;
    all: RefFit;
    per_fold: RefFit[];
    probabilities: Record<string, { p_a: number; p_b: number }>;
  }[];
};

const close = (x: number, y: number, what: string) =>
  assert.ok(Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y)), `${what}: ${x}, the reference ${y}`);
function sameFit(fit: LogisticFit | null, want: RefFit, what: string) {
  if (want === null) return assert.equal(fit, null, what);
  assert.ok(fit, what);
  assert.equal(fit.n, want.n, `${what}: pairs`);
  close(fit.a, want.a, `${what}: a`);
  close(fit.b, want.b, `${what}: b`);
}

test("folds, fits and cross-fitted probabilities equal the scipy reference's on the demo's rewards", () => {
  assert.deepEqual([ref.ridge, ref.folds, ref.min_pairs], [REWARD_RIDGE, REWARD_FOLDS, MIN_REWARD_CALIBRATION]);
  assert.deepEqual(
    ref.cases.map((c) => c.name),
    ["demo", "separable", "few", "too few"],
  );
  for (const c of ref.cases) {
    assert.deepEqual(
      c.pairs.map((p) => rewardFold(p.id)),
      c.folds,
      `${c.name}: folds`,
    );
    const r = crossFittedRewardProbabilities(c.pairs);
    assert.equal(r.labelled, c.labelled, `${c.name}: labelled`);
    sameFit(r.all, c.all, `${c.name}: the fit on all`);
    c.per_fold.forEach((f, k) => sameFit(r.folds[k], f, `${c.name}: fold ${k}`));
    assert.deepEqual(
      [...r.probabilities.keys()].sort(),
      Object.keys(c.probabilities).sort(),
      `${c.name}: who abstains`,
    );
    for (const [id, want] of Object.entries(c.probabilities)) {
      const got = r.probabilities.get(id)!;
      assert.ok(Math.abs(got.p_a - want.p_a) <= 1e-9, `${c.name} ${id}: p_a ${got.p_a}, the reference ${want.p_a}`);
      assert.ok(Math.abs(got.p_b - want.p_b) <= 1e-9);
      assert.equal(got.p_a + got.p_b, 1);
    }
  }
  // The cases cover what they are for: the separable fit is steep but finite, and some folds abstain on few labels.
  const [, separable, few, tooFew] = ref.cases;
  assert.ok(separable.all!.b > 100 && Number.isFinite(separable.all!.b));
  assert.ok(few.per_fold.some((f) => f === null) && few.per_fold.some((f) => f !== null));
  assert.equal(Object.keys(tooFew.probabilities).length, 0);
});

test("the fold is tj_pair_draw's point times five", () => {
  for (const id of ["a", "cm4x0pair", "paris-q1-p1~paris-q1-p2"])
    assert.equal(rewardFold(id), Math.floor(pairDraw(id) * 5));
});

test("no labelled pair calibrates its own probability: flipping its label moves others', never its own", () => {
  const demo = ref.cases[0].pairs;
  const before = crossFittedRewardProbabilities(demo).probabilities;
  let moved = 0;
  for (const [i, p] of demo.entries()) {
    if (p.human !== "A" && p.human !== "B") continue;
    const flipped = demo.map((q, k) => (k === i ? { ...q, human: q.human === "A" ? "B" : "A" } : q) as RewardPair);
    const after = crossFittedRewardProbabilities(flipped).probabilities;
    assert.equal(after.get(p.id)!.p_a, before.get(p.id)!.p_a, `${p.id}'s own probability`);
    // The pairs of other folds (and the unlabelled pairs) are fitted with its label: theirs move.
    for (const q of demo)
      if (q.id !== p.id && after.get(q.id)!.p_a !== before.get(q.id)!.p_a) {
        assert.ok(q.human === null || rewardFold(q.id) !== rewardFold(p.id), `${q.id} moved with ${p.id}`);
        moved++;
      }
  }
  assert.ok(moved > 100, `${moved} probabilities moved`);
});

test("a Neither majority and unlabelled pairs are not fitted; under ten A/B pairs the judge abstains", () => {
  const pairs: RewardPair[] = Array.from({ length: 30 }, (_, i) => ({
    id: `p${i}`,
    d: (i % 7) - 3,
    human: i < 9 ? (i % 3 ? "A" : "B") : i < 20 ? "NEITHER" : null,
  }));
  const r = crossFittedRewardProbabilities(pairs);
  assert.equal(r.labelled, 9);
  assert.equal(r.all, null);
  assert.equal(r.probabilities.size, 0);
  pairs[25].human = "A";
  const ten = crossFittedRewardProbabilities(pairs);
  assert.equal(ten.all?.n, 10);
  // Unlabelled pairs take the fit on all; every labelled pair's fold has fewer than ten others: it abstains.
  assert.deepEqual(
    [...ten.probabilities.keys()].sort(),
    pairs
      .filter((p) => p.human === null)
      .map((p) => p.id)
      .sort(),
  );
});

test("the ridge keeps one-class and separable fits finite; on ordinary data it moves nothing", () => {
  const d = [-2, -1, -0.5, 0.5, 1, 2];
  const oneClass = logisticFit(d, [1, 1, 1, 1, 1, 1]);
  assert.ok(Number.isFinite(oneClass.a) && oneClass.a > 5);
  const separable = logisticFit(d, [0, 0, 0, 1, 1, 1]);
  assert.ok(Number.isFinite(separable.b) && separable.b > 5);
  // Overlapping classes: the ridge-free optimum to 1e-5 (the score equations hold).
  const y = [0, 1, 0, 1, 0, 1];
  const fit = logisticFit(d, y);
  const s = (z: number) => 1 / (1 + Math.exp(-z));
  const ga = d.reduce((acc, x, i) => acc + s(fit.a + fit.b * x) - y[i], 0);
  const gb = d.reduce((acc, x, i) => acc + (s(fit.a + fit.b * x) - y[i]) * x, 0);
  assert.ok(Math.abs(ga) < 1e-5 && Math.abs(gb) < 1e-5);
});
