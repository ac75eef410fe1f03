import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyItem, type Itinerary } from "../datasets";
import { editDistance, orderingScore } from "./ordering";

const plan = (...days: string[][]): Itinerary =>
  ({
    days: days.map((names, i) => ({
      day: i + 1,
      items: names.map((n) => (n === "train" ? emptyItem("transport", "G7001") : emptyItem("attraction", n))),
    })),
  }) as unknown as Itinerary;

test("Levenshtein's edit distance: insertions, deletions and substitutions cost one", () => {
  assert.equal(editDistance([..."kitten"], [..."sitting"]), 3);
  assert.equal(editDistance([], ["a", "b"]), 2);
  assert.equal(editDistance(["a", "b", "c"], ["a", "b", "c"]), 0);
  assert.equal(editDistance(["a", "b", "c"], ["c", "a", "b"]), 2);
});

test("the Ordering Score: TripCraft's example (an attraction skipped), a reorder, missing days; transport is no place", () => {
  const annotated = plan(["breakfast", "museum", "lunch"]);
  // Skipping the attraction: ED 1 over max(2, 3) → 1 − 1/3.
  assert.ok(Math.abs(orderingScore(plan(["breakfast", "lunch"]), annotated) - 2 / 3) < 1e-12);
  // The attraction clustered after lunch: ED 2 → 1 − 2/3.
  assert.ok(Math.abs(orderingScore(plan(["breakfast", "lunch", "museum"]), annotated) - 1 / 3) < 1e-12);
  assert.equal(orderingScore(plan(["train", "breakfast", "museum", "lunch"]), annotated), 1);
  // Averaged over the journey's days; a day the plan lacks scores 0.
  assert.equal(orderingScore(plan(["a"]), plan(["a"], ["b"])), 0.5);
  assert.equal(orderingScore(plan([], []), plan([], [])), 1);
});
