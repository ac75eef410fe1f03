import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { digamma } from "../../kernel";
import { dawidSkene } from "./dawid-skene";
import { mace } from "./mace";
import { ratingMatrix, strictMajority } from "./ratings";

const ref = JSON.parse(readFileSync("lib/quality/reliability/fixtures/reference.json", "utf8"));
const rows = readFileSync("lib/quality/reliability/fixtures/ratings.jsonl", "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const m = ratingMatrix(rows, ref.labels);

test("digamma matches known values", () => {
  const eulerGamma = 0.5772156649015329;
  assert.ok(Math.abs(digamma(1) + eulerGamma) < 1e-12);
  assert.ok(Math.abs(digamma(0.5) - (-eulerGamma - 2 * Math.LN2)) < 1e-12);
  assert.ok(Math.abs(digamma(10) - 2.251752589066721) < 1e-13); // scipy.special.digamma(10)
  assert.ok(Math.abs(digamma(123.5) - 4.812187109433143) < 1e-12); // scipy.special.digamma(123.5)
  assert.ok(Number.isNaN(digamma(0)));
});

test("Dawid–Skene equals the numpy reference (crowd-kit's definition) to 1e-6", () => {
  const ds = dawidSkene(m);
  assert.ok(ds.converged);
  assert.equal(ds.iterations, ref.dawid_skene.iterations);
  ref.dawid_skene.priors.forEach((p: number, c: number) => assert.ok(Math.abs(ds.priors[c] - p) < 1e-6));
  m.raters.forEach((r, w) => assert.ok(Math.abs(ds.accuracy[w] - ref.dawid_skene.accuracy[r]) < 1e-6, r));
  let worst = 0;
  m.items.forEach((item, i) =>
    ref.dawid_skene.posterior[item].forEach(
      (p: number, c: number) => (worst = Math.max(worst, Math.abs(ds.posterior[i * 3 + c] - p))),
    ),
  );
  assert.ok(worst < 1e-6, `largest posterior difference ${worst}`);
  // The random rater (r7) is the least accurate; the five good ones beat it.
  const acc = Object.fromEntries(m.raters.map((r, w) => [r, ds.accuracy[w]]));
  for (const r of ["r0", "r1", "r2", "r3"]) assert.ok(acc[r] > acc.r7);
});

test("MACE equals the numpy reference (crowd-kit's variational definition) to 1e-6", () => {
  const mc = mace(m);
  assert.ok(mc.converged);
  assert.equal(mc.iterations, ref.mace.iterations);
  m.raters.forEach((r, w) => assert.ok(Math.abs(mc.spam[w] - ref.mace.spam[r]) < 1e-6, r));
  let worst = 0;
  m.items.forEach((item, i) =>
    ref.mace.posterior[item].forEach(
      (p: number, c: number) => (worst = Math.max(worst, Math.abs(mc.posterior[i * 3 + c] - p))),
    ),
  );
  assert.ok(worst < 1e-6, `largest posterior difference ${worst}`);
  // The rater who answers at random spams most.
  const spam = Object.fromEntries(m.raters.map((r, w) => [r, mc.spam[w]]));
  assert.equal(Object.entries(spam).sort((a, b) => b[1] - a[1])[0][0], "r7");
});

test("strict majority needs more than half of an item's ratings", () => {
  const small = ratingMatrix(
    [
      { item: "x", rater: "a", label: "A" },
      { item: "x", rater: "b", label: "A" },
      { item: "x", rater: "c", label: "B" },
      { item: "y", rater: "a", label: "A" },
      { item: "y", rater: "b", label: "B" },
      { item: "z", rater: "a", label: "A" },
      { item: "z", rater: "b", label: "B" },
      { item: "z", rater: "c", label: "NEITHER" },
    ],
    ["A", "B", "NEITHER"],
  );
  assert.deepEqual(strictMajority(small), [0, null, null]);
});

test("skipping gold pairs costs what a wrong answer costs once an expert skips gold more than real pairs", async () => {
  const { goldResults, pauseDecision, pauseThreshold, skipsCountAsWrong } = await import("./pause");
  // An expert who skips gold no more than real pairs loses nothing by it.
  assert.equal(skipsCountAsWrong(1, 20, 10, 200), false);
  assert.equal(skipsCountAsWrong(2, 40, 10, 200), false);
  // One who skips gold far more often than real pairs: every skip is a wrong answer.
  assert.equal(skipsCountAsWrong(2, 2, 0, 40), true);
  assert.equal(skipsCountAsWrong(6, 20, 4, 400), true);
  const r = goldResults(
    [
      { skipped: false, correct: true },
      { skipped: true, correct: null },
      { skipped: true, correct: null },
    ],
    { skips: 0, served: 50 },
  );
  assert.deepEqual(r, [true, false, false]);
  assert.deepEqual(
    goldResults(
      [
        { skipped: false, correct: true },
        { skipped: true, correct: null },
      ],
      { skips: 10, served: 50 },
    ),
    [true],
  );
  // The adversary of the outside review: tells gold from real perfectly, skips every gold pair and answers
  // real pairs at random. Paused at its second gold pair — no later than a plain random expert, who answers
  // every gold pair and is paused within 15 of them with probability 0.955.
  const adversary = Array.from({ length: 10 }, () => ({ skipped: true, correct: null }));
  const paused = pauseDecision(goldResults(adversary, { skips: 0, served: 200 }));
  assert.equal(paused.paused, true);
  assert.equal(paused.at, 2);
  assert.equal(pauseThreshold(2), 2, "a random expert is paused that early only by two wrong of two: 1 in 4");
  // The same adversary skipping real pairs just as often (a skipper, not a gold detector) is tested on what it answers.
  assert.equal(pauseDecision(goldResults(adversary, { skips: 200, served: 200 })).paused, false);
});
