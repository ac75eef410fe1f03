/**
 * The prediction-powered leaderboard against the independent reference (reference-ppi.py: numpy/scipy, reference-
 * model parametrization, ppi_py's formulas written out), λ = 0 against the experts-only fit, and coverage of the
 * population's ratings in seeded simulations.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { A_WINS, B_WINS, BattleSetBuilder, TIE, type PlanStyle } from "./battles";
import { leaderboard } from "./leaderboard";
import {
  PredictionPoweredBuilder,
  PredictionPoweredInputError,
  predictionPoweredLeaderboard,
  type PredictionPoweredLeaderboard,
} from "./prediction-powered";
import { readPredictionPoweredFiles } from "./prediction-powered-file";
import { populationRatings, simulateJudgedBattles } from "./simulate-judge";

const dir = "lib/results/leaderboard/fixtures/";
const ref = JSON.parse(readFileSync(`${dir}ppi-reference.json`, "utf8"));
const MAX = 1 << 30;

interface RefCase {
  lambda: number;
  lambda_unclipped: number;
  ratings: Record<string, number>;
  ci95: Record<string, [number, number]>;
  style: { coefficient: number; se: number }[] | null;
  experts_only: { ratings: Record<string, number>; ci95: Record<string, [number, number]> };
  effective_sample_ratio: number;
}

function matches(lb: PredictionPoweredLeaderboard, r: RefCase, tol = 1e-6) {
  assert.ok(Math.abs(lb.lambda - r.lambda) < 1e-8, `λ ${lb.lambda} vs ${r.lambda}`);
  assert.ok(Math.abs(lb.lambdaEstimate! - r.lambda_unclipped) < 1e-8);
  assert.ok(Math.abs(lb.effectiveSampleRatio - r.effective_sample_ratio) < 1e-8);
  assert.equal(lb.models.length, Object.keys(r.ratings).length);
  for (const m of lb.models) {
    const close = (a: number, b: number, what: string) =>
      assert.ok(Math.abs(a - b) < tol, `${m.model} ${what}: ${a} vs ${b}`);
    close(m.rating, r.ratings[m.model], "rating");
    close(m.ci95[0], r.ci95[m.model][0], "lower");
    close(m.ci95[1], r.ci95[m.model][1], "upper");
    close(m.expertsOnly.rating, r.experts_only.ratings[m.model], "experts-only rating");
    close(m.expertsOnly.ci95[0], r.experts_only.ci95[m.model][0], "experts-only lower");
    close(m.expertsOnly.ci95[1], r.experts_only.ci95[m.model][1], "experts-only upper");
  }
}

const code = (w: string) => (w === "model_a" ? A_WINS : w === "model_b" ? B_WINS : TIE);
function clustered(style: boolean) {
  const builder = new PredictionPoweredBuilder(style);
  for (const line of readFileSync(`${dir}ppi-clustered.jsonl`, "utf8").trim().split("\n")) {
    const r = JSON.parse(line) as {
      query_id: string;
      model_a: string;
      model_b: string;
      expert: string | null;
      judge: string;
      style_a: PlanStyle;
      style_b: PlanStyle;
    };
    const [sa, sb] = style ? [r.style_a, r.style_b] : [undefined, undefined];
    if (r.expert === null) builder.addJudge(r.model_a, r.model_b, code(r.judge), r.query_id, 1, sa, sb);
    else builder.addLabelled(r.model_a, r.model_b, code(r.expert), code(r.judge), r.query_id, 1, sa, sb);
  }
  return builder.build();
}

test("battles files (every battle its own unit): λ̂, ratings and sandwich intervals match the reference (ppi_py's np.cov form)", async () => {
  const files = await readPredictionPoweredFiles(`${dir}ppi-human.jsonl`, `${dir}ppi-judge.jsonl`, MAX);
  assert.equal(files.pp.labelled, ref.files.n);
  assert.equal(files.pp.set.size - files.pp.labelled, ref.files.N);
  const lb = predictionPoweredLeaderboard(files.pp);
  matches(lb, ref.files);
  assert.equal(lb.intervals, "sandwich");
  assert.ok(lb.lambda > 0 && lb.lambda < 1);
  // PPI without power tuning (λ = 1), as the reference computes it.
  const one = predictionPoweredLeaderboard(files.pp, { lambda: 1 });
  for (const m of one.models) {
    assert.ok(Math.abs(m.rating - ref.files_lambda_1.ratings[m.model]) < 1e-6);
    assert.ok(Math.abs(m.ci95[1] - ref.files_lambda_1.ci95[m.model][1]) < 1e-6);
  }
});

test("queries as units (the cluster sandwich), with and without style control: the reference's values", () => {
  matches(predictionPoweredLeaderboard(clustered(false)), ref.clustered);
  const lb = predictionPoweredLeaderboard(clustered(true), { style: true });
  matches(lb, ref.clustered_style);
  assert.equal(lb.style!.length, ref.clustered_style.style.length);
  lb.style!.forEach((s, k) => {
    assert.ok(Math.abs(s.coefficient - ref.clustered_style.style[k].coefficient) < 1e-8);
    assert.ok(Math.abs(s.se! - ref.clustered_style.style[k].se) < 1e-8);
  });
  // The bootstrap over queries with style control: same ratings, intervals of about the sandwich's width.
  const boot = predictionPoweredLeaderboard(clustered(true), { style: true, bootstrap: 200, seed: 2 });
  assert.equal(boot.bootstrap!.unconverged, 0);
  for (const m of boot.models) {
    const s = lb.models.find((x) => x.model === m.model)!;
    assert.equal(m.rating, s.rating);
    const ratio = (m.ci95[1] - m.ci95[0]) / (s.ci95[1] - s.ci95[0]);
    assert.ok(ratio > 0.75 && ratio < 1.3, `${m.model}: bootstrap / sandwich width ${ratio}`);
  }
});

test("λ = 0 is the experts-only leaderboard exactly: the same ratings as the leaderboard's fit, the same intervals", async () => {
  const { pp } = await readPredictionPoweredFiles(`${dir}ppi-human.jsonl`, `${dir}ppi-judge.jsonl`, MAX);
  const zero = predictionPoweredLeaderboard(pp, { lambda: 0 });
  // The experts' battles alone, as `tripjudge leaderboard --battles` fits them.
  const experts = new BattleSetBuilder();
  for (let r = 0; r < pp.labelled; r++)
    experts.add(pp.set.models[pp.set.a[r]], pp.set.models[pp.set.b[r]], pp.set.outcome[r], null);
  const plain = leaderboard(experts.build(), { bootstrap: 0 });
  for (const m of zero.models) {
    const p = plain.models.find((x) => x.model === m.model)!;
    assert.ok(Math.abs(m.rating - p.rating) < 1e-9, `${m.model}: ${m.rating} vs ${p.rating}`);
    assert.deepEqual(m.ci95, m.expertsOnly.ci95);
    assert.equal(m.rating, m.expertsOnly.rating);
  }
  assert.equal(zero.effectiveSampleRatio, 1);
  // A judge contradicting the experts on every labelled battle (a tie turned into a win for one side or the
  // other): λ̂ < 0 clips to 0, and the board is the experts-only one.
  const contrary = {
    ...pp,
    judgeOnLabelled: pp.judgeOnLabelled.map((_, r) =>
      pp.set.outcome[r] === A_WINS ? B_WINS : pp.set.outcome[r] === B_WINS ? A_WINS : r % 2 ? A_WINS : B_WINS,
    ),
  };
  const clipped = predictionPoweredLeaderboard(contrary);
  assert.ok(clipped.lambdaEstimate! < 0, `λ̂ ${clipped.lambdaEstimate}`);
  assert.equal(clipped.lambda, 0);
  assert.deepEqual(clipped.models, zero.models);
  assert.throws(() => predictionPoweredLeaderboard(pp, { lambda: 1.5 }), PredictionPoweredInputError);
});

test("an anchor pins one planner: the others keep their gaps, and their intervals are of the gap to it", async () => {
  const { pp } = await readPredictionPoweredFiles(`${dir}ppi-human.jsonl`, `${dir}ppi-judge.jsonl`, MAX);
  const free = predictionPoweredLeaderboard(pp);
  const pinned = predictionPoweredLeaderboard(pp, { anchor: { model: "gpt-4", rating: 1250 } });
  const shift = 1250 - free.models.find((m) => m.model === "gpt-4")!.rating;
  for (const m of pinned.models) {
    const f = free.models.find((x) => x.model === m.model)!;
    assert.ok(Math.abs(m.rating - (f.rating + shift)) < 1e-9);
    if (m.model === "gpt-4") assert.deepEqual(m.ci95, [1250, 1250]);
    // The gap to a planner with its own uncertainty is wider than the rating about the centre.
    else assert.ok(m.ci95[1] - m.ci95[0] > f.ci95[1] - f.ci95[0]);
  }
  assert.throws(
    () => predictionPoweredLeaderboard(pp, { anchor: { model: "gpt-5", rating: 1 } }),
    /no planner "gpt-5"/,
  );
});

test("150 simulated studies: the prediction-powered interval covers the population's ratings ≈ 95 %, and its total width is never above the experts-only one", (t) => {
  const ratings = [-80, -40, 0, 40, 80];
  const tie = 0.3;
  const truth = populationRatings(ratings, tie);
  let covered = 0,
    coveredExperts = 0,
    cases = 0,
    widerPlanners = 0,
    worst = 1,
    ess = 0,
    lambda = 0;
  const seeds = 150;
  for (let seed = 1; seed <= seeds; seed++) {
    const pp = simulateJudgedBattles({
      ratings,
      judgeBias: [40, 0, -30, 0, 20],
      labelled: 300,
      judged: 3000,
      tie,
      judgeTie: 0.3,
      copy: 0.5,
      seed,
    });
    const lb = predictionPoweredLeaderboard(pp);
    assert.ok(lb.effectiveSampleRatio >= 1, `seed ${seed}: effective sample ratio ${lb.effectiveSampleRatio}`);
    ess += lb.effectiveSampleRatio;
    lambda += lb.lambda;
    for (const m of lb.models) {
      const v = truth.get(m.model)!;
      cases++;
      if (m.ci95[0] <= v && v <= m.ci95[1]) covered++;
      if (m.expertsOnly.ci95[0] <= v && v <= m.expertsOnly.ci95[1]) coveredExperts++;
      const ratio = (m.ci95[1] - m.ci95[0]) / (m.expertsOnly.ci95[1] - m.expertsOnly.ci95[0]);
      if (ratio > 1) widerPlanners++;
      worst = Math.max(worst, ratio);
    }
  }
  t.diagnostic(
    `coverage ${covered}/${cases} (experts only ${coveredExperts}/${cases}); mean λ̂ ${(lambda / seeds).toFixed(3)}, mean effective sample ratio ${(ess / seeds).toFixed(3)}; single planners' intervals wider than experts-only in ${widerPlanners}/${cases} (at most ×${worst.toFixed(3)})`,
  );
  assert.ok(covered >= 0.93 * cases && covered <= 0.975 * cases, `covered ${covered}/${cases}`);
  assert.ok(ess / seeds > 1.1);
});

test("queries with dependent battles: the cluster sandwich still covers; bootstrap intervals resample queries and are seeded", (t) => {
  const ratings = [-60, 0, 30, 90];
  const truth = populationRatings(ratings, 0.25);
  let covered = 0,
    cases = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const pp = simulateJudgedBattles({
      ratings,
      labelled: 400,
      judged: 2400,
      tie: 0.25,
      judgeTie: 0.3,
      copy: 0.5,
      battlesPerQuery: 6,
      seed,
    });
    for (const m of predictionPoweredLeaderboard(pp).models) {
      cases++;
      if (m.ci95[0] <= truth.get(m.model)! && truth.get(m.model)! <= m.ci95[1]) covered++;
    }
  }
  t.diagnostic(`cluster sandwich coverage ${covered}/${cases}`);
  assert.ok(covered >= 0.92 * cases, `covered ${covered}/${cases}`);
  const pp = simulateJudgedBattles({
    ratings,
    labelled: 300,
    judged: 1500,
    tie: 0.25,
    judgeTie: 0.3,
    copy: 0.5,
    battlesPerQuery: 6,
    seed: 3,
  });
  const sandwich = predictionPoweredLeaderboard(pp);
  const boot = predictionPoweredLeaderboard(pp, { bootstrap: 400, seed: 7 });
  assert.equal(boot.intervals, "bootstrap");
  assert.equal(boot.bootstrap!.units, 300);
  assert.deepEqual(predictionPoweredLeaderboard(pp, { bootstrap: 400, seed: 7 }), boot);
  for (const m of boot.models) {
    const s = sandwich.models.find((x) => x.model === m.model)!;
    const ratio = (m.ci95[1] - m.ci95[0]) / (s.ci95[1] - s.ci95[0]);
    assert.ok(ratio > 0.8 && ratio < 1.25, `${m.model}: bootstrap / sandwich width ${ratio}`);
    assert.equal(m.rating, s.rating);
  }
});

test("the builder refuses what the method cannot use, and leaves out judge battles the experts never connect", () => {
  const only = new PredictionPoweredBuilder();
  only.addLabelled("a", "b", A_WINS, A_WINS, null);
  assert.throws(() => only.build(), /no judge battle beside the expert-labelled ones/);
  const lonely = new PredictionPoweredBuilder();
  lonely.addLabelled("a", "b", A_WINS, A_WINS, null);
  lonely.addLabelled("b", "c", A_WINS, B_WINS, null);
  lonely.addJudge("a", "b", TIE, null);
  assert.throws(() => lonely.build(), /1 planner\(s\) have no judge battle.*\(c\)/);
  const left = new PredictionPoweredBuilder();
  left.addLabelled("a", "b", A_WINS, A_WINS, null);
  left.addLabelled("c", "d", A_WINS, A_WINS, null);
  for (const [x, y] of [
    ["a", "b"],
    ["c", "d"],
    ["a", "c"],
    ["a", "z"],
    ["b", "b"],
  ])
    left.addJudge(x, y, TIE, null);
  const built = left.build();
  assert.deepEqual(built.leftOut, { unknownPlanner: 1, acrossGroups: 1 });
  assert.equal(built.selfBattles, 1);
  assert.equal(built.set.size, 4);
});
