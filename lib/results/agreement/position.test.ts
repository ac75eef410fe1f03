import assert from "node:assert/strict";
import { test } from "node:test";
import { binomTest, wilson } from "../../kernel";
import { positionBias } from "./position";

test("position bias sums the sides, leaves Neither out of the test, and tests each expert against ½", () => {
  const r = positionBias([
    { userId: "u1", name: "Ana", left: 30, right: 10, neither: 5 },
    { userId: "u2", name: "Ben", left: 12, right: 11, neither: 0 },
    { userId: "u3", name: "Cy", left: 0, right: 0, neither: 4 },
  ]);
  assert.deepEqual([r.overall.n, r.overall.left, r.overall.neither], [63, 42, 9]);
  assert.equal(r.overall.p_value, binomTest(42, 63));
  assert.deepEqual(r.overall.ci95, wilson(42, 63)!.ci95);
  assert.ok(r.experts[0].p_value! < 0.01 && r.experts[1].p_value! > 0.5);
  assert.deepEqual([r.experts[2].share, r.experts[2].ci95, r.experts[2].p_value], [null, null, null]);
});
