/**
 * Judgments still needed (needed.ts): the projection equals the design recomputed with the expected battles added;
 * it stops at the target and says when the waiting pairs run out; the orders pick as documented; a planner without
 * battles is rated by its first judgment, and a planner whose rating has no finite maximum stops the projection. In
 * the table's terms, the widest planner now is the one the leaderboard's table shows widest, at its half-width.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Z95 } from "../../kernel";
import { BattleSetBuilder, A_WINS, B_WINS, TIE } from "./battles";
import { designAt, fitTally, pairScore, ratingVariances, type PairTally } from "./informative";
import { leaderboard } from "./leaderboard";
import { neededInput, projectNeeded, projectNeededForTable, type NeededInput, type WaitingPair } from "./needed";

const close = (x: number, y: number, rel = 1e-9) =>
  assert.ok(Math.abs(x - y) <= rel * Math.max(1, Math.abs(y)), `${x} vs ${y}`);

/** Four planners, every pair met, outcomes mixed (no planner unbounded). */
function battles() {
  const b = new BattleSetBuilder();
  const models = ["p0", "p1", "p2", "p3"];
  let q = 0;
  for (let i = 0; i < 4; i++)
    for (let j = i + 1; j < 4; j++)
      for (let k = 0; k < 4 + i + j; k++)
        b.add(models[i], models[j], [A_WINS, B_WINS, TIE, A_WINS][(k + i) % 4], `q${q++ % 7}`);
  return b.build();
}

const waitingOf = (pairs: [string, string, number][]): WaitingPair[] =>
  pairs.map(([modelA, modelB, judgments]) => ({ modelA, modelB, judgments }));

/** The widest half-width of the tally with the expected battles of `picks` added at the tally's own fit. */
function widestAfter(input: NeededInput, picks: [number, number][]): number {
  const fit = fitTally(input.tally);
  const d0 = designAt(input.tally, fit);
  const t: PairTally = {
    p: input.tally.p,
    n: input.tally.n.slice(),
    credit: input.tally.credit.slice(),
    creditSq: input.tally.creditSq.slice(),
  };
  for (const [a, b] of picks) {
    const s = 1 / (1 + Math.exp(-Math.LN10 * (fit.beta[a] - fit.beta[b])));
    const [i, j, si] = a < b ? [a, b, s] : [b, a, 1 - s];
    const at = i * t.p + j;
    t.n[at] += 1;
    t.credit[at] += 2 * si;
    t.creditSq[at] += 4 * si * si + d0.rho * 4 * si * (1 - si);
  }
  return Z95 * Math.sqrt(Math.max(...ratingVariances(designAt(t, fit))));
}

test("the projection equals the design recomputed with the expected battles added, and stops at the target", () => {
  const set = battles();
  const waiting = waitingOf([
    ["p0", "p1", 3],
    ["p2", "p3", 2],
    ["p3", "p0", 3],
    ["p1", "p2", 3],
  ]);
  const input = neededInput(set, waiting);
  const picks: [number, number][] = [];
  for (const resyncEvery of [1_000_000, 1]) {
    for (const order of ["imported", "balanced", "informative"] as const) {
      picks.length = 0;
      const all = projectNeeded(input, { order, target: 1e-6, resyncEvery, onPick: (a, b) => picks.push([a, b]) });
      assert.equal(all.needed, null, "a target no waiting pair can reach");
      assert.equal(all.waiting, 11);
      assert.equal(all.end.judgments, 11);
      assert.equal(picks.length, 11);
      close(all.end.halfWidth, widestAfter(input, picks));
      close(all.now.halfWidth, widestAfter(input, []));
      // A target between the widest after 4 and after 5 judgments: 5 are needed, and the projection stops there.
      const w4 = widestAfter(input, picks.slice(0, 4)),
        w5 = widestAfter(input, picks.slice(0, 5));
      assert.ok(w5 < w4, `${order}: the fifth judgment narrows the widest interval`);
      const stop = projectNeeded(input, { order, target: (w4 + w5) / 2, resyncEvery });
      assert.equal(stop.needed, 5, order);
      assert.equal(stop.end.judgments, 5);
      close(stop.end.halfWidth, w5);
    }
  }
  // Imported: the pairs in the claim's order, each taking all the judgments it needs.
  picks.length = 0;
  projectNeeded(input, { order: "imported", target: 1e-6, onPick: (a, b) => picks.push([a, b]) });
  assert.deepEqual(
    picks.map(([a, b]) => `${input.models[a]}-${input.models[b]}`),
    ["p0-p1", "p0-p1", "p0-p1", "p2-p3", "p2-p3", "p3-p0", "p3-p0", "p3-p0", "p1-p2", "p1-p2", "p1-p2"],
  );
  const already = projectNeeded(input, { order: "imported", target: 1e6 });
  assert.deepEqual([already.needed, already.end.judgments], [0, 0]);
});

