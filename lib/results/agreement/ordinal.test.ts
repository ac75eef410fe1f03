/** Weighted kappa and Krippendorff's alpha by level: published values, and the independent numpy/scikit-learn reference to 1e-9. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { agreementSummary } from "./ratings";
import { cohenFromTable } from ".";
import { krippendorffAlpha, LEVELS, weightedKappa, weightedKappaFromTable, type Level } from "./ordinal";

interface Case {
  name: string;
  k: number;
  values: number[];
  coders: (number | null)[][];
  alpha: Record<Level, number>;
  weighted_kappa: Record<string, { linear: number; quadratic: number }>;
  weighted_kappa_declared: Record<string, { linear: number; quadratic: number }>;
}
// Written by lib/results/agreement/ordinal_reference.py (numpy's pairwise form of alpha; scikit-learn 1.2.1's cohen_kappa_score).
const cases = JSON.parse(
  readFileSync(path.resolve("lib/results/agreement/fixtures/ordinal-reference.json"), "utf8"),
) as Case[];
const byName = (n: string) => cases.find((c) => c.name === n)!;

test("Krippendorff (2011)'s example with missing values: nominal 0.743, ordinal 0.815, interval 0.849, ratio 0.797", () => {
  const c = byName("krippendorff-2011");
  const published = { nominal: 0.743, ordinal: 0.815, interval: 0.849, ratio: 0.797 };
  for (const level of LEVELS)
    assert.equal(krippendorffAlpha(c.coders, level, c.k).value!.toFixed(3), published[level].toFixed(3), level);
});

test('irr\'s anxiety data: quadratic ("squared") weighted kappa of raters 1 and 2 is 0.297', () => {
  const c = byName("irr-anxiety");
  assert.equal(weightedKappa(c.coders[0], c.coders[1], "quadratic").value!.toFixed(3), "0.297");
});

test("SAS's skin-condition table: simple kappa 0.3449 (as SAS prints it); weighted as scikit-learn", () => {
  const table = [
    [10, 4, 1, 0],
    [5, 10, 12, 2],
    [2, 4, 12, 5],
    [0, 2, 6, 13],
  ];
  const c = byName("sas-skin-condition");
  assert.ok(Math.abs(weightedKappaFromTable(table, "linear").value! - c.weighted_kappa["1-2"].linear) < 1e-12);
  assert.equal(cohenFromTable(table).value!.toFixed(4), "0.3449");
});

test("SAS's weighted kappa example (Uebersax, Example 1): 0.4701 for raters 1 and 2, as tripjudge agreement --level gives it", () => {
  const c = byName("sas-weighted-kappa-uebersax");
  assert.equal(weightedKappa(c.coders[0], c.coders[1], "linear").value!.toFixed(4), "0.4701");
  // Through the command's path: a ratings file's rows, labels 1–3 in order.
  const rows = c.coders.flatMap((coder, r) =>
    coder.map((v, i) => ({ item: `s${i}`, rater: `r${r + 1}`, slot: r + 1, label: String(v! + 1) })),
  );
  const s = agreementSummary(rows, ["1", "2", "3"], 0, 1, "ordinal");
  assert.equal(s.weighted_kappa_by_slot_pair!["1-2"].linear!.toFixed(4), "0.4701");
});

test("every case equals the numpy / scikit-learn reference to 1e-9", () => {
  for (const c of cases) {
    for (const level of LEVELS) {
      const got = krippendorffAlpha(c.coders, level, c.k, c.values).value!;
      assert.ok(Math.abs(got - c.alpha[level]) < 1e-9, `${c.name} ${level}: ${got} vs ${c.alpha[level]}`);
    }
    for (const [pair, want] of Object.entries(c.weighted_kappa)) {
      const [a, b] = pair.split("-").map((s) => Number(s) - 1);
      for (const w of ["linear", "quadratic"] as const) {
        const got = weightedKappa(c.coders[a], c.coders[b], w).value!;
        assert.ok(Math.abs(got - want[w]) < 1e-9, `${c.name} ${pair} ${w}: ${got} vs ${want[w]}`);
      }
    }
    // On the declared scale (scikit-learn's labels=range(k)).
    assert.ok(Object.keys(c.weighted_kappa_declared).length > 0, c.name);
    for (const [pair, want] of Object.entries(c.weighted_kappa_declared)) {
      const [a, b] = pair.split("-").map((s) => Number(s) - 1);
      for (const w of ["linear", "quadratic"] as const) {
        const got = weightedKappa(c.coders[a], c.coders[b], w, c.k).value!;
        assert.ok(Math.abs(got - want[w]) < 1e-9, `${c.name} ${pair} ${w} declared: ${got} vs ${want[w]}`);
      }
    }
  }
});

test("undefined cases say why instead of giving NaN", () => {
  assert.equal(
    krippendorffAlpha(
      [
        [0, null],
        [null, 1],
      ],
      "ordinal",
      2,
    ).value,
    null,
  );
  assert.match(
    krippendorffAlpha(
      [
        [1, 1],
        [1, 1],
      ],
      "interval",
      2,
    ).reason!,
    /no variation/,
  );
  assert.equal(weightedKappa([0, 0], [0, 0], "linear").value, null);
  assert.equal(weightedKappa([0, null], [null, 1], "quadratic").value, null);
});
