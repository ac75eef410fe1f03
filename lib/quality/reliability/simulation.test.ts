import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom } from "../../kernel";
import { longestRunProbability } from "./anomalies";
import { pauseDecision, pauseThreshold } from "./pause";
import { reliabilityReport } from "./report";
import { simulateStudy } from "./simulate";

const LABELS = ["A", "B", "NEITHER"];

/** Exact probability that an expert right with probability `pRight` on each gold pair is paused within `n` gold pairs. */
function pauseProbability(pRight: number, n: number): number {
  let alive = new Float64Array(n + 2); // alive[w]: not yet paused, w wrong so far
  alive[0] = 1;
  let paused = 0;
  for (let t = 1; t <= n; t++) {
    const next = new Float64Array(n + 2);
    const limit = pauseThreshold(t);
    for (let w = 0; w < t; w++) {
      if (!alive[w]) continue;
      next[w] += alive[w] * pRight;
      if (w + 1 >= limit) paused += alive[w] * (1 - pRight);
      else next[w + 1] += alive[w] * (1 - pRight);
    }
    alive = next;
  }
  return paused;
}

test("pausing: exact probabilities meet the targets, and a seeded simulation of 200,000 experts agrees", () => {
  const coin = pauseProbability(0.5, 15),
    good = pauseProbability(0.9, 50);
  assert.ok(coin >= 0.95, `coin-flipper paused within 15 with probability ${coin}`);
  assert.ok(good <= 0.05, `90 % expert paused within 50 with probability ${good}`);
  const simulate = (pRight: number, n: number, runs: number, seed: number) => {
    const rng = seededRandom(seed);
    let paused = 0;
    for (let r = 0; r < runs; r++) if (pauseDecision(Array.from({ length: n }, () => rng() < pRight)).paused) paused++;
    return paused / runs;
  };
  const simCoin = simulate(0.5, 15, 200_000, 1),
    simGood = simulate(0.9, 50, 200_000, 2);
  assert.ok(simCoin >= 0.95, `simulated coin-flipper ${simCoin}`);
  assert.ok(simGood <= 0.05, `simulated 90 % expert ${simGood}`);
  // Simulation and exact value agree within five standard errors.
  assert.ok(Math.abs(simCoin - coin) < 5 * Math.sqrt((coin * (1 - coin)) / 200_000));
  assert.ok(Math.abs(simGood - good) < 5 * Math.sqrt((good * (1 - good)) / 200_000));
  // Someone who picks uniformly among A, B and Neither is caught even sooner.
  assert.ok(pauseProbability(1 / 3, 15) > 0.99);
  console.log(
    `paused within 15 (coin): exact ${coin.toFixed(4)}, simulated ${simCoin.toFixed(4)}; within 50 (90 % right): exact ${good.toFixed(4)}, simulated ${simGood.toFixed(4)}`,
  );
});

test("pause decision stops at the first crossing and needs two wrong answers at least", () => {
  assert.deepEqual(pauseDecision([false]), { paused: false, at: null, n: 1, wrong: 1 });
  assert.deepEqual(pauseDecision([false, false, true]), { paused: true, at: 2, n: 3, wrong: 2 });
  assert.equal(pauseDecision(Array.from({ length: 50 }, (_, i) => i % 10 !== 0)).paused, false);
});

test("longest-run probability equals brute force over every sequence", () => {
  const shares = [0.5, 0.3, 0.2];
  for (const [n, L] of [
    [6, 3],
    [7, 2],
    [8, 4],
  ]) {
    let p = 0;
    for (let code = 0; code < 3 ** n; code++) {
      const seq: number[] = [];
      for (let c = code, i = 0; i < n; i++, c = Math.floor(c / 3)) seq.push(c % 3);
      let run = 1,
        longest = 1;
      for (let i = 1; i < n; i++) longest = Math.max(longest, (run = seq[i] === seq[i - 1] ? run + 1 : 1));
      if (longest >= L) p += seq.reduce((q, s) => q * shares[s], 1);
    }
    assert.ok(Math.abs(longestRunProbability(shares, n, L) - p) < 1e-12, `n=${n} L=${L}`);
  }
  // An expert of 25,000 judgments with a run of 3,000 (a million-judgment history): the union bound, below 1e-300.
  const tiny = longestRunProbability([0.4, 0.35, 0.25], 25_000, 3_000);
  assert.ok(tiny >= 0 && tiny < 1e-300, String(tiny));
  // A run of 60 among 25,000 is still summed exactly: tiny but far above 1e-300.
  const p60 = longestRunProbability([0.4, 0.35, 0.25], 25_000, 60);
  assert.ok(p60 > 1e-300 && p60 < 1e-18, String(p60));
});

test("simulated study: 30 experts at r = 0.84 and 3 random ones — every random one flagged, at most one honest, Dawid–Skene at least as accurate as the majority", () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const study = simulateStudy({ seed, items: 1000, honest: 30, random: 3, accuracy: 0.84 });
    const report = reliabilityReport(study.rows, LABELS);
    const flagged = report.raters.filter((r) => r.flagged).map((r) => r.rater);
    for (const r of study.random) assert.ok(flagged.includes(r), `seed ${seed}: ${r} not flagged`);
    const honestFlagged = flagged.filter((r) => !study.random.has(r));
    assert.ok(honestFlagged.length <= 1, `seed ${seed}: honest experts flagged: ${honestFlagged.join(", ")}`);
    let ds = 0,
      maj = 0;
    for (const item of report.items) {
      if (item.ds_label === study.truth.get(item.item)) ds++;
      if (item.majority === study.truth.get(item.item)) maj++;
    }
    assert.ok(ds >= maj, `seed ${seed}: Dawid–Skene ${ds} vs majority ${maj}`);
    const spam = (r: string) => report.raters.find((x) => x.rater === r)!.mace_spam;
    const minRandomSpam = Math.min(...[...study.random].map(spam));
    const honestAbove = report.raters.filter((r) => !study.random.has(r.rater) && r.mace_spam >= minRandomSpam).length;
    assert.ok(honestAbove <= 1, `seed ${seed}: MACE ranks ${honestAbove} honest experts above a random one`);
    console.log(
      `seed ${seed}: flagged ${flagged.length} (honest ${honestFlagged.length}); accuracy against the planted truth — Dawid–Skene ${(ds / 10).toFixed(1)} %, majority ${(maj / 10).toFixed(1)} % (no strict majority counts as wrong)`,
    );
  }
});