test("balanced serves the pairs of planners with the fewest battles first; informative the highest score", () => {
  const input = neededInput(
    battles(),
    waitingOf([
      ["p2", "p3", 4],
      ["p0", "p1", 4],
      ["p1", "p0", 2],
    ]),
  );
  const n = (a: number, b: number) => input.tally.n[Math.min(a, b) * 4 + Math.max(a, b)];
  // p0–p1 has 5 battles, p2–p3 has 9: p0–p1 takes four turns alone, then they alternate (a tie: the first in pair order).
  assert.deepEqual([n(0, 1), n(2, 3)], [5, 9]);
  const picks: string[] = [];
  projectNeeded(input, { order: "balanced", target: 1e-6, onPick: (a, b) => picks.push(`${a}${b}`) });
  assert.deepEqual(picks, ["01", "01", "01", "01", "01", "23", "01", "23", "23", "23"]);
  const first: [number, number][] = [];
  projectNeeded(input, { order: "informative", target: 1e-6, onPick: (a, b) => first.push([a, b]) });
  const d = designAt(input.tally, fitTally(input.tally));
  const best = pairScore(d, 0, 1) > pairScore(d, 2, 3) ? [0, 1] : [2, 3];
  assert.deepEqual(first[0], best);
});

test("a planner without battles is rated by its first judgment; one that never lost stops the projection", () => {
  const input = neededInput(
    battles(),
    waitingOf([
      ["p0", "p1", 2],
      ["new", "p2", 6],
      ["same", "same", 3],
    ]),
  );
  assert.deepEqual(input.models, ["p0", "p1", "p2", "p3", "new"]);
  assert.equal(input.selfPairs, 1);
  const picks: string[] = [];
  const r = projectNeeded(input, { order: "imported", target: 1e6 - 1, onPick: (a) => picks.push(input.models[a]) });
  assert.equal(r.now.halfWidth, Infinity);
  assert.equal(r.now.model, "new");
  // Two judgments of p0–p1, then the new planner's first judgment rates it.
  assert.equal(r.needed, 3);
  assert.ok(Number.isFinite(r.end.halfWidth));

  const b = new BattleSetBuilder();
  for (let k = 0; k < 5; k++) b.add("champion", "p1", A_WINS, `q${k}`);
  for (let k = 0; k < 5; k++) b.add("p1", "p2", k % 2 ? A_WINS : B_WINS, `q${k}`);
  const stuck = projectNeeded(neededInput(b.build(), waitingOf([["champion", "p2", 10]])), {
    order: "informative",
    target: 25,
  });
  assert.deepEqual(stuck.unbounded, ["champion"]);
  assert.deepEqual([stuck.needed, stuck.end.judgments], [null, 0]);
});

test("with no battles yet, the first judgments are expected ties and the projection goes on from them", () => {
  const empty = new BattleSetBuilder().build();
  const input = neededInput(
    empty,
    waitingOf([
      ["a", "b", 300],
      ["b", "c", 300],
      ["a", "c", 300],
    ]),
  );
  const r = projectNeeded(input, { order: "balanced", target: 60 });
  assert.equal(r.now.halfWidth, Infinity);
  assert.ok(r.needed !== null && r.needed > 3 && r.needed < 900, `${r.needed}`);
  assert.ok(r.end.halfWidth < 60);
});

