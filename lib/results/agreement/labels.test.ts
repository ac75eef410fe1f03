import assert from "node:assert/strict";
import { test } from "node:test";
import { fleissKappa } from "./kappa";
import { bootstrapCI } from "./bootstrap";
import { labelOf, majority, pairAgreement } from "./labels";
import { VERDICTS, trainingLabel, verdictCode } from "../../judging/verdict";

test("majority of three, a 1-1-1 split is unresolved until adjudicated", () => {
  assert.deepEqual(majority(["A", "A", "B"]), { label: "A", source: "majority" });
  assert.deepEqual(majority(["NEITHER", "B", "NEITHER"]), { label: "NEITHER", source: "majority" });
  assert.deepEqual(majority(["A", "B", "NEITHER"]), { label: null, source: "unresolved" });
  assert.deepEqual(majority(["A", "B"], 3), { label: null, source: "incomplete" });
  assert.deepEqual(labelOf(["A", "B", "NEITHER"], 3, "B"), { label: "B", source: "adjudication" });
  assert.deepEqual([trainingLabel("A"), trainingLabel("B"), trainingLabel("NEITHER")], [1, -1, 0]);
  assert.equal(pairAgreement(["A", "A", "B"]), 1 / 3);
});

test("bootstrap intervals are reproducible, bracket the estimate, and skip undefined replicates", () => {
  const ratings = Array.from({ length: 200 }, (_, i) => [i % 3, i % 3, (i * 7) % 5 === 0 ? (i + 1) % 3 : i % 3]);
  const stat = (idx: Int32Array) => fleissKappa(Array.from(idx, (i) => ratings[i])).value;
  const a = bootstrapCI(ratings.length, stat, 300, 42)!;
  const b = bootstrapCI(ratings.length, stat, 300, 42)!;
  assert.deepEqual(a, b);
  const point = fleissKappa(ratings).value!;
  assert.ok(a.lo <= point && point <= a.hi, `${a.lo} ≤ ${point} ≤ ${a.hi}`);
  assert.ok(a.hi - a.lo > 0 && a.hi - a.lo < 0.3);
  assert.equal(bootstrapCI(0, stat), null);
  assert.equal(
    bootstrapCI(5, () => null, 100),
    null,
  );
});

test("a verdict's number is its place in VERDICTS (A 0, B 1, Neither 2)", () => {
  assert.deepEqual(VERDICTS.map(verdictCode), [0, 1, 2]);
  for (const v of VERDICTS) assert.equal(VERDICTS[verdictCode(v)], v);
});
