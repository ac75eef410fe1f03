import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom, binomTest } from "../../kernel";
import { patternOf, VERDICTS, verdictCode, type Verdict } from "../../judging/verdict";
import type { GroupStats, RatedPair } from "./report";
import {
  analyticsReport,
  confusionOfTallies,
  expertPairKappasOfTallies,
  expertTableOfTallies,
  groupStatsOfTallies,
  patternCounts,
} from "./tallies";
import { expertPairKappas, expertTable, groupStats, slotConfusion, tallyPairs } from "../../testing/agreement";

/** Complete pairs judged by three (sometimes two or four) of seven experts, in two groups, with a leaning to agree. */
function randomPairs(n: number, seed: number, wide = false): RatedPair[] {
  const rng = seededRandom(seed);
  const experts = ["ana", "ben", "chen", "dara", "eli", "fay", "gus"];
  return Array.from({ length: n }, (_, i) => {
    const raters = wide && i % 17 === 0 ? 4 : i % 23 === 0 ? 2 : 3;
    const who = [...experts].sort(() => rng() - 0.5).slice(0, raters);
    const base = VERDICTS[Math.floor(rng() * 3)];
    const verdicts: Verdict[] = who.map(() => (rng() < 0.7 ? base : VERDICTS[Math.floor(rng() * 3)]));
    const group = i % 3 === 0 ? "g1" : "g2";
    return {
      pairId: `p${i}`,
      destination: group,
      dataset: "d",
      destinationId: group,
      datasetId: "d",
      verdicts,
      experts: who,
      choseLeft: verdicts.map((v) => (v === "NEITHER" ? null : rng() < 0.5)),
      timeOnTaskMs: who.map(() => Math.floor(rng() * 100_000)),
    };
  });
}

const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 1e-12);

test("agreement from tallies equals agreement from the pairs (every statistic, intervals, unresolved, confusion)", () => {
  for (const wide of [false, true]) {
    const pairs = randomPairs(900, wide ? 5 : 4, wide);
    const t = tallyPairs(pairs);
    for (const g of ["g1", "g2"]) {
      const mine = pairs.filter((p) => p.destinationId === g);
      const { counts, wide: w } = patternCounts(t.agreement, (r) => r.destinationId === g);
      const widePairs = mine.filter((p) => p.verdicts.length > 3);
      assert.equal(w, widePairs.length);
      const a = groupStats(mine, 200, 3);
      const b = groupStatsOfTallies(counts, widePairs, 200, 3);
      assert.equal(b.items, a.items);
      assert.equal(b.unresolved, a.unresolved);
      for (const k of ["fleiss", "light", "krippendorff", "pairwise", "allAgree"] as const) {
        assert.ok(close(a[k].value, b[k].value), `${g} ${k}: ${a[k].value} vs ${b[k].value}`);
        if (!wide) assert.deepEqual(b[k].ci, a[k].ci, `${g} ${k} interval`);
      }
      if (!wide) assert.deepEqual(confusionOfTallies(counts, []), slotConfusion(mine));
    }
  }
});

/** Two figures equal but for the last bits of sums taken in another order (values, intervals, reasons, slot pairs). */
function sameStats(a: GroupStats, b: GroupStats, what: string) {
  assert.equal(b.items, a.items, `${what} items`);
  assert.equal(b.unresolved, a.unresolved, `${what} unresolved`);
  assert.ok(close(b.ceiling.r, a.ceiling.r) && close(b.ceiling.predictedAllAgree, a.ceiling.predictedAllAgree));
  for (const k of ["fleiss", "light", "krippendorff", "pairwise", "allAgree"] as const) {
    const [x, y] = [a[k], b[k]];
    assert.ok(close(x.value, y.value), `${what} ${k}: ${x.value} vs ${y.value}`);
    assert.equal(y.reason, x.reason, `${what} ${k} reason`);
    assert.equal(y.ci === null, x.ci === null, `${what} ${k} interval`);
    if (x.ci && y.ci) {
      assert.equal(y.ci.replicates, x.ci.replicates, `${what} ${k} replicates`);
      assert.ok(close(x.ci.lo, y.ci.lo) && close(x.ci.hi, y.ci.hi), `${what} ${k}: ${JSON.stringify([x.ci, y.ci])}`);
    }
  }
  const pairsOf = (s: GroupStats) => (s.light as { pairs?: Record<string, number | null> }).pairs ?? {};
  const [pa, pb] = [pairsOf(a), pairsOf(b)];
  assert.deepEqual(Object.keys(pb), Object.keys(pa), `${what} slot pairs`);
  for (const key of Object.keys(pa)) assert.ok(close(pa[key], pb[key]), `${what} slot pair ${key}`);
}

