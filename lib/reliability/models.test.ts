import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { digamma } from "../stats/special";
import { dawidSkene } from "./dawid-skene";
import { mace } from "./mace";
import { ratingMatrix, strictMajority } from "./ratings";

const ref = JSON.parse(readFileSync("lib/reliability/fixtures/reference.json", "utf8"));
const rows = readFileSync("lib/reliability/fixtures/ratings.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));
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
  m.items.forEach((item, i) => ref.dawid_skene.posterior[item].forEach((p: number, c: number) => (worst = Math.max(worst, Math.abs(ds.posterior[i * 3 + c] - p)))));
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
  m.items.forEach((item, i) => ref.mace.posterior[item].forEach((p: number, c: number) => (worst = Math.max(worst, Math.abs(mc.posterior[i * 3 + c] - p)))));
  assert.ok(worst < 1e-6, `largest posterior difference ${worst}`);
  // The rater who answers at random spams most.
  const spam = Object.fromEntries(m.raters.map((r, w) => [r, mc.spam[w]]));
  assert.equal(Object.entries(spam).sort((a, b) => b[1] - a[1])[0][0], "r7");
});

test("strict majority needs more than half of an item's ratings", () => {
  const small = ratingMatrix(
    [
      { item: "x", rater: "a", label: "A" }, { item: "x", rater: "b", label: "A" }, { item: "x", rater: "c", label: "B" },
      { item: "y", rater: "a", label: "A" }, { item: "y", rater: "b", label: "B" },
      { item: "z", rater: "a", label: "A" }, { item: "z", rater: "b", label: "B" }, { item: "z", rater: "c", label: "NEITHER" },
    ],
    ["A", "B", "NEITHER"],
  );
  assert.deepEqual(strictMajority(small), [0, null, null]);
});
