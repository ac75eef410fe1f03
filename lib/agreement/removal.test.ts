import assert from "node:assert/strict";
import { test } from "node:test";
import { agreementFigures, removalEffect } from "./removal";
import { slotConfusion, type RatedPair } from "./report";

const pair = (id: string, verdicts: RatedPair["verdicts"], userIds: string[]): RatedPair => ({
  pairId: id,
  destination: "Rome",
  dataset: "d",
  verdicts,
  experts: userIds,
  userIds,
  choseLeft: verdicts.map(() => null),
  timeOnTaskMs: verdicts.map(() => 1),
});

test("removing a contrarian's judgments drops their pairs and raises agreement", () => {
  const pairs = [
    pair("1", ["A", "A", "B"], ["u1", "u2", "bad"]),
    pair("2", ["B", "B", "A"], ["u1", "u2", "bad"]),
    pair("3", ["A", "A", "A"], ["u1", "u2", "u3"]),
    pair("4", ["B", "B", "B"], ["u1", "u3", "u2"]),
    pair("5", ["NEITHER", "NEITHER", "A"], ["u2", "u3", "u1"]),
  ];
  const e = removalEffect(pairs, "bad");
  assert.equal(e.reopened, 2);
  assert.equal(e.before.pairs, 5);
  assert.equal(e.after.pairs, 3);
  // Before: 1/3 + 1/3 + 1 + 1 + 1/3 agreeing rater pairs of 3 each → 9/15.
  assert.ok(Math.abs(e.before.pairwiseAgreement! - 9 / 15) < 1e-12);
  assert.ok(Math.abs(e.after.pairwiseAgreement! - 7 / 9) < 1e-12);
  assert.ok(e.after.fleissKappa! > e.before.fleissKappa!);
  assert.deepEqual(agreementFigures([]), {
    pairs: 0,
    pairwiseAgreement: null,
    fleissKappa: null,
    krippendorffAlpha: null,
  });
});

test("a million judgments: the removal preview and the slot tables take pairs by the hundred thousand (no argument spread)", () => {
  const V = ["A", "B", "NEITHER"] as const;
  const pairs = Array.from({ length: 333_334 }, (_, i) =>
    pair(
      `p${i}`,
      [V[i % 3], V[(i + (i % 4 === 0 ? 1 : 0)) % 3], V[i % 3]],
      [0, 1, 2].map((k) => `u${(i + k) % 40}`),
    ),
  );
  const effect = removalEffect(pairs, "u0");
  assert.equal(effect.before.pairs, 333_334);
  assert.equal(effect.reopened, pairs.filter((p) => p.userIds!.includes("u0")).length);
  assert.ok(effect.after.fleissKappa !== null && effect.after.pairs === 333_334 - effect.reopened);
  assert.equal(Object.keys(slotConfusion(pairs)).length, 3);
});
