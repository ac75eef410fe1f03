/** `tripjudge leaderboard --battles HUMAN --judge-battles JUDGE`: the prediction-powered leaderboard's command line. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";

const human = "lib/results/leaderboard/fixtures/ppi-human.jsonl";
const judge = "lib/results/leaderboard/fixtures/ppi-judge.jsonl";
const ref = JSON.parse(readFileSync("lib/results/leaderboard/fixtures/ppi-reference.json", "utf8")).files;
const dir = mkdtempSync(path.join(tmpdir(), "tj-ppi-"));
const cli = (args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "leaderboard", ...args], {
    encoding: "utf8",
  });
const write = (name: string, lines: object[]) => {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
};

test("--judge-battles --json: the models' ci95 are the prediction-powered sandwich intervals, with prediction_powered beside", () => {
  const r = cli(["--battles", human, "--judge-battles", judge, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out), [
    "models",
    "pairs",
    "battles",
    "bootstrap",
    "anchor",
    "groups",
    "comparable_across_groups",
    "prediction_powered",
  ]);
  assert.deepEqual(Object.keys(out.prediction_powered).slice(0, 4), [
    "judge_battles",
    "labelled",
    "lambda",
    "effective_sample_ratio",
  ]);
  const pp = out.prediction_powered;
  assert.equal(pp.judge_battles, 3400);
  assert.equal(pp.labelled, 400);
  assert.equal(pp.intervals, "sandwich");
  assert.ok(Math.abs(pp.lambda - ref.lambda) < 1e-8);
  assert.ok(Math.abs(pp.effective_sample_ratio - ref.effective_sample_ratio) < 1e-8);
  assert.equal(out.bootstrap, null);
  assert.deepEqual(out.battles, { counted: 400, named_left_out: 0, self_battles_left_out: 0, layout: "jsonl" });
  for (const m of out.models) {
    assert.ok(Math.abs(m.rating - ref.ratings[m.model]) < 1e-6);
    assert.ok(Math.abs(m.ci95[0] - ref.ci95[m.model][0]) < 1e-6);
    assert.ok(Math.abs(m.ci95[1] - ref.ci95[m.model][1]) < 1e-6);
    assert.ok(Math.abs(m.experts_only.ci95[1] - ref.experts_only.ci95[m.model][1]) < 1e-6);
  }
  // The win table is the experts' own.
  assert.equal(
    out.pairs.reduce((s: number, p: { n: number }) => s + p.n, 0),
    400,
  );
});

test("--lambda 0 is the experts-only leaderboard; --bootstrap N asks for intervals over resampled battles", () => {
  const zero = JSON.parse(cli(["--battles", human, "--judge-battles", judge, "--lambda", "0", "--json"]).stdout);
  const plain = JSON.parse(cli(["--battles", human, "--bootstrap", "10", "--json"]).stdout);
  for (const m of zero.models) {
    const p = plain.models.find((x: { model: string }) => x.model === m.model);
    assert.ok(Math.abs(m.rating - p.rating) < 1e-9);
    assert.deepEqual(m.ci95, m.experts_only.ci95);
  }
  assert.equal(zero.prediction_powered.effective_sample_ratio, 1);
  assert.equal(zero.prediction_powered.lambda_estimate, null);
  const boot = JSON.parse(
    cli(["--battles", human, "--judge-battles", judge, "--bootstrap", "200", "--seed", "3", "--json"]).stdout,
  );
  assert.equal(boot.prediction_powered.intervals, "bootstrap");
  assert.deepEqual(boot.bootstrap, { replicates: 200, seed: 3, units: 3400, unconverged: 0, unit: "battle" });
  const text = cli(["--battles", human, "--judge-battles", judge]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^planner\s+rank\s+rating\s+95 % interval\s+experts only/m);
  assert.match(text.stdout, /400 expert battles, each with the judge's verdict on it, rectify the judge's 3000 other/);
  assert.match(text.stdout, /Effective sample ratio 1\.21/);
});

test("an id the experts' file repeats (a pair's judgments, as `export battles` writes them) is rectified by the judge's one verdict under it, each battle on its own sides", () => {
  const xy = (id: string, winner: string, flip = false) =>
    flip ? { id, model_a: "y", model_b: "x", winner } : { id, model_a: "x", model_b: "y", winner };
  const yz = (id: string, winner: string) => ({ id, model_a: "y", model_b: "z", winner });
  // Three experts judged pair p1 (one of them saw it written the other way round), two p2; the judge once each.
  const shared = write("shared.jsonl", [
    xy("p1", "model_a"),
    xy("p1", "model_a", true),
    xy("p1", "tie"),
    yz("p2", "model_b"),
    yz("p2", "model_a"),
  ]);
  const judgeOthers = [xy("o1", "model_a"), yz("o2", "model_b"), xy("o3", "model_b"), yz("o4", "tie")];
  const sharedJudge = write("shared-judge.jsonl", [xy("p1", "model_a"), yz("p2", "model_b"), ...judgeOthers]);
  // The same battles with an id each, the judge's verdict repeated under each (turned to the battle's sides).
  const unique = write("unique.jsonl", [
    xy("p1a", "model_a"),
    xy("p1b", "model_a", true),
    xy("p1c", "tie"),
    yz("p2a", "model_b"),
    yz("p2b", "model_a"),
  ]);
  const uniqueJudge = write("unique-judge.jsonl", [
    xy("p1a", "model_a"),
    xy("p1b", "model_b", true),
    xy("p1c", "model_a"),
    yz("p2a", "model_b"),
    yz("p2b", "model_b"),
    ...judgeOthers,
  ]);
  const a = cli(["--battles", shared, "--judge-battles", sharedJudge, "--lambda", "0.5", "--json"]);
  const b = cli(["--battles", unique, "--judge-battles", uniqueJudge, "--lambda", "0.5", "--json"]);
  assert.equal(a.status, 0, a.stderr);
  assert.equal(b.status, 0, b.stderr);
  const [x, y] = [JSON.parse(a.stdout), JSON.parse(b.stdout)];
  assert.equal(x.prediction_powered.labelled, 5);
  assert.equal(x.prediction_powered.judge_battles, 9);
  assert.deepEqual(x.models, y.models);
  assert.deepEqual(x.pairs, y.pairs);
});

test("clear errors: ids missing or repeated, a judge battle of other planners, expert battles without a verdict", () => {
  const a = { model_a: "x", model_b: "y", winner: "model_a" };
  const b = { model_a: "y", model_b: "z", winner: "tie" };
  const goodJudge = [
    { id: "1", ...a },
    { id: "2", ...b },
    { id: "3", ...a },
    { id: "4", ...b },
  ];
  const goodHuman = write("h.jsonl", [
    { id: "1", ...a },
    { id: "2", ...b },
  ]);
  const run = (h: string, j: string, extra: string[] = []) => cli(["--battles", h, "--judge-battles", j, ...extra]);
  let r = run(goodHuman, write("j1.jsonl", [...goodJudge, a]));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /j1\.jsonl:5: the battle has no "id"/);
  r = run(write("h2.jsonl", [{ id: "1", ...a }, a]), write("j2.jsonl", goodJudge));
  assert.match(r.stderr, /h2\.jsonl:2: the battle has no "id"/);
  r = run(
    write("h3.jsonl", [
      { id: "1", ...a },
      { id: "1", ...b },
    ]),
    write("j3.jsonl", goodJudge),
  );
  // An id may repeat among the experts' battles (a pair's judgments), between the same two planners only.
  assert.match(r.stderr, /h3\.jsonl:2: the id "1" is a battle of x and y at .*h3\.jsonl:1, not of y and z/);
  r = run(
    write("h3b.jsonl", [
      { id: "1", ...a },
      { id: "1", ...a, anony: false },
    ]),
    write("j3b.jsonl", goodJudge),
  );
  assert.match(r.stderr, /h3b\.jsonl:2: the id "1" is named here but anonymous at .*h3b\.jsonl:1/);
  r = run(goodHuman, write("j4.jsonl", [...goodJudge, { id: "3", ...b }]));
  assert.match(r.stderr, /j4\.jsonl:5: the id "3" again/);
  r = run(goodHuman, write("j5.jsonl", [{ id: "1", ...b }, ...goodJudge.slice(1)]));
  assert.match(r.stderr, /j5\.jsonl:1: the id "1" is a battle of x and y at .*h\.jsonl:1, not of y and z/);
  r = run(goodHuman, write("j6.jsonl", goodJudge.slice(1)));
  assert.match(r.stderr, /1 expert battle\(s\) have no judge battle with their id .*\(first: "1" at .*h\.jsonl:1\)/);
  r = run(goodHuman, write("j7.jsonl", goodJudge.slice(0, 2)));
  assert.match(r.stderr, /no judge battle beside the expert-labelled ones/);
  r = run(goodHuman, write("j8.jsonl", goodJudge), ["--lambda", "2"]);
  assert.match(r.stderr, /--lambda must be a number from 0 to 1, not "2"/);
  r = run(goodHuman, write("j9.jsonl", goodJudge), ["--dimension", "overall"]);
  assert.match(r.stderr, /--dimension cannot be combined with --judge-battles/);
  // Written the other way round, the judge's verdict on an expert battle is turned to the expert battle's sides.
  r = run(
    goodHuman,
    write("j10.jsonl", [{ id: "1", model_a: "y", model_b: "x", winner: "model_b" }, ...goodJudge.slice(1)]),
    ["--json"],
  );
  assert.equal(r.status, 0, r.stderr);
});
