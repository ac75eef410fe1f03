import assert from "node:assert/strict";
import { test } from "node:test";
import { removalEffectFromPatterns } from "./removal";
import { patternOf, verdictCode } from "../../judging/verdict";
import type { RatedPair } from "./report";
import { agreementFigures, removalEffect, slotConfusion } from "../../testing/agreement";

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

test("the removal preview from pattern counts equals the one over every pair, wide pairs included", () => {
  const V = ["A", "B", "NEITHER"] as const;
  const pairs: RatedPair[] = Array.from({ length: 600 }, (_, i) =>
    pair(
      `p${i}`,
      // Two- and three-rater pairs, and every 50th with a fourth rating (no pattern: read whole).
      Array.from(
        { length: i % 50 === 0 ? 4 : i % 7 === 0 ? 2 : 3 },
        (_, s) => V[(i * (s + 1) + (i % 5 === 0 ? s : 0)) % 3],
      ),
      [0, 1, 2, 3].map((k) => `u${(i + k * 3) % 11}`).slice(0, i % 50 === 0 ? 4 : i % 7 === 0 ? 2 : 3),
    ),
  );
  const wide = pairs.filter((p) => p.verdicts.length > 3);
  const count = (ps: RatedPair[]) => {
    const m = new Map<number, number>();
    for (const p of ps.filter((q) => q.verdicts.length <= 3)) {
      const k = patternOf(p.verdicts.map(verdictCode));
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  for (const user of ["u0", "u5", "nobody"]) {
    const want = removalEffect(pairs, user);
    const got = removalEffectFromPatterns(
      count(pairs),
      count(pairs.filter((p) => p.userIds!.includes(user))),
      wide,
      user,
    );
    assert.equal(got.reopened, want.reopened);
    for (const side of ["before", "after"] as const) {
      assert.equal(got[side].pairs, want[side].pairs);
      for (const k of ["pairwiseAgreement", "fleissKappa", "krippendorffAlpha"] as const)
        assert.ok(
          Math.abs(got[side][k]! - want[side][k]!) < 1e-12,
          `${user} ${side} ${k}: ${got[side][k]} vs ${want[side][k]}`,
        );
    }
  }
});