test("with pairs of four to ten ratings, the figures from verdict-vector counts equal the general functions over every pair: values, reasons and the same bootstrap intervals", () => {
  const rng = seededRandom(31);
  for (const [n, wideEvery, most] of [
    [900, 17, 4],
    [400, 3, 10],
    [60, 1, 6],
    [5, 2, 5],
  ] as const) {
    const pairs = randomPairs(n, n);
    // Some pairs get more raters (an admin's "one more rater", again and again), in the order the database reads them.
    const widePairs = pairs
      .filter((_, i) => i % wideEvery === 0)
      .map((p, i) => {
        const more = 4 + ((i * 7) % (most - 3));
        const verdicts = [...p.verdicts];
        while (verdicts.length < more) verdicts.push(rng() < 0.6 ? verdicts[0] : VERDICTS[Math.floor(rng() * 3)]);
        return { ...p, verdicts };
      });
    const narrow = pairs.filter((_, i) => i % wideEvery !== 0);
    const { counts } = patternCounts(tallyPairs(narrow).agreement);
    // What today's general path reads: the tallied pairs in pattern order, then the wide pairs.
    const order = [...narrow].sort(
      (x, y) => patternOf(x.verdicts.map(verdictCode)) - patternOf(y.verdicts.map(verdictCode)),
    );
    const reference = [...order.map((p) => ({ ...p, verdicts: p.verdicts.slice() })), ...widePairs];
    for (const [replicates, seed] of [
      [200, 3],
      [0, 1],
    ] as const)
      sameStats(
        groupStats(reference, replicates, seed),
        groupStatsOfTallies(counts, widePairs, replicates, seed),
        `${n} pairs, ${replicates} replicates`,
      );
    assert.deepEqual(confusionOfTallies(counts, widePairs), slotConfusion(reference));
  }
});

test("a group of one category and four ratings gives the general functions' reasons, not numbers", () => {
  const same = (k: number): RatedPair => ({
    pairId: `s${k}`,
    destination: "x",
    dataset: "d",
    verdicts: Array.from({ length: k }, () => "A" as const),
    experts: [],
    choseLeft: [],
    timeOnTaskMs: [],
  });
  const wide = [same(4), same(4)];
  const counts = new Float64Array(64);
  counts[patternOf([0, 0, 0])] = 3;
  const reference = [...Array.from({ length: 3 }, () => same(3)), ...wide];
  sameStats(groupStats(reference, 50, 2), groupStatsOfTallies(counts, wide, 50, 2), "one category");
  assert.equal(groupStatsOfTallies(counts, wide, 50, 2).fleiss.value, null);
});

test("the expert table and expert-pair kappas from tallies equal those from the pairs", () => {
  const pairs = randomPairs(600, 9);
  const t = tallyPairs(pairs);
  const names = new Map(["ana", "ben", "chen", "dara", "eli", "fay", "gus"].map((id) => [id, id.toUpperCase()]));
  const byName = pairs.map((p) => ({ ...p, experts: p.experts.map((e) => names.get(e)!) }));
  const reference = expertTable(byName, 5);
  const medians = new Map(reference.map((r) => [[...names].find(([, n]) => n === r.expert)![0], r.medianSeconds!]));
  const rows = expertTableOfTallies(t, { names, medianSeconds: medians }, 5);
  assert.equal(rows.length, reference.length);
  for (const r of reference) {
    const m = rows.find((x) => x.expert === r.expert)!;
    assert.equal(m.pairs, r.pairs);
    for (const k of ["agreementWithOthers", "cohenWithPeers", "leftShare", "medianSeconds"] as const)
      assert.ok(close(m[k], r[k]), `${r.expert} ${k}: ${m[k]} vs ${r[k]}`);
  }
  const kappas = expertPairKappasOfTallies(t.expertPairs, names, 5);
  const expected = expertPairKappas(byName, 5);
  assert.equal(kappas.length, expected.length);
  kappas.forEach((k, i) => {
    assert.equal(`${k.a}|${k.b}|${k.shared}`, `${expected[i].a}|${expected[i].b}|${expected[i].shared}`);
    assert.ok(close(k.kappa, expected[i].kappa));
  });
  // A minimum above every shared count leaves no expert pair and no peer kappa.
  assert.deepEqual(expertPairKappasOfTallies(t.expertPairs, names, 10_000), []);
  assert.ok(expertTableOfTallies(t, { names, medianSeconds: medians }, 10_000).every((r) => r.cohenWithPeers === null));
});

test("the report's position bias counts each expert's verdicts for the left plan, right plan and Neither", () => {
  const pairs = randomPairs(300, 12);
  const t = tallyPairs(pairs);
  const names = new Map<string, string>();
  const report = analyticsReport({
    ...t,
    names: { users: names, datasets: names, destinations: names },
    widePairs: [],
    medianSeconds: new Map(),
    skips: new Map(),
    days: [],
  });
  const count = new Map<string, { left: number; right: number; neither: number }>();
  for (const p of pairs) {
    p.experts.forEach((e, i) => {
      const c = count.get(e) ?? { left: 0, right: 0, neither: 0 };
      if (p.choseLeft[i] === null) c.neither++;
      else if (p.choseLeft[i]) c.left++;
      else c.right++;
      count.set(e, c);
    });
  }
  assert.equal(report.position.experts.length, count.size);
  for (const e of report.position.experts) {
    const c = count.get(e.userId)!;
    assert.deepEqual([e.left, e.n, e.neither], [c.left, c.left + c.right, c.neither]);
    assert.equal(e.p_value, binomTest(c.left, c.left + c.right));
  }
  const all = [...count.values()].reduce((s, c) => ({
    left: s.left + c.left,
    right: s.right + c.right,
    neither: s.neither + c.neither,
  }));
  assert.deepEqual(
    [report.position.overall.left, report.position.overall.n, report.position.overall.neither],
    [all.left, all.left + all.right, all.neither],
  );
});
