import assert from "node:assert/strict";
import { test } from "node:test";
import { dimensionSummary } from "./summary";

test("a pair's dimension summary: answers in slot order, majority of the applicable answers, agreement among them", () => {
  const s = dimensionSummary([
    { route: { v: "A", s: 2 }, food: { v: "NA" }, pacing: { v: "SAME" } },
    { route: { v: "A" }, food: { v: "NA" }, pacing: { v: "B" } },
    { route: { v: "B" }, food: { v: "NA" }, pacing: { v: "A" } },
  ])!;
  assert.deepEqual(s.dimension_verdicts, {
    route: ["A", "A", "B"],
    food: ["NA", "NA", "NA"],
    pacing: ["SAME", "B", "A"],
  });
  assert.deepEqual(s.dimension_majority, { route: "A", food: "NA", pacing: null });
  assert.deepEqual(s.dimension_agreement, { route: 1 / 3, food: null, pacing: 0 });
  // Not applicable leaves the other answers to decide: two of two applicable answers say "about the same".
  const t = dimensionSummary([{ x: { v: "SAME" } }, { x: { v: "NA" } }, { x: { v: "SAME" } }])!;
  assert.equal(t.dimension_majority.x, "SAME");
  assert.equal(t.dimension_agreement.x, 1);
  assert.equal(dimensionSummary([null, null]), null);
});
