/**
 * The serving order's priorities (serving-order.ts): as imported, every pair 0 but the calibration boost; balanced, the
 * least-battled planner pair first and the planner pairs in turn; most informative, a planner without battles first,
 * a batch spread over planner pairs, the exploration share honoured and seeded; calibration pairs always above.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom } from "../../kernel";
import { CALIBRATION_BOOST, servingPriorities, type PlannerBattles, type WaitingPair } from "./serving-order";

let ids = 0;
const pair = (plannerA: string, plannerB: string, o: Partial<WaitingPair> = {}): WaitingPair => ({
  id: `p${++ids}`,
  plannerA,
  plannerB,
  remaining: 1,
  calibration: false,
  ...o,
});
const battles = (plannerA: string, plannerB: string, winsA: number, winsB: number, ties = 0): PlannerBattles => ({
  plannerA,
  plannerB,
  winsA,
  winsB,
  ties,
});
/** The pairs' indices from the highest priority down. */
const order = (priority: Float64Array) => [...priority.keys()].sort((i, j) => priority[j] - priority[i]);

/** Three planners well compared (many battles each way), for the informative order. */
const known = [battles("A", "B", 30, 25, 5), battles("A", "C", 28, 27, 5), battles("B", "C", 26, 29, 5)];

test("as imported: every pair 0, a calibration pair 2", () => {
  const pairs = [pair("A", "B"), pair("B", "C", { calibration: true }), pair("A", "C")];
  const { priority, explored } = servingPriorities(pairs, known, { order: "imported" });
  assert.deepEqual([...priority], [0, CALIBRATION_BOOST, 0]);
  assert.deepEqual([...explored], [0, 0, 0]);
});

test("balanced: the planner pair with the fewest battles first, then the planner pairs in turn", () => {
  const pairs = [
    ...[1, 2].map(() => pair("A", "B")),
    ...[1, 2].map(() => pair("A", "C")),
    ...[1, 2].map(() => pair("C", "B")),
  ];
  const { priority } = servingPriorities(pairs, [battles("A", "B", 6, 4), battles("A", "C", 1, 1)], {
    order: "balanced",
  });
  // B–C never met, A–C twice, A–B ten times: B–C's two pairs, then A–C's, then A–B's.
  assert.deepEqual(order(priority), [4, 5, 2, 3, 0, 1]);
  assert.deepEqual(
    [...priority],
    [4, 5, 2, 3, 0, 1].map((rank) => 1 - rank / 6),
  );
  // With no battles yet, the planner pairs take turns, each pair counted as the judgments it still needs.
  const fresh = [pair("A", "B", { remaining: 3 }), pair("A", "B"), pair("A", "C"), pair("A", "C")];
  assert.deepEqual(order(servingPriorities(fresh, [], { order: "balanced" }).priority), [0, 2, 3, 1]);
});

test("informative: a pair of a planner without battles first, and a batch spread over the planner pairs", () => {
  const pairs = [pair("A", "B"), pair("B", "C"), pair("A", "C"), pair("A", "D")];
  const { priority, explored } = servingPriorities(pairs, known, { order: "informative", explorationShare: 0 });
  assert.equal(order(priority)[0], 3);
  assert.deepEqual([...explored], [0, 0, 0, 0]);
  // Four planners compared alike, twenty pairs waiting of each planner pair: the first six ranks are not one
  // planner pair six times (each pick's battles are assumed before the next).
  const even: PlannerBattles[] = [];
  const names = ["A", "B", "C", "D"];
  for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) even.push(battles(names[a], names[b], 10, 10, 2));
  const many: WaitingPair[] = [];
  for (let a = 0; a < 4; a++)
    for (let b = a + 1; b < 4; b++) for (let k = 0; k < 20; k++) many.push(pair(names[a], names[b]));
  const top = order(servingPriorities(many, even, { order: "informative", explorationShare: 0 }).priority).slice(0, 6);
  const plannerPairs = new Set(top.map((i) => `${many[i].plannerA}${many[i].plannerB}`));
  assert.ok(plannerPairs.size >= 3, `the first six ranks cover ${[...plannerPairs]}`);
});

test("informative: the exploration share of the ranks is drawn uniformly, seeded", () => {
  const names = ["A", "B", "C", "D", "E", "F"];
  const r = seededRandom(5);
  const log: PlannerBattles[] = [];
  for (let a = 0; a < 6; a++)
    for (let b = a + 1; b < 6; b++) log.push(battles(names[a], names[b], 5 + a, 5 + b, Math.floor(4 * r())));
  const pairs: WaitingPair[] = [];
  for (let k = 0; k < 3000; k++) {
    const a = Math.floor(6 * r());
    pairs.push(pair(names[a], names[(a + 1 + Math.floor(5 * r())) % 6], { remaining: 3 }));
  }
  const share = (x: Uint8Array) => x.reduce((s, v) => s + v, 0) / x.length;
  const run = (explorationShare: number, seed: number) =>
    servingPriorities(pairs, log, { order: "informative", explorationShare, seed });
  const a = run(0.2, 1);
  assert.ok(Math.abs(share(a.explored) - 0.2) < 0.03, `explored ${share(a.explored)}`);
  assert.equal(share(run(0, 1).explored), 0);
  assert.ok(Math.abs(share(run(0.5, 1).explored) - 0.5) < 0.03);
  // The same seed ranks the same; another seed explores other ranks.
  assert.deepEqual(run(0.2, 1).priority, a.priority);
  assert.notDeepEqual(run(0.2, 2).priority, a.priority);
  // Every rank is given once: the priorities are 1 − rank/N.
  const ranks = [...a.priority].map((x) => Math.round((1 - x) * pairs.length)).sort((x, y) => x - y);
  assert.deepEqual(ranks, [...ranks.keys()]);
});

test("calibration pairs rank above every other pair, under every order", () => {
  // The calibration pair is of the planner pair either order would serve last.
  const pairs = [pair("A", "D"), pair("A", "B", { calibration: true }), pair("C", "D"), pair("A", "A")];
  const log = [...known, battles("A", "D", 2, 1), battles("C", "D", 1, 2)];
  for (const order_ of ["imported", "balanced", "informative"] as const) {
    const { priority } = servingPriorities(pairs, log, { order: order_, explorationShare: 0.5 });
    assert.ok(priority[1] >= CALIBRATION_BOOST && priority[1] <= CALIBRATION_BOOST + 1, order_);
    for (const i of [0, 2, 3]) assert.ok(priority[i] < priority[1] && priority[i] >= 0 && priority[i] <= 1, order_);
    // A pair of a planner against itself tells nothing of the ratings: last (as imported, all are 0).
    if (order_ !== "imported") assert.equal(order(priority).at(-1), 3, order_);
  }
});

test("past the greedy ranks, the rest take turns as balanced orders them", () => {
  const pairs = [...[1, 2, 3].map(() => pair("A", "B")), ...[1, 2, 3].map(() => pair("A", "C"))];
  const { priority } = servingPriorities(pairs, known, { order: "informative", explorationShare: 0, greedyRanks: 1 });
  const rest = order(priority).slice(1);
  // After one pick, the planner pairs alternate by their battles (A–B and A–C have 60 each, plus the pick), a tie
  // going to the pair imported first (A–B's).
  const picked = order(priority)[0] < 3 ? "AB" : "AC";
  const kinds = rest.map((i) => (i < 3 ? "AB" : "AC"));
  assert.deepEqual(kinds, picked === "AB" ? ["AC", "AB", "AC", "AB", "AC"] : ["AB", "AB", "AC", "AB", "AC"]);
});
