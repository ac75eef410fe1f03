import assert from "node:assert/strict";
import { test } from "node:test";
import { dimensionAnswerText, verdictText } from "./wording";

test("a verdict reads in the pair's terms, with its strength in words", () => {
  assert.equal(verdictText("A", 2), "Plan A is clearly better");
  assert.equal(verdictText("B", null), "Plan B is better");
  assert.equal(verdictText("NEITHER", null), "Neither plan is satisfactory");
  assert.equal(dimensionAnswerText({ v: "B", s: 3 }), "plan B, decisively");
  assert.equal(dimensionAnswerText({ v: "SAME" }), "about the same");
  assert.equal(dimensionAnswerText({ v: "NA" }), "not applicable");
  assert.equal(dimensionAnswerText(undefined), "—");
});
