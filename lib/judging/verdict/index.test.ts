import assert from "node:assert/strict";
import { test } from "node:test";
import {
  battleCredits,
  dimensionSignedPreference,
  MISSING,
  patternOf,
  sideOf,
  SIGNED_VALUES,
  signedIndex,
  signedPreference,
  trainingLabel,
  verdictCode,
  verdictFromSide,
  verdictPattern,
  VERDICTS,
  verdictsBySide,
  verdictsOfPattern,
  WIDE_PATTERN,
  type Choice,
  type Verdict,
} from ".";

const CHOICES: readonly Choice[] = ["left", "right", "neither"];

test("a screen side becomes A/B by which plan it showed, and sideOf turns it back", () => {
  assert.equal(verdictFromSide("left", true), "A");
  assert.equal(verdictFromSide("right", true), "B");
  assert.equal(verdictFromSide("left", false), "B");
  assert.equal(verdictFromSide("right", false), "A");
  for (const leftIsA of [true, false]) assert.equal(verdictFromSide("neither", leftIsA), "NEITHER");
  for (const choice of CHOICES)
    for (const leftIsA of [true, false]) {
      assert.equal(sideOf(verdictFromSide(choice, leftIsA), leftIsA) ?? "neither", choice);
      const both = verdictsBySide(choice);
      assert.equal(leftIsA ? both.leftIsA : both.leftIsB, verdictFromSide(choice, leftIsA));
    }
});

test("the label code is a verdict's place in VERDICTS: A 0, B 1, Neither 2", () => {
  assert.deepEqual(VERDICTS, ["A", "B", "NEITHER"]);
  assert.deepEqual(VERDICTS.map(verdictCode), [0, 1, 2]);
});

test("verdictPattern keeps two bits a slot, slot 1 highest, 3 where none; past three raters it is wide", () => {
  assert.equal(verdictPattern([]), 63);
  assert.equal(verdictPattern(["A", "B", "NEITHER"]), 0b00_01_10);
  assert.equal(verdictPattern(["B"]), (1 << 4) | (MISSING << 2) | MISSING);
  assert.equal(verdictPattern([null, "A"]), (MISSING << 4) | MISSING);
  assert.equal(verdictPattern(["A", "A", "A", "A"]), WIDE_PATTERN);
  const slot = [null, ...VERDICTS];
  for (const a of slot)
    for (const b of slot)
      for (const c of slot) {
        const bySlot = [a, b, c];
        const p = verdictPattern(bySlot);
        assert.equal(p, patternOf(bySlot.map((v) => (v ? verdictCode(v) : null))));
        assert.deepEqual(
          verdictsOfPattern(p),
          bySlot.filter((v): v is Verdict => v !== null),
        );
      }
});

test("the training label and the signed preference give A opposite signs", () => {
  assert.deepEqual(VERDICTS.map(trainingLabel), [1, -1, 0]);
  for (const v of VERDICTS)
    for (const s of [1, 2, 3]) assert.equal(Math.sign(signedPreference(v, s)!) + trainingLabel(v), 0, `${v} ${s}`);
  assert.equal(signedPreference("A", 3), -3);
  assert.equal(signedPreference("B", 2), 2);
  assert.equal(signedPreference("NEITHER", null), 0);
  assert.equal(signedPreference("A", null), null);
});

test("a dimension answer's signed preference is the verdict's, a side without strength 1, SAME 0, NA none", () => {
  for (const v of ["A", "B"] as const) {
    for (const s of [1, 2, 3]) assert.equal(dimensionSignedPreference({ v, s }), signedPreference(v, s));
    assert.equal(dimensionSignedPreference({ v }), signedPreference(v, 1));
  }
  assert.equal(dimensionSignedPreference({ v: "SAME" }), 0);
  assert.equal(dimensionSignedPreference({ v: "NA" }), null);
});

test("a signed preference's category is value + 3: A with strength s is 3 − s", () => {
  assert.deepEqual(SIGNED_VALUES.map(signedIndex), [0, 1, 2, 3, 4, 5, 6]);
  for (const s of [1, 2, 3]) {
    assert.equal(signedIndex(signedPreference("A", s)!), 3 - s);
    assert.equal(signedIndex(signedPreference("B", s)!), 3 + s);
  }
});

test("battle credits: 2 to the chosen plan, 1 to each side of a tie (plan A's is the training label + 1)", () => {
  assert.deepEqual(VERDICTS.map(battleCredits), [
    [2, 0],
    [0, 2],
    [1, 1],
  ]);
  for (const v of VERDICTS) assert.equal(battleCredits(v)[0], trainingLabel(v) + 1);
});
