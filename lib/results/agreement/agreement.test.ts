import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  allAgree,
  cohenFromTable,
  cohenKappa,
  fleissFromCounts,
  fleissKappa,
  krippendorffAlphaNominal,
  lightKappa,
  noiseCeiling,
  pairwiseAgreement,
} from "./kappa";

// Reference values from scikit-learn 1.2.1 / statsmodels 0.13.5 (copied from shared/fixtures; numbers are facts).
const oracles = JSON.parse(readFileSync(path.resolve("lib/results/agreement/agreement-oracles.json"), "utf8")) as {
  cases: Record<string, unknown>[];
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON of several shapes
const oracle = (id: string): any => oracles.cases.find((c) => c.id === id)!;
const close = (actual: number | null, expected: number, what: string) => {
  assert.ok(actual !== null, `${what}: null`);
  assert.ok(Math.abs(actual - expected) <= 1e-9, `${what}: ${actual} vs ${expected}`);
};
/** Shifts 1-based category codes to 0-based indices. */
const zeroBased = (rows: (number | null)[][], base: number) =>
  rows.map((r) => r.map((v) => (v === null ? null : v - base)));

test("Cohen's kappa matches scikit-learn (labels) and statsmodels (contingency table)", () => {
  close(
    cohenKappa(oracle("cohen-binary").rater1, oracle("cohen-binary").rater2).value,
    oracle("cohen-binary").expected,
    "binary",
  );
  close(
    cohenKappa(oracle("cohen-3class").rater1, oracle("cohen-3class").rater2).value,
    oracle("cohen-3class").expected,
    "3 classes",
  );
  close(cohenFromTable(oracle("cohen-from-table").table).value, oracle("cohen-from-table").expected, "table");
});

test("Fleiss' kappa and Light's kappa match statsmodels / scikit-learn on Fleiss (1971)", () => {
  const ratings = zeroBased(oracle("fleiss-1971-diagnoses").ratings, 1);
  close(fleissKappa(ratings).value, oracle("fleiss-1971-diagnoses").expected, "fleiss");
  close(lightKappa(ratings).value, oracle("light-1971-diagnoses").expected, "light");
  close(
    fleissFromCounts(oracle("fleiss-count-table").table).value,
    oracle("fleiss-count-table").expected,
    "count table",
  );
});

test("three raters: Fleiss, Light, Cohen per column pair, pairwise and all-agree", () => {
  const c = oracle("three-raters");
  const ratings = zeroBased(c.ratings, 1);
  const e: {
    fleiss_kappa: number;
    light_kappa: number;
    cohen_by_column_pair: Record<string, number>;
    raw_pairwise_agreement: number;
    all_agree: number;
  } = c.expected;
  close(fleissKappa(ratings).value, e.fleiss_kappa, "fleiss");
  const light = lightKappa(ratings);
  close(light.value, e.light_kappa, "light");
  for (const [k, v] of Object.entries(e.cohen_by_column_pair)) close(light.pairs[k], v, `cohen ${k}`);
  close(pairwiseAgreement(ratings).value, e.raw_pairwise_agreement, "pairwise");
  close(allAgree(ratings).value, e.all_agree, "all agree");
});

test("Krippendorff's alpha (nominal) with missing ratings matches the canonical example", () => {
  close(
    krippendorffAlphaNominal(zeroBased(oracle("krippendorff-nominal-missing").coders, 1)).value,
    oracle("krippendorff-nominal-missing").expected,
    "alpha",
  );
});

test("the noise-adjusted ceiling of TripScore E.4", () => {
  const c = oracle("tripscore-noise-model");
  const n = noiseCeiling(c.input.K, c.input.A_pair, c.input.A_model);
  close(n.r, c.expected.r, "r");
  close(n.rModel, c.expected.r_model, "r_model");
  close(n.ratio, c.expected.ratio, "ratio");
  close(n.allAgree, c.expected.A_all, "A_all");
});

test("undefined cases give null with a reason, never NaN", () => {
  const one = cohenKappa([0, 0, 0], [0, 0, 0]);
  assert.equal(one.value, null);
  assert.match(one.reason!, /single/);
  assert.equal(
    fleissKappa([
      [1, 1, 1],
      [1, 1, 1],
    ]).value,
    null,
  );
  assert.equal(lightKappa([[0], [1]]).value, null);
  assert.equal(
    pairwiseAgreement([
      [0, null],
      [null, 1],
    ]).value,
    null,
  );
  assert.equal(
    krippendorffAlphaNominal([
      [0, 0],
      [0, 0],
    ]).value,
    null,
  );
  assert.equal(cohenKappa([], []).value, null);
  assert.equal(noiseCeiling(3, 0.2).r, null);
});