test("checking the target once a stretch finds the same judgment as checking after each one, new planners included", () => {
  const waiting: WaitingPair[] = [];
  for (let k = 0; k < 400; k++) {
    const i = (k * 7) % 4,
      j = (k * 3 + 1) % 4;
    if (i !== j) waiting.push({ modelA: `p${i}`, modelB: `p${j}`, judgments: 1 + (k % 3) });
    if (k === 150) waiting.push({ modelA: "late", modelB: "p1", judgments: 60 });
  }
  const input = neededInput(battles(), waiting);
  for (const order of ["imported", "balanced"] as const) {
    const final = projectNeeded(input, { order, target: 1e-6, resyncEvery: 1 });
    assert.equal(final.needed, null);
    for (const target of [final.end.halfWidth * 1.5, final.end.halfWidth * 1.05, final.end.halfWidth * 1.001]) {
      const each = projectNeeded(input, { order, target, resyncEvery: 1 });
      assert.ok(each.needed !== null && each.needed > 0, `${order} ${target}: ${each.needed}`);
      for (const resyncEvery of [7, 256]) {
        const r = projectNeeded(input, { order, target, resyncEvery });
        assert.equal(r.needed, each.needed, `${order}, target ${target}, every ${resyncEvery}`);
        close(r.end.halfWidth, each.end.halfWidth, 1e-7);
      }
    }
  }
});

test("the widest planner is the one the table shows widest, though the sandwich names another; projected in its terms", () => {
  const b = new BattleSetBuilder();
  // p0–p1: 48 battles in 4 requests, each request one way: the sandwich counts 48 battles, the bootstrap 4 requests.
  for (let q = 0; q < 4; q++) for (let k = 0; k < 12; k++) b.add("p0", "p1", q % 2 ? A_WINS : B_WINS, `c${q}`);
  // p2–p3 and the links: fewer battles, each a request of its own, mixed outcomes.
  let u = 0;
  const mix = [A_WINS, B_WINS, TIE, A_WINS, B_WINS];
  for (const [x, y, n] of [
    ["p2", "p3", 20],
    ["p1", "p2", 16],
    ["p0", "p3", 16],
  ] as const)
    for (let k = 0; k < n; k++) b.add(x, y, mix[(k + u) % 5], `s${u++}`);
  const set = b.build();
  const boot = { bootstrap: 400, seed: 1 };
  const table = leaderboard(set, boot).models.map((m) => ({ model: m.model, half: (m.ci95[1] - m.ci95[0]) / 2 }));
  const widest = table.reduce((w, m) => (m.half > w.half ? m : w));
  const waiting = waitingOf([
    ["p0", "p3", 300],
    ["p1", "p2", 300],
  ]);
  const target = widest.half * 0.8;
  const sandwich = projectNeeded(neededInput(set, waiting), { order: "imported", target });
  assert.notEqual(sandwich.now.model, widest.model, "the case: the sandwich's widest is not the table's");
  assert.equal(sandwich.needed, 0, "the sandwich alone says the target is met already");
  const r = projectNeededForTable(set, waiting, { order: "imported", target, ...boot });
  assert.equal(r.now.model, widest.model);
  close(r.now.halfWidth, widest.half);
  assert.deepEqual(r.intervals.pooledModels, []);
  assert.ok(r.intervals.pooled > 1.5, `clustered requests widen the table's intervals: ×${r.intervals.pooled}`);
  // The projection stops where the table's half-width, carried forward by each planner's factor, is under the target.
  assert.ok(r.needed !== null && r.needed > 0, `needed ${r.needed}`);
  assert.ok(r.end.halfWidth < target, `${r.end.halfWidth} under ${target}`);
});

test("a planner the table gives no interval takes the pooled factor", () => {
  const b = new BattleSetBuilder();
  let u = 0;
  for (const [x, y] of [
    ["p0", "p1"],
    ["p1", "p2"],
    ["p0", "p2"],
  ] as const)
    for (let k = 0; k < 12; k++) b.add(x, y, [A_WINS, B_WINS, TIE][(k + u) % 3], `q${u++ % 9}`);
  const r = projectNeededForTable(b.build(), waitingOf([["new", "p0", 5]]), {
    order: "imported",
    target: 1,
    bootstrap: 50,
    seed: 2,
  });
  assert.deepEqual(r.intervals.pooledModels, ["new"]);
  assert.equal(r.now.model, "new");
  assert.equal(r.now.halfWidth, Infinity);
  assert.ok(Number.isFinite(r.end.halfWidth));
});
