import assert from "node:assert/strict";
import { test } from "node:test";
import { judgmentsPerDay, type RatedPair } from "./report";
import { expertPairKappas, expertTable, groupStats, slotConfusion } from "../../testing/agreement";

const pair = (id: string, verdicts: RatedPair["verdicts"], choseLeft: RatedPair["choseLeft"]): RatedPair => ({
  pairId: id,
  destination: "Paris",
  dataset: "d",
  verdicts,
  experts: ["ann", "bo", "cy"],
  choseLeft,
  timeOnTaskMs: [60_000, 30_000, 90_000],
});

const pairs = [
  pair("p1", ["A", "A", "A"], [true, false, true]),
  pair("p2", ["A", "B", "NEITHER"], [true, true, null]),
  pair("p3", ["B", "B", "A"], [true, true, false]),
  pair("p4", ["NEITHER", "NEITHER", "NEITHER"], [null, null, null]),
];

test("group figures: pairwise and all-agree by hand, splits counted, intervals around the estimates", () => {
  const s = groupStats(pairs, 200, 7);
  assert.equal(s.items, 4);
  assert.equal(s.pairwise.value, (3 + 0 + 1 + 3) / 12);
  assert.equal(s.allAgree.value, 2 / 4);
  assert.equal(s.unresolved, 1);
  assert.ok(
    s.fleiss.value !== null &&
      s.fleiss.ci !== null &&
      s.fleiss.ci.lo <= s.fleiss.value &&
      s.fleiss.value <= s.fleiss.ci.hi,
  );
  assert.ok(s.ceiling.r !== null && s.ceiling.r > 0 && s.ceiling.r <= 1);
  assert.equal(groupStats([], 0).fleiss.value, null);
});

test("confusion per slot pair and the expert table", () => {
  const c = slotConfusion(pairs);
  assert.deepEqual(Object.keys(c), ["1-2", "1-3", "2-3"]);
  assert.deepEqual(c["1-2"], [
    [1, 1, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]);
  const ann = expertTable(pairs, 1).find((e) => e.expert === "ann")!;
  assert.equal(ann.pairs, 4);
  // Others agree on p1 (A,A), p3 (B,A → no), p4 (N,N): ann matches on p1 and p4.
  assert.equal(ann.agreementWithOthers, 1);
  assert.equal(ann.leftShare, 1);
  assert.equal(ann.medianSeconds, 60);
  assert.ok(ann.cohenWithPeers !== null);
});

test("pairs with a fourth rater (after 'ask one more expert') go through the general functions", () => {
  const four = [
    ...pairs,
    {
      ...pairs[1],
      pairId: "p5",
      verdicts: ["A", "B", "NEITHER", "A"] as RatedPair["verdicts"],
      experts: ["ann", "bo", "cy", "di"],
      choseLeft: [true, true, null, true],
      timeOnTaskMs: [1, 2, 3, 4],
    },
  ];
  const s = groupStats(four, 0);
  assert.equal(s.items, 5);
  assert.equal(s.pairwise.value, (3 + 0 + 1 + 3 + 1) / (12 + 6));
  assert.equal(s.unresolved, 2); // p2, and p5: 2 of 4 is no strict majority
  assert.ok(s.fleiss.value !== null); // over the pairs with every rating: here p5 alone
});

test("Cohen per expert pair, only for pairs of experts sharing enough items; judgments per day accumulate", () => {
  const k = expertPairKappas(pairs, 4);
  assert.deepEqual(
    k.map((x) => [x.a, x.b, x.shared]),
    [
      ["ann", "bo", 4],
      ["ann", "cy", 4],
      ["bo", "cy", 4],
    ],
  );
  assert.equal(expertPairKappas(pairs, 5).length, 0);
  assert.deepEqual(
    judgmentsPerDay([
      { day: "2026-01-02", judgments: 3 },
      { day: "2026-01-01", judgments: 2 },
    ]),
    [
      { day: "2026-01-01", judgments: 2, cumulative: 2 },
      { day: "2026-01-02", judgments: 3, cumulative: 5 },
    ],
  );
});
