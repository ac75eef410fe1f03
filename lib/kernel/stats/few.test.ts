import assert from "node:assert/strict";
import { test } from "node:test";
import { FEW, isFew, ratingAxis } from "./few";

test("few is below ten observations, for pairs and battles alike", () => {
  assert.equal(FEW, 10);
  assert.equal(isFew(9), true);
  assert.equal(isFew(10), false);
});

test("the rating axis spans the planners with enough battles; a 9-battle planner's huge interval is cut", () => {
  const rows = [
    { rating: 1060, ci95: [1010, 1110], battles: 400 },
    { rating: 960, ci95: [930, 990], battles: 380 },
    { rating: 1000, ci95: [-1191, 3191], battles: 9 },
  ];
  assert.deepEqual(ratingAxis(rows), { lo: 925, hi: 1125 });
});

test("with no planner of enough battles the axis spans them all; infinite bounds are left out", () => {
  assert.deepEqual(ratingAxis([{ rating: 1000, ci95: [-1191, 3191], battles: 9 }]), { lo: -1200, hi: 3200 });
  assert.deepEqual(ratingAxis([{ rating: 1010, ci95: [-Infinity, 1040], battles: 50 }]), { lo: 1000, hi: 1050 });
  assert.deepEqual(ratingAxis([]), { lo: 975, hi: 1025 });
});
