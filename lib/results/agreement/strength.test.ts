/** Signed preference and strength calibration. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { krippendorffAlpha } from "./ordinal";
import { SIGNED_VALUES, signedIndex, signedPreference, strengthCalibration, type StrengthJudgment } from "./strength";

test("signed preference: A negative, B positive, Neither 0; no strength, no signed preference", () => {
  assert.equal(signedPreference("A", 3), -3);
  assert.equal(signedPreference("B", 1), 1);
  assert.equal(signedPreference("NEITHER", null), 0);
  assert.equal(signedPreference("A", null), null);
  assert.deepEqual(SIGNED_VALUES.map(signedIndex), [0, 1, 2, 3, 4, 5, 6]);
});

test("signed preferences agree under the interval metric when experts differ only in strength", () => {
  // Three experts, four pairs: same sides, strengths one step apart.
  const signed = [
    [-3, -2, 1, 2],
    [-2, -2, 1, 3],
    [-3, -1, 2, 3],
  ];
  const coders = signed.map((r) => r.map(signedIndex));
  const interval = krippendorffAlpha(coders, "interval", 7, [...SIGNED_VALUES]).value!;
  const nominal = krippendorffAlpha(coders, "nominal", 7).value!;
  assert.ok(interval > 0.9, `interval ${interval}`);
  assert.ok(nominal < 0.5, `nominal ${nominal}`);
});

test("strength calibration: shares of the other experts' verdicts on the same side, per stated strength", () => {
  const j = (
    pairId: string,
    userId: string,
    verdict: "A" | "B" | "NEITHER",
    strength: number | null,
  ): StrengthJudgment => ({
    pairId,
    userId,
    verdict,
    strength,
  });
  const rows = [
    // x says "decisively" where the others agree, "slightly" where they do not.
    j("p1", "x", "A", 3),
    j("p1", "y", "A", 2),
    j("p1", "z", "A", 1),
    j("p2", "x", "B", 1),
    j("p2", "y", "A", 1),
    j("p2", "z", "NEITHER", null),
    // w is flat: decisive where others disagree.
    j("p3", "w", "A", 3),
    j("p3", "y", "B", 2),
    j("p3", "z", "B", 2),
    j("p4", "w", "B", 1),
    j("p4", "y", "B", 1),
    j("p4", "z", "B", 3),
  ];
  const byUser = Object.fromEntries(strengthCalibration(rows).map((c) => [c.userId, c]));
  assert.deepEqual(byUser.x.byStrength[3].shared!.share, 1);
  assert.equal(byUser.x.byStrength[3].others, 2);
  assert.equal(byUser.x.byStrength[1].shared!.share, 0);
  assert.equal(byUser.x.flat, false);
  assert.equal(byUser.w.flat, true);
  assert.equal(byUser.w.byStrength[2].shared, null);
  // Wilson interval of 2 of 2.
  assert.deepEqual(byUser.x.byStrength[3].shared!.ci95[1], 1);
});
