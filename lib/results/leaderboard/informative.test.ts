/**
 * A-optimal scores (informative.ts) against the brute-force pseudo-inverses of replay_reference.py on the fixture's
 * 690 battles, before and after battles assumed into the design; what a pair that rates a new planner or joins two
 * groups scores; and where the scores send the next battle.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  assumeBattle,
  designAt,
  fitTally,
  informativeness,
  pairScore,
  pairTally,
  ratingVariances,
  tallyBattle,
  type PairTally,
} from "./informative";
import { readReplayLog } from "./replay";

const ref = JSON.parse(readFileSync("lib/results/leaderboard/fixtures/replay-reference.json", "utf8"));
const close = (x: number, y: number, rel = 1e-9) =>
  assert.ok(Math.abs(x - y) <= rel * Math.max(1, Math.abs(y)), `${x} vs ${y}`);

async function fixtureTally(): Promise<PairTally> {
  const log = await readReplayLog("lib/results/leaderboard/fixtures/battles.jsonl", 1 << 30);
  assert.deepEqual(log.models, ref.models);
  const t = pairTally(log.models.length);
  for (let k = 0; k < log.a.length; k++) tallyBattle(t, log.a[k], log.b[k], log.creditA[k]);
  return t;
}

test("scores and variances match the brute-force reference, sandwich and Fisher, before and after assumed battles", async () => {
  const t = await fixtureTally();
  const fit = fitTally(t);
  ref.beta.forEach((b: number, m: number) => close(fit.beta[m], b, 1e-9));
  for (const kind of ["sandwich", "fisher"] as const) {
    const r = ref.informative[kind];
    const d = designAt(t, fit, kind);
    close(d.rho, r.rho);
    Array.from(ratingVariances(d)).forEach((v, m) => close(v, r.variances[m]));
    const scores = informativeness(d, ref.pairs);
    scores.forEach((s, i) => close(s, r.scores[i]));
    for (const [a, b] of r.assumed) assumeBattle(d, a, b);
    ref.pairs.forEach(([a, b]: [number, number], i: number) => close(pairScore(d, a, b), r.scores_after[i]));
  }
  // The fixture has 18 % ties: the battles vary less than one Bernoulli trial each, and the sandwich says so.
  assert.ok(ref.informative.sandwich.rho < 0.9);
});

test("a pair that rates a planner without battles, or joins two groups never compared, scores Infinity and needs a new fit", () => {
  const t = pairTally(5);
  const add = (a: number, b: number, wins: number, losses: number) => {
    for (let i = 0; i < wins; i++) tallyBattle(t, a, b, 2);
    for (let i = 0; i < losses; i++) tallyBattle(t, a, b, 0);
  };
  add(0, 1, 6, 4);
  add(2, 3, 5, 5);
  const fit = fitTally(t);
  assert.equal(fit.groups, 2);
  const d = designAt(t, fit);
  assert.equal(pairScore(d, 0, 2), Infinity); // joins the groups
  assert.equal(pairScore(d, 1, 4), Infinity); // planner 4 has no battle
  assert.ok(Number.isFinite(pairScore(d, 0, 1)) && pairScore(d, 0, 1) > 0);
  assert.equal(ratingVariances(d)[4], Infinity);
  assert.throws(() => assumeBattle(d, 0, 2), /needs a new fit/);
});

test("the next battle goes to the planner that is least known", () => {
  // Four planners with many battles among them, a fifth with a few: every best pair involves the fifth.
  const t = pairTally(5);
  for (let a = 0; a < 4; a++)
    for (let b = a + 1; b < 4; b++) for (let k = 0; k < 40; k++) tallyBattle(t, a, b, k % 5 === 0 ? 1 : k % 2 ? 2 : 0);
  for (let k = 0; k < 6; k++) tallyBattle(t, k % 4, 4, k % 2 ? 2 : 0);
  const d = designAt(t, fitTally(t));
  const pairs: [number, number][] = [];
  for (let a = 0; a < 5; a++) for (let b = a + 1; b < 5; b++) pairs.push([a, b]);
  const scores = informativeness(d, pairs);
  const best = pairs[scores.indexOf(Math.max(...scores))];
  assert.ok(best.includes(4), `best pair ${best}`);
  // Assuming many battles of that planner moves the priority elsewhere: the score of a pair falls as it is served.
  const before = pairScore(d, best[0], best[1]);
  for (let k = 0; k < 200; k++) assumeBattle(d, best[0], best[1]);
  assert.ok(pairScore(d, best[0], best[1]) < before / 10);
});

test("several battles of one pair assumed at once are those battles assumed one by one", async () => {
  const t = await fixtureTally();
  const fit = fitTally(t);
  const once = designAt(t, fit),
    oneByOne = designAt(t, fit);
  assumeBattle(once, 0, 3, 3);
  for (let k = 0; k < 3; k++) assumeBattle(oneByOne, 0, 3);
  for (const key of ["G", "S", "GS", "G2"] as const) once[key].forEach((x, i) => close(x, oneByOne[key][i], 1e-9));
  ref.pairs.forEach(([a, b]: [number, number]) => close(pairScore(once, a, b), pairScore(oneByOne, a, b)));
});
