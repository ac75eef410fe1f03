/**
 * Replays (replay.ts): the battles drawn match replay_reference.py's step for step (the same seeded streams and pools,
 * an independent fit and brute-force scores), and so do the checkpoints' widths, coverage and order agreement; a trace
 * names battles by their position among the log's lines or elements as read, filtered ones counted, none twice, the
 * warm-up the same for every policy; three raters a pair draw three battles of one pair per label.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { POLICIES, readReplayLog, referenceFit, replay, servingStudy, type Checkpoint } from "./replay";

const ref = JSON.parse(readFileSync("lib/results/leaderboard/fixtures/replay-reference.json", "utf8"));
const fixture = "lib/results/leaderboard/fixtures/battles.jsonl";
const fastchat = "lib/results/leaderboard/fixtures/published/fastchat-clean-battle.json";
const MAX = 1 << 30;

test("the replays draw the reference's battles, and measure what it measures", async () => {
  const log = await readReplayLog(fixture, MAX);
  const reference = referenceFit(log);
  for (const r of ref.replays) {
    const run = replay(log, { ...r, reference });
    assert.deepEqual(run.trace, r.trace, `${r.policy} seed ${r.seed} raters ${r.raters} ${r.covariance}`);
    assert.equal(run.checkpoints.length, r.measured.length);
    run.checkpoints.forEach((c: Checkpoint, i: number) => {
      const m = r.measured[i];
      assert.equal(c.votes, m.votes);
      for (const key of ["widest", "median", "rms"] as const) assert.ok(Math.abs(c[key] - m[key]) < 1e-6, key);
      assert.equal(c.coverage, m.coverage);
      assert.ok(Math.abs(c.orderAgreement! - m.order_agreement) < 1e-12);
    });
  }
});

test("a trace names each battle by its element among the log's, non-anonymous ones counted; none twice; one warm-up for every policy", async () => {
  const raw: { model_a: string; model_b: string; anony: boolean }[] = JSON.parse(readFileSync(fastchat, "utf8"));
  const log = await readReplayLog(fastchat, MAX, { minBattles: 21 });
  assert.equal(log.layout, "json-array");
  assert.equal(log.read, raw.length);
  assert.equal(log.leftOut.named, raw.filter((b) => !b.anony).length);
  // alpaca-13b has 20 anonymous battles: below --min-battles 21, its battles are left out.
  assert.ok(log.leftOut.fewBattles > 0 && !log.models.includes("alpaca-13b"));
  const budget = log.a.length - 2,
    warmup = 12;
  const traces = POLICIES.map((policy) =>
    replay(log, { policy, budget, warmup, seed: 7, checkpoints: [warmup, budget], refit: 3 }),
  );
  for (const run of traces) {
    assert.equal(run.trace.length, budget);
    assert.equal(new Set(run.trace).size, budget, "no battle twice");
    for (const at of run.trace) {
      const b = raw[at];
      assert.ok(b.anony && b.model_a !== "alpaca-13b" && b.model_b !== "alpaca-13b", `element ${at}`);
    }
    assert.deepEqual(run.trace.slice(0, warmup), traces[0].trace.slice(0, warmup));
  }
  assert.notDeepEqual(traces[1].trace, traces[2].trace);
  // The same seed draws the same battles; another seed, others.
  const again = replay(log, { policy: "informative", budget, warmup, seed: 7, checkpoints: [], refit: 3 });
  assert.deepEqual(again.trace, traces[2].trace);
  const other = replay(log, { policy: "informative", budget, warmup, seed: 8, checkpoints: [], refit: 3 });
  assert.notDeepEqual(other.trace.slice(0, warmup), traces[2].trace.slice(0, warmup));
});

test("in JSON Lines a position is the line's: blank lines, self-battles and non-anonymous ones counted", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tj-replay-"));
  const file = path.join(dir, "log.jsonl");
  const line = (a: string, b: string, winner: string, anony = true) =>
    JSON.stringify({ model_a: a, model_b: b, winner, anony });
  const lines = [
    line("x", "y", "model_a"),
    "",
    line("x", "x", "tie"),
    line("y", "z", "model_b", false),
    line("y", "z", "tie"),
    "   ",
    line("z", "x", "both_bad"),
    line("x", "y", "model_b"),
  ];
  writeFileSync(file, lines.join("\n") + "\n");
  const log = await readReplayLog(file, MAX);
  assert.deepEqual(Array.from(log.position), [0, 4, 6, 7]);
  assert.deepEqual(log.leftOut, { named: 1, self: 1, fewBattles: 0 });
  assert.equal(log.read, 8);
  const run = replay(log, { policy: "balanced", budget: 4, warmup: 2, seed: 1, checkpoints: [] });
  assert.deepEqual([...run.trace].sort(), [0, 4, 6, 7]);
  await assert.rejects(readReplayLog(file, MAX, { minBattles: 10 }), /no battles .* with at least 10 battles each/);
});

test("three raters a pair: each label draws three battles of one pair, and the budget counts votes", async () => {
  const log = await readReplayLog(fixture, MAX);
  const pairAt = new Map(Array.from(log.position, (p, k) => [p, [log.a[k], log.b[k]].sort().join()]));
  for (const policy of POLICIES) {
    const run = replay(log, { policy, budget: 151, warmup: 31, seed: 4, checkpoints: [31, 151], raters: 3 });
    assert.equal(run.trace.length, 150);
    assert.equal(run.warmupVotes, 30);
    for (let i = 0; i < run.trace.length; i += 3) {
      const pairs = new Set(run.trace.slice(i, i + 3).map((p) => pairAt.get(p)));
      assert.equal(pairs.size, 1, `label ${i / 3}`);
    }
    assert.deepEqual(
      run.checkpoints.map((c) => [c.votes, c.labels, c.coverage]),
      [
        [30, 10, null],
        [150, 50, null],
      ],
    );
  }
});

test("a study averages the seeds per checkpoint and measures savings against the log's mix", async () => {
  const log = await readReplayLog(fixture, MAX);
  const written: string[] = [];
  const s = await servingStudy(log, {
    policies: ["as-logged", "informative"],
    seeds: 3,
    budget: 300,
    warmup: 60,
    checkpoints: [60, 180, 300],
    onRun: (policy, seed, run) => {
      written.push(`${policy}.${seed}`);
      assert.equal(run.trace.length, 300);
    },
  });
  assert.deepEqual(written, [
    "as-logged.0",
    "as-logged.1",
    "as-logged.2",
    "informative.0",
    "informative.1",
    "informative.2",
  ]);
  assert.equal(s.baseline, "as-logged");
  assert.deepEqual(
    s.policies.map((p) => p.checkpoints.map((c) => [c.votes, c.runs])),
    [
      [
        [60, 3],
        [180, 3],
        [300, 3],
      ],
      [
        [60, 3],
        [180, 3],
        [300, 3],
      ],
    ],
  );
  // The same warm-up: the first checkpoint is the same for both.
  assert.deepEqual(s.policies[0].checkpoints[0], s.policies[1].checkpoints[0]);
  assert.deepEqual(
    s.savings.map((x) => [x.policy, x.metric]),
    [
      ["informative", "widest"],
      ["informative", "median"],
      ["informative", "rms"],
    ],
  );
  for (const x of s.savings) {
    if (x.votesNeeded !== null) assert.ok(x.votesNeeded <= 300 && x.votesSaved === 1 - x.votesNeeded / 300);
    assert.ok(x.widthChange !== null && Number.isFinite(x.widthChange));
  }
});
