import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom, shuffle, kendallTauB, percentileInterval } from "../../kernel";
import { HumansVsRewardAccumulator, humansVsReward, type PairDimensions } from "./reward";
import type { DimensionVerdict } from "./set";

const row = (
  pairId: string,
  queryId: string,
  dims: Record<string, [DimensionVerdict | null, number | null]>,
): PairDimensions => ({
  pairId,
  queryId,
  dimensions: Object.fromEntries(
    Object.entries(dims).map(([k, [majority, difference]]) => [k, { majority, difference }]),
  ),
});

const code = (m: DimensionVerdict) => (m === "A" ? 1 : m === "B" ? -1 : 0);

/** Seeded rows: per request a few pairs, the signal weakly following the majority. */
function seeded(n: number, requests: number, seed: number): PairDimensions[] {
  const r = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const m: DimensionVerdict | null =
      r() < 0.03 ? "NA" : r() < 0.05 ? null : r() < 0.4 ? "A" : r() < 0.7 ? "B" : "SAME";
    const side = m === "A" ? 1 : m === "B" ? -1 : 0;
    const d = r() < 0.1 ? null : r() < 0.2 ? 0 : Math.round((0.3 * side + r() - 0.5) * 20) / 20;
    return row(`p${String(i).padStart(5, "0")}`, `q${Math.floor(r() * requests)}`, {
      route: [m, d],
      pacing: [m === null || m === "NA" ? m : r() < 0.5 ? "A" : "B", r() - 0.5],
    });
  });
}

test("counts, accuracy with ties excluded, τ-b and the strongest disagreements on a small example", () => {
  const rows = [
    row("p1", "q1", { route: ["A", 0.5] }), // right
    row("p2", "q1", { route: ["B", -0.2] }), // right
    row("p3", "q2", { route: ["A", -0.9] }), // wrong: a disagreement
    row("p4", "q2", { route: ["B", 0.3] }), // wrong: a disagreement
    row("p5", "q3", { route: ["SAME", 0.4] }), // tie: about the same
    row("p6", "q3", { route: ["A", 0] }), // tie: zero difference
    row("p7", "q4", { route: [null, 0.1] }), // no majority
    row("p8", "q4", { route: ["B", null] }), // no signal
    row("p9", "q5", { route: ["B", 0.9] }), // wrong, as strong as p3
    row("p10", "q5", { route: ["NA", 0.2] }), // not applicable by every expert
  ];
  const [d] = humansVsReward(rows, { k: 2, replicates: 0 });
  assert.equal(d.key, "route");
  assert.deepEqual([d.pairs, d.notApplicable, d.noMajority, d.noSignal, d.compared, d.requests], [10, 1, 1, 1, 7, 4]);
  assert.deepEqual([d.accuracyPairs, d.sameMajority, d.zeroDifference], [5, 1, 1]);
  assert.equal(d.accuracy, 2 / 5);
  const kept = rows.filter(
    (r) =>
      r.dimensions.route.majority && r.dimensions.route.majority !== "NA" && r.dimensions.route.difference !== null,
  );
  assert.equal(
    d.kendallTau,
    kendallTauB(
      kept.map((r) => code(r.dimensions.route.majority!)),
      kept.map((r) => r.dimensions.route.difference!),
    ),
  );
  // The two strongest of p3, p4, p9: |0.9| twice, the pair id breaking the tie.
  assert.deepEqual(
    d.disagreements.map((x) => [x.pairId, x.majority, x.difference]),
    [
      ["p3", "A", -0.9],
      ["p9", "B", 0.9],
    ],
  );
  assert.equal(d.accuracyCi95, null, "no replicates asked");
});

test("streaming: the rows' order changes nothing, intervals included", () => {
  const rows = seeded(600, 80, 5);
  const a = humansVsReward(rows, { replicates: 200, seed: 9 });
  const acc = new HumansVsRewardAccumulator({ replicates: 200, seed: 9 });
  for (const r of shuffle(seededRandom(2), rows)) acc.add(r);
  assert.deepEqual(acc.result(), a);
  assert.deepEqual(
    a.map((d) => d.key),
    ["pacing", "route"],
    "sorted keys without a list",
  );
});

test("the bootstrap equals resampling requests and recomputing on the rows written out", () => {
  const rows = seeded(300, 40, 11);
  const replicates = 60;
  const [route] = humansVsReward(rows, { keys: ["route"], replicates, seed: 4 });
  const kept = rows.filter(
    (r) =>
      r.dimensions.route.majority && r.dimensions.route.majority !== "NA" && r.dimensions.route.difference !== null,
  );
  const requests = [...new Set(kept.map((r) => r.queryId))].sort();
  const byRequest = requests.map((q) => kept.filter((r) => r.queryId === q));
  const rng = seededRandom(4);
  const accs: number[] = [];
  const taus: number[] = [];
  for (let b = 0; b < replicates; b++) {
    const sample = Array.from({ length: requests.length }, () => byRequest[Math.floor(rng() * requests.length)]).flat();
    const decisive = sample.filter(
      (r) => r.dimensions.route.majority !== "SAME" && r.dimensions.route.difference !== 0,
    );
    const right = decisive.filter((r) => (r.dimensions.route.majority === "A") === r.dimensions.route.difference! > 0);
    accs.push(right.length / decisive.length);
    taus.push(
      kendallTauB(
        sample.map((r) => code(r.dimensions.route.majority!)),
        sample.map((r) => r.dimensions.route.difference!),
      )!,
    );
  }
  const [alo, ahi] = percentileInterval(Float64Array.from(accs));
  const [tlo, thi] = percentileInterval(Float64Array.from(taus));
  assert.equal(route.accuracyCi95!.replicates, replicates);
  for (const [got, want] of [
    [route.accuracyCi95!.lo, alo],
    [route.accuracyCi95!.hi, ahi],
    [route.kendallTauCi95!.lo, tlo],
    [route.kendallTauCi95!.hi, thi],
  ])
    assert.ok(Math.abs(got - want) < 1e-12, `${got} vs ${want}`);
  assert.ok(route.kendallTauCi95!.lo <= route.kendallTau! && route.kendallTau! <= route.kendallTauCi95!.hi);
  assert.ok(route.accuracyCi95!.lo <= route.accuracy! && route.accuracy! <= route.accuracyCi95!.hi);
});

test("a list of keys fixes the order and ignores other keys; a dimension without data has no figures", () => {
  const rows = seeded(50, 10, 3);
  const out = humansVsReward(rows, { keys: ["route", "attractions"], replicates: 20 });
  assert.deepEqual(
    out.map((d) => d.key),
    ["route", "attractions"],
  );
  const empty = out[1];
  assert.deepEqual(
    [empty.pairs, empty.compared, empty.accuracy, empty.kendallTau, empty.accuracyCi95, empty.kendallTauCi95],
    [0, 0, null, null, null, null],
  );
  // One request: nothing to resample.
  const one = humansVsReward(
    [row("p1", "q", { route: ["A", 1] }), row("p2", "q", { route: ["B", -1] }), row("p3", "q", { route: ["A", -1] })],
    { replicates: 50 },
  )[0];
  assert.equal(one.accuracy, 2 / 3);
  assert.equal(one.accuracyCi95, null);
});

test("a difference that is not a finite number is refused, naming the pair and the dimension", () => {
  assert.throws(
    () => humansVsReward([row("p7", "q", { route: ["A", NaN] })]),
    /pair p7, dimension route: the difference is NaN/,
  );
});
