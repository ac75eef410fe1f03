import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";

const fixture = "lib/results/leaderboard/fixtures/battles.jsonl";
const ref = JSON.parse(readFileSync("lib/results/leaderboard/fixtures/reference.json", "utf8"));
const dir = mkdtempSync(path.join(tmpdir(), "tj-lb-"));
const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "leaderboard", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });

test("tripjudge leaderboard --battles FILE --json prints models and pairs in the documented shape", () => {
  const r = cli(["--battles", fixture, "--bootstrap", "300", "--seed", "5", "--json"]);
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
  ]);
  assert.equal(out.groups, 1);
  assert.equal(out.comparable_across_groups, true);
  assert.deepEqual(out.bootstrap, { replicates: 300, seed: 5, units: 138, unit: "query", unconverged: 0 }); // 138 queries with a battle between two different planners
  assert.deepEqual(out.battles, { counted: 690, named_left_out: 0, self_battles_left_out: 0, layout: "jsonl" });
  for (const m of out.models) {
    assert.deepEqual(Object.keys(m), [
      "model",
      "rating",
      "ci95",
      "rank",
      "battles",
      "wins",
      "losses",
      "ties",
      "absent_replicates",
      "group",
    ]);
    assert.ok(Math.abs(m.rating - ref.ratings_newton[m.model]) < 1e-6);
    assert.ok(m.ci95[0] < m.rating && m.rating < m.ci95[1]);
  }
  assert.deepEqual(
    out.models.map((m: { rating: number }) => m.rating),
    [...out.models.map((m: { rating: number }) => m.rating)].sort((a, b) => b - a),
  );
  assert.equal(out.pairs.length, ref.pairs.length);
  for (const [i, p] of out.pairs.entries()) {
    assert.deepEqual(Object.keys(p), ["model_a", "model_b", "n", "share_a", "ci95", "p_value"]);
    assert.ok(p.model_a < p.model_b);
    assert.equal(p.n, ref.pairs[i].n);
    assert.ok(Math.abs(p.p_value - ref.pairs[i].p_value) < 1e-12);
  }
  // The same seed gives the same intervals; the default run (1,000 replicates) other ones.
  assert.deepEqual(JSON.parse(cli(["--battles", fixture, "--bootstrap", "300", "--seed", "5", "--json"]).stdout), out);
  const byDefault = JSON.parse(cli(["--battles", fixture, "--json"]).stdout);
  assert.notDeepEqual(
    byDefault.models.map((m: { ci95: number[] }) => m.ci95),
    out.models.map((m: { ci95: number[] }) => m.ci95),
  );
});

test("tripjudge leaderboard prints a readable table without --json", () => {
  const r = cli(["--battles", fixture, "--bootstrap", "50"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^planner\s+rank\s+rating/m);
  assert.match(r.stdout, /690 battles; intervals from 50 bootstrap replicates of 138 queries/);
});

test("bad battle files get a clear error naming the line; limits hold", () => {
  const bad = path.join(dir, "bad.jsonl");
  writeFileSync(
    bad,
    '{"model_a":"x","model_b":"y","winner":"model_a"}\n{"model_a":"x","model_b":"y","winner":"both"}\n',
  );
  let r = cli(["--battles", bad, "--json"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /bad\.jsonl:2: winner/);
  r = cli(["--battles", path.join(dir, "missing.jsonl")]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot read \(ENOENT\)/);
  r = cli(["--battles", fixture], { IMPORT_MAX_BYTES: "1000" });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /above the limit of 1000/);
  r = cli(["--battles", fixture, "--bootstrap", "1.5"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /--bootstrap must be a whole number/);
  const selfOnly = path.join(dir, "self.jsonl");
  writeFileSync(selfOnly, '{"model_a":"x","model_b":"x","winner":"tie"}\n');
  assert.match(cli(["--battles", selfOnly]).stderr, /no battles between two different planners/);
});

test("tripjudge leaderboard reads FastChat's clean_battle array, leaves out named battles unless asked, and pins --anchor", () => {
  const file = "lib/results/leaderboard/fixtures/published/fastchat-clean-battle.json";
  const r = cli(["--battles", file, "--bootstrap", "50", "--anchor", "vicuna-13b=1200", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.battles.layout, "json-array");
  assert.ok(out.battles.named_left_out > 0);
  assert.equal(out.models.find((m: { model: string }) => m.model === "vicuna-13b").rating, 1200);
  const all = JSON.parse(cli(["--battles", file, "--bootstrap", "50", "--include-named", "--json"]).stdout);
  assert.equal(all.battles.named_left_out, 0);
  assert.equal(all.battles.counted, out.battles.counted + out.battles.named_left_out);
  const text = cli(["--battles", file, "--bootstrap", "50"]);
  assert.match(
    text.stdout,
    /\d+ non-anonymous battles left out \(FastChat counts anonymous battles only; --include-named keeps them\)/,
  );
  const bad = cli(["--battles", file, "--anchor", "vicuna-13b"]);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /--anchor must be MODEL=RATING/);
  const unknown = cli(["--battles", file, "--anchor", "gpt-5=1000"]);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /anchor: no planner "gpt-5"/);
});
