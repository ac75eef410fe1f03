import assert from "node:assert/strict";
import { test } from "node:test";
import { leaseEnd, pickLeftPlan, settingsPatchSchema, settingsSchema, verdictFor } from "./policy";
import { sideOf, verdictsBySide } from "../verdict";

test("a choice of screen side maps to the pair's own A/B", () => {
  assert.equal(verdictFor("left", "pA", "pA"), "A");
  assert.equal(verdictFor("right", "pA", "pA"), "B");
  assert.equal(verdictFor("left", "pB", "pA"), "B");
  assert.equal(verdictFor("right", "pB", "pA"), "A");
  assert.equal(verdictFor("neither", "pB", "pA"), "NEITHER");
});

test("the left plan is drawn at random, both sides occur", () => {
  const sides = new Set(Array.from({ length: 50 }, () => pickLeftPlan("a", "b")));
  assert.deepEqual([...sides].sort(), ["a", "b"]);
  assert.equal(
    pickLeftPlan("a", "b", () => 0.1),
    "a",
  );
  assert.equal(
    pickLeftPlan("a", "b", () => 0.9),
    "b",
  );
});

test("the verdict for each screen arrangement agrees with verdictFor", () => {
  for (const choice of ["left", "right", "neither"] as const) {
    const v = verdictsBySide(choice);
    assert.equal(v.leftIsA, verdictFor(choice, "pA", "pA"));
    assert.equal(v.leftIsB, verdictFor(choice, "pB", "pA"));
  }
  assert.deepEqual(verdictsBySide("left"), { leftIsA: "A", leftIsB: "B" });
});

test("sideOf turns verdictFor back: the side a verdict chose in either arrangement", () => {
  for (const choice of ["left", "right", "neither"] as const)
    for (const leftIsA of [true, false])
      assert.equal(sideOf(verdictFor(choice, leftIsA ? "pA" : "pB", "pA"), leftIsA) ?? "neither", choice);
});

test("settings have defaults and bounds; leases end after the configured minutes", () => {
  assert.deepEqual(settingsSchema.parse({}), {
    leaseMinutes: 30,
    rationaleMinLength: 20,
    queueOrder: "completion",
    maxClaimsPerExpert: 2,
    qualificationLength: 5,
    qualificationPassMark: 0.8,
    prioritiesEvery: 50,
  });
  assert.ok(!settingsSchema.safeParse({ leaseMinutes: 0 }).success);
  assert.ok(!settingsSchema.safeParse({ prioritiesEvery: 0 }).success);
  assert.deepEqual(settingsPatchSchema.parse({ leaseMinutes: 5 }), { leaseMinutes: 5 });
  assert.ok(!settingsPatchSchema.safeParse({ leaseMinutes: 5, extra: 1 }).success);
  assert.equal(leaseEnd(new Date(0), { leaseMinutes: 30 }).getTime(), 30 * 60_000);
});
