/**
 * `tripjudge simulate`: the JSON's shape, the traces --trace-out writes (DIR/<policy>.<seed>.json, positions among the
 * log's battles as read, filtered ones counted, none twice, one warm-up for every policy), the plain text, and the
 * errors a user can make.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";

const fixture = "lib/results/leaderboard/fixtures/battles.jsonl";
const fastchat = "lib/results/leaderboard/fixtures/published/fastchat-clean-battle.json";
const dir = mkdtempSync(path.join(tmpdir(), "tj-simulate-"));
const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "simulate", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });

test("tripjudge simulate --json gives per policy and checkpoint the widths, and the savings against the log's mix", () => {
  const r = cli(
    ["--battles", fixture, "--budget", "300", "--warmup", "60", "--seeds", "3", "--min-battles", "0"].concat([
      "--checkpoints",
      "60,180,300",
      "--json",
    ]),
  );
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out), ["log", "settings", "policies", "baseline", "savings"]);
  assert.deepEqual(out.log, {
    file: fixture,
    layout: "jsonl",
    read: 690,
    kept: 690,
    planners: 6,
    pairs: 15,
    left_out: { named: 0, self: 0, few_battles: 0 },
    min_battles: 0,
  });
  assert.deepEqual(out.settings, {
    policies: ["as-logged", "balanced", "informative"],
    budget: 300,
    warmup: 60,
    seeds: 3,
    raters: 1,
    exploration: 0.1,
    refit: 100,
    covariance: "sandwich",
    checkpoints: [60, 180, 300],
  });
  assert.deepEqual(
    out.policies.map((p: { policy: string }) => p.policy),
    ["as-logged", "balanced", "informative"],
  );
  for (const p of out.policies) {
    assert.equal(p.exhausted_runs, 0);
    assert.deepEqual(
      p.checkpoints.map((c: { votes: number }) => c.votes),
      [60, 180, 300],
    );
    for (const c of p.checkpoints) {
      assert.deepEqual(Object.keys(c), ["votes", "runs", "median", "widest", "rms", "coverage", "order_agreement"]);
      assert.ok(c.median > 0 && c.widest >= c.median && c.coverage >= 0 && c.coverage <= 1);
    }
    // Widths narrow as votes come in.
    assert.ok(p.checkpoints[2].widest < p.checkpoints[0].widest);
  }
  assert.equal(out.baseline, "as-logged");
  assert.equal(out.savings.length, 6);
  assert.deepEqual(Object.keys(out.savings[0]), [
    "policy",
    "metric",
    "baseline_width",
    "votes_needed",
    "votes_saved",
    "width_change",
  ]);
  // Seeded: the same command prints the same figures.
  assert.equal(
    cli(
      ["--battles", fixture, "--budget", "300", "--warmup", "60", "--seeds", "3", "--min-battles", "0"].concat([
        "--checkpoints",
        "60,180,300",
        "--json",
      ]),
    ).stdout,
    r.stdout,
  );
});

test("--trace-out DIR writes DIR/<policy>.<seed>.json: the battles drawn as positions in the log, filtered ones counted", () => {
  const out = path.join(dir, "traces");
  const args = ["--battles", fastchat, "--budget", "40", "--warmup", "10", "--seeds", "2", "--min-battles", "0"];
  const r = cli([...args, "--trace-out", out]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^policy\s+votes\s+widest\s+median\s+rms\s+coverage\s+order\s+runs$/m);
  assert.match(r.stdout, /72 battles read, 58 kept among 5 planners .* 14 non-anonymous/);
  assert.match(r.stdout, /Against as-logged at 40 votes:/);
  assert.deepEqual(readdirSync(out).sort(), [
    "as-logged.0.json",
    "as-logged.1.json",
    "balanced.0.json",
    "balanced.1.json",
    "informative.0.json",
    "informative.1.json",
  ]);
  const raw: { anony: boolean }[] = JSON.parse(readFileSync(fastchat, "utf8"));
  const trace = (name: string): number[] => JSON.parse(readFileSync(path.join(out, name), "utf8"));
  for (const seed of [0, 1]) {
    const warm = trace(`as-logged.${seed}.json`).slice(0, 10);
    for (const policy of ["as-logged", "balanced", "informative"]) {
      const t = trace(`${policy}.${seed}.json`);
      assert.equal(t.length, 40);
      assert.equal(new Set(t).size, 40);
      assert.ok(t.every((p) => Number.isInteger(p) && raw[p].anony));
      assert.deepEqual(t.slice(0, 10), warm);
    }
  }
  assert.notDeepEqual(trace("as-logged.0.json").slice(0, 10), trace("as-logged.1.json").slice(0, 10));
  // An earlier run's traces are never overwritten.
  const again = cli([...args, "--trace-out", out]);
  assert.equal(again.status, 1);
  assert.match(again.stderr, /as-logged\.0\.json exists; remove it or choose another folder/);
});

test("--raters 3 counts three votes a label and says to compare order agreement", () => {
  const r = cli(
    ["--battles", fixture, "--budget", "300", "--warmup", "60", "--seeds", "2", "--min-battles", "0"].concat([
      "--raters",
      "3",
      "--policy",
      "balanced,as-logged",
      "--checkpoints",
      "60,300",
      "--json",
    ]),
  );
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.settings.policies, ["balanced", "as-logged"]);
  assert.equal(out.settings.raters, 3);
  for (const p of out.policies)
    for (const c of p.checkpoints) {
      assert.equal(c.votes % 3, 0);
      assert.equal(c.coverage, null);
      assert.ok(c.order_agreement > 0);
    }
  const text = cli(
    ["--battles", fixture, "--budget", "300", "--warmup", "60", "--seeds", "1", "--min-battles", "0"].concat([
      "--raters",
      "3",
    ]),
  );
  assert.match(text.stdout, /Labels are majorities of three votes/);
});

test("bad options, logs and limits get clear errors", () => {
  const base = ["--battles", fixture, "--min-battles", "0"];
  const expect = (args: string[], pattern: RegExp, status = 1, env: Record<string, string> = {}) => {
    const r = cli(args, env);
    assert.equal(r.status, status, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, pattern);
  };
  expect(["--battles", fixture], /usage:/, 2);
  expect(
    [...base, "--budget", "300", "--policy", "greedy"],
    /--policy must be one or more of as-logged, balanced, informative/,
  );
  expect([...base, "--budget", "300", "--policy", "balanced,balanced"], /each once/);
  expect([...base, "--budget", "300", "--warmup", "60", "--raters", "2"], /--raters must be 1 or 3/);
  expect([...base, "--budget", "3.5"], /--budget must be a whole number/);
  expect([...base, "--budget", "300"], /--warmup \(2000\) must be below --budget \(300\)/);
  expect([...base, "--budget", "5000", "--warmup", "100"], /--budget 5000 is above the 690 battles kept from the log/);
  expect([...base, "--budget", "300", "--warmup", "60", "--seeds", "0"], /--seeds must be between 1 and 1000/);
  expect([...base, "--budget", "300", "--warmup", "60", "--exploration", "1.5"], /--exploration must be a share/);
  expect([...base, "--budget", "300", "--warmup", "60", "--checkpoints", "200,100"], /ascending/);
  expect(
    ["--battles", fixture, "--budget", "300", "--warmup", "60", "--min-battles", "300"],
    /no battles between two different planners with at least 300 battles each/,
  );
  expect(["--battles", path.join(dir, "missing.jsonl"), "--budget", "300", "--warmup", "60"], /cannot read \(ENOENT\)/);
  expect([...base, "--budget", "300", "--warmup", "60"], /above the limit of 1000/, 1, { IMPORT_MAX_BYTES: "1000" });
});
