import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom } from "../random";
import { VERDICTS, type Verdict } from "./labels";
import { expertPairKappas, expertTable, groupStats, slotConfusion, type RatedPair } from "./report";
import {
  analyticsReport,
  confusionOfTallies,
  expertPairKappasOfTallies,
  expertTableOfTallies,
  groupStatsOfTallies,
  patternCounts,
  tallyPairs,
} from "./tallies";
import { binomTest } from "../stats/binomial";

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
