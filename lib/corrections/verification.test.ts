import assert from "node:assert/strict";
import { test } from "node:test";
import { correctorFigures, verificationState } from "./verification";

const v = (corrected: number, original: number, neither: number, raters = 2) =>
  verificationState({ votes: { corrected, original, neither }, raters });

test("two of two: both raters prefer the correction; one against rejects it at once", () => {
  assert.equal(v(0, 0, 0), "pending");
  assert.equal(v(1, 0, 0), "pending");
  assert.equal(v(2, 0, 0), "verified");
  assert.equal(v(1, 1, 0), "rejected");
  assert.equal(v(0, 0, 1), "rejected");
});

test("two of three: two for it verify it; two against reject it; one of each waits for the third", () => {
  assert.equal(v(1, 1, 0, 3), "pending");
  assert.equal(v(2, 1, 0, 3), "verified");
  assert.equal(v(2, 0, 0, 3), "verified");
  assert.equal(v(1, 1, 1, 3), "rejected");
  assert.equal(v(0, 2, 0, 3), "rejected");
});

test("a corrector's figures: the verified share of decided corrections; rejected more often than verified is shown", () => {
  assert.deepEqual(correctorFigures(["verified", "rejected", "rejected", "pending"]), {
    corrections: 4,
    verified: 1,
    rejected: 2,
    pending: 1,
    verifiedShare: 1 / 3,
    mostlyRejected: true,
  });
  assert.equal(correctorFigures(["pending"]).verifiedShare, null);
  assert.equal(correctorFigures(["verified", "rejected"]).mostlyRejected, false);
});
