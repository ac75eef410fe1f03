import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { gridFromFile, syntheticPairs, weightsAt } from ".";

const dir = mkdtempSync(path.join(tmpdir(), "tj-fit-"));
const gridFile = path.join(dir, "grid.json");
const GRID = { w1: [0.1, 0.7], w2: [0.2, 1.0], w3: [0.8, 1.2], w4: [0.1, 1.4] };
writeFileSync(gridFile, JSON.stringify(GRID));
const pairs = syntheticPairs({ pairs: 60, weights: weightsAt(gridFromFile(GRID), 77), noise: 0.2, seed: 8 });
const pairsFile = path.join(dir, "pairs.jsonl");
writeFileSync(
  pairsFile,
  pairs
    .map((p) =>
      JSON.stringify({
        pair_id: p.id,
        query_id: "q",
        destination: "d",
        split: null,
        label: p.label,
        plan_a: { plan_id: "a", features: p.a, reward: 0 },
        plan_b: { plan_id: "b", features: p.b, reward: 0 },
      }),
    )
    .join("\n") + "\n",
);

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "fit", ...args], { encoding: "utf8" });

test("tripjudge fit --json prints the report in the documented shape", () => {
  const r = cli(
    "--pairs",
    pairsFile,
    "--grid",
    gridFile,
    "--folds",
    "3",
    "--bootstrap",
    "200",
    "--seed",
    "4",
    "--json",
  );
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out.weights).sort(), [
    "attraction_diversity",
    "attraction_prioritization",
    "budget",
    "daytime_utilization",
    "hotel_consistency",
    "iconic_landmarks",
    "location_clustering",
    "pacing",
    "physical_effort",
    "schedule_density",
    "unique_attractions",
    "user_request",
  ]);
  assert.ok([0.8, 1.2].includes(out.w3) && [0.1, 1.4].includes(out.w4));
  assert.ok(out.train_accuracy > 0.6);
  assert.equal(out.cv.fold_accuracy.length, 3);
  assert.equal(typeof out.cv.mean, "number");
  assert.equal(typeof out.cv.std, "number");
  assert.equal(out.bootstrap.ci95.length, 2);
  assert.equal(typeof out.kendall_tau.train, "number");
  assert.equal(typeof out.kendall_tau.validation, "number");
  assert.equal(out.evaluated, 2 ** 7 * 2 ** 4 * 2 * 2);
  assert.equal(typeof out.seconds, "number");
  // Reproducible: same seed, same report.
  const again = JSON.parse(
    cli("--pairs", pairsFile, "--grid", gridFile, "--folds", "3", "--bootstrap", "200", "--seed", "4", "--json").stdout,
  );
  assert.deepEqual({ ...again, seconds: 0 }, { ...out, seconds: 0 });
});

test("tripjudge fit --folds 0 --bootstrap 0 prints those parts as null", () => {
  const out = JSON.parse(
    cli("--pairs", pairsFile, "--grid", gridFile, "--folds", "0", "--bootstrap", "0", "--json").stdout,
  );
  assert.equal(out.cv, null);
  assert.equal(out.bootstrap, null);
  assert.equal(out.kendall_tau.validation, null);
});

test("tripjudge fit refuses bad input with the line, and bad options, with exit code 1", () => {
  const bad = path.join(dir, "bad.jsonl");
  writeFileSync(
    bad,
    `${JSON.stringify({ pair_id: "x", label: 1, plan_a: { features: { format: 1, commonsense: 1, pacing: 7 } }, plan_b: { features: {} } })}\n`,
  );
  const r = cli("--pairs", bad, "--json");
  assert.equal(r.status, 1);
  assert.match(r.stderr, /bad\.jsonl:1 \$\.plan_a\.features\.pacing: a sub-score lies in \[0, 1\]/);
  const opt = cli("--pairs", pairsFile, "--folds", "2.5");
  assert.equal(opt.status, 1);
  assert.match(opt.stderr, /--folds must be a whole number/);
  const text = cli("--pairs", pairsFile, "--grid", gridFile, "--bootstrap", "100");
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /train accuracy: \d+\.\d+ %/);
  assert.match(text.stdout, /schedule_density\s+0\.[17]\s+\(TripScore 0\.7\)/);
});
