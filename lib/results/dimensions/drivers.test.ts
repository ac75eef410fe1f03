/** The dimension drivers against statsmodels' Logit (fixtures/drivers-reference.json, written by drivers_reference.py). */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { seededRandom, shuffle, logit, percentileInterval } from "../../kernel";
import {
  DriversAccumulator,
  dimensionDrivers,
  driverCode,
  type DimensionDrivers,
  type DriversFailure,
  type JudgmentDimensions,
} from "./drivers";
import type { DimensionVerdict } from "./set";
import { type Verdict } from "../../judging/verdict";

const { cases } = JSON.parse(
  readFileSync(path.resolve("lib/results/dimensions/fixtures/drivers-reference.json"), "utf8"),
) as {
  cases: {
    name: string;
    keys: string[];
    judgments: JudgmentDimensions[];
    counted: number;
    neither: number;
    coef: number[];
    se: number[];
  }[];
};

const fitted = (r: DimensionDrivers | DriversFailure): DimensionDrivers => {
  assert.ok(r.ok, r.ok ? "" : r.message);
  return r as DimensionDrivers;
};

test("coefficients and standard errors equal statsmodels' Logit to 1e-6, Neither left out and counted", () => {
  for (const c of cases) {
    const r = fitted(dimensionDrivers(c.judgments, c.keys, { replicates: 0 }));
    assert.equal(r.judgments, c.counted, c.name);
    assert.equal(r.neither, c.neither, c.name);
    const got = [r.intercept, ...r.dimensions];
    assert.deepEqual(
      got.map((g) => g.key),
      [null, ...c.keys],
    );
    got.forEach((g, j) => {
      assert.ok(Math.abs(g.estimate - c.coef[j]) < 1e-6, `${c.name} coef ${j}: ${g.estimate} vs ${c.coef[j]}`);
      assert.ok(Math.abs(g.se - c.se[j]) < 1e-6, `${c.name} se ${j}: ${g.se} vs ${c.se[j]}`);
    });
  }
});

test("the bootstrap equals resampling requests and fitting their judgments written out; the rows' order changes nothing", () => {
  const c = cases.find((c) => c.name === "two-dimensions")!;
  const replicates = 40;
  const r = fitted(dimensionDrivers(c.judgments, c.keys, { replicates, seed: 3 }));
  const kept = c.judgments.filter((j) => j.verdict !== "NEITHER");
  const requests = [...new Set(kept.map((j) => j.queryId))].sort();
  const byRequest = requests.map((q) => kept.filter((j) => j.queryId === q));
  const rng = seededRandom(3);
  const draws = c.keys.map(() => [] as number[]).concat([[]]);
  let failed = 0;
  for (let b = 0; b < replicates; b++) {
    const sample = Array.from({ length: requests.length }, () => byRequest[Math.floor(rng() * requests.length)]).flat();
    const f = logit(
      sample.map((j) => c.keys.map((k) => driverCode(j.dimensions[k]?.v))),
      sample.map((j) => (j.verdict === "A" ? 1 : 0)),
    );
    if (f.coef === null) failed++;
    else f.coef.forEach((v, i) => draws[i].push(v));
  }
  assert.equal(r.replicatesFailed, failed);
  [r.intercept, ...r.dimensions].forEach((g, i) => {
    const [lo, hi] = percentileInterval(Float64Array.from(draws[i]));
    assert.ok(g.ci95 && Math.abs(g.ci95[0] - lo) < 1e-6 && Math.abs(g.ci95[1] - hi) < 1e-6, `${g.key}`);
    assert.ok(g.ci95 && g.ci95[0] <= g.estimate && g.estimate <= g.ci95[1]);
  });
  const acc = new DriversAccumulator(c.keys);
  for (const j of shuffle(seededRandom(8), c.judgments)) acc.add(j);
  assert.deepEqual(acc.result({ replicates, seed: 3 }), r);
});

const judgment = (queryId: string, verdict: Verdict, dims: Record<string, DimensionVerdict>): JudgmentDimensions => ({
  queryId,
  verdict,
  dimensions: Object.fromEntries(Object.entries(dims).map(([k, v]) => [k, { v }])),
});

/** Judgments with two dimensions loosely tied to the overall verdict (no separation, nothing constant). */
function mixed(n: number): JudgmentDimensions[] {
  const r = seededRandom(21);
  const side = (): DimensionVerdict => (r() < 0.4 ? "A" : r() < 0.7 ? "B" : r() < 0.85 ? "SAME" : "NA");
  return Array.from({ length: n }, (_, i) =>
    judgment(`q${i % 17}`, r() < 0.5 ? "A" : "B", { route: side(), pacing: side() }),
  );
}

test("clear failures: too few judgments, one outcome, a constant dimension, two dimensions alike, separation", () => {
  const failure = (r: DimensionDrivers | DriversFailure) => {
    assert.ok(!r.ok, "a failure");
    return r as DriversFailure;
  };
  const few = failure(dimensionDrivers(mixed(3), ["route", "pacing"]));
  assert.equal(few.kind, "too_few");
  assert.match(few.message, /^3 judgments with an overall A or B .* for 3 coefficients/);

  const allA = failure(
    dimensionDrivers(
      mixed(40).map((j) => ({ ...j, verdict: "A" as const })),
      ["route", "pacing"],
    ),
  );
  assert.equal(allA.kind, "one_outcome");

  const withConstant = mixed(60).map((j) => ({
    ...j,
    dimensions: { ...j.dimensions, feasibility: { v: "NA" as const } },
  }));
  const constant = failure(dimensionDrivers(withConstant, ["feasibility", "route", "pacing"]));
  assert.equal(constant.kind, "constant");
  assert.deepEqual(constant.keys, ["feasibility"]);
  assert.match(constant.message, /feasibility has the same verdict in every judgment \(about the same, not applicable/);

  const copies = mixed(60).map((j) => ({ ...j, dimensions: { ...j.dimensions, attractions: j.dimensions.route } }));
  const alike = failure(dimensionDrivers(copies, ["route", "pacing", "attractions"]));
  assert.equal(alike.kind, "collinear");
  assert.deepEqual(alike.keys, ["route", "attractions"]);

  // Feasibility decides: whenever it picks a side the overall verdict follows; about the same goes either way.
  const decided = mixed(80).map((j, i) => {
    const f: DimensionVerdict = i % 3 === 0 ? "SAME" : j.verdict === "A" ? "A" : "B";
    return { ...j, dimensions: { ...j.dimensions, feasibility: { v: f } } };
  });
  const separated = failure(dimensionDrivers(decided, ["feasibility", "route", "pacing"]));
  assert.equal(separated.kind, "separation");
  assert.deepEqual(separated.keys, ["feasibility"]);
  assert.match(separated.message, /separated by feasibility/);
  assert.equal(separated.neither, 0);
});

test("the keys are checked: none, too many, twice", () => {
  assert.throws(() => new DriversAccumulator([]), /no dimensions/);
  assert.throws(() => new DriversAccumulator(Array.from({ length: 9 }, (_, i) => `d${i}`)), /at most 8/);
  assert.throws(() => new DriversAccumulator(["route", "route"]), /twice/);
});
