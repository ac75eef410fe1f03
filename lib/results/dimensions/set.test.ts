import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_DIMENSIONS, dimensionAnswersBySide, dimensionRating, dimensionSetSchema } from "./set";
import { dimensionSignedPreference } from "../../judging/verdict";

test("the default set parses as a set, and a key used twice or a ninth dimension is refused by name", () => {
  assert.deepEqual(dimensionSetSchema.parse(DEFAULT_DIMENSIONS), DEFAULT_DIMENSIONS);
  const twice = dimensionSetSchema.safeParse([DEFAULT_DIMENSIONS[0], DEFAULT_DIMENSIONS[0]]);
  assert.ok(!twice.success && twice.error.issues[0].message.includes('"feasibility" is used twice'));
  const many = Array.from({ length: 9 }, (_, i) => ({ ...DEFAULT_DIMENSIONS[0], key: `d${i}` }));
  assert.ok(!dimensionSetSchema.safeParse(many).success);
  assert.ok(!dimensionSetSchema.safeParse([{ ...DEFAULT_DIMENSIONS[0], key: "Bad Key" }]).success);
  // An admin's own dimension: defaults fill what it leaves out.
  assert.deepEqual(dimensionSetSchema.parse([{ key: "food", name: "Food" }])[0], {
    key: "food",
    name: "Food",
    description: "",
    allowSame: true,
    allowNotApplicable: true,
    signal: null,
  });
});

test("screen sides become the pair's terms for either side shown; neutral answers are the same on both", () => {
  const { ifLeftIsA, ifLeftIsB } = dimensionAnswersBySide({
    route: { choice: "left", strength: 2 },
    pacing: { choice: "right" },
    food: { choice: "same" },
    hotel: { choice: "na" },
  });
  assert.deepEqual(ifLeftIsA, { route: { v: "A", s: 2 }, pacing: { v: "B" }, food: { v: "SAME" }, hotel: { v: "NA" } });
  assert.deepEqual(ifLeftIsB, { route: { v: "B", s: 2 }, pacing: { v: "A" }, food: { v: "SAME" }, hotel: { v: "NA" } });
});

test("ratings and signed preferences of dimension answers", () => {
  assert.equal(dimensionRating("SAME"), "NEITHER");
  assert.equal(dimensionRating("NA"), null);
  assert.equal(dimensionSignedPreference({ v: "A", s: 3 }), -3);
  assert.equal(dimensionSignedPreference({ v: "B" }), 1);
  assert.equal(dimensionSignedPreference({ v: "SAME" }), 0);
  assert.equal(dimensionSignedPreference({ v: "NA" }), null);
});
