import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { escalationSettings } from "./dataset";
import { riskProblem } from "./limits";

const fixtures = "lib/results/escalation/fixtures";
const calibration = `${fixtures}/calibration.jsonl`,
  items = `${fixtures}/items.jsonl`;
const ref = JSON.parse(readFileSync(`${fixtures}/reference.json`, "utf8"));
const dir = mkdtempSync(path.join(tmpdir(), "tj-esc-"));
const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "escalate", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });

test("tripjudge escalate --json prints thresholds and decisions in the documented shape, as the scipy reference has them", () => {
  for (const c of ref.cases.filter((c: { judges: string[] }) => c.judges.length >= 2)) {
    const r = cli([
      ...["--calibration", calibration, "--items", items, "--judges", c.judges.join(",")],
      ...["--alpha", String(c.alpha), "--delta", String(c.delta), "--json"],
    ]);
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(out), ["thresholds", "decisions"]);
    out.thresholds.forEach((t: Record<string, unknown>, i: number) => {
      const want = c.thresholds[i];
      assert.deepEqual(Object.keys(t), [
        "judge",
        "threshold",
        "calibration_items",
        "calibration_decided",
        "calibration_disagreed",
        "disagreement_upper_bound",
      ]);
      assert.deepEqual(
        [t.judge, t.threshold, t.calibration_items, t.calibration_decided, t.calibration_disagreed],
        [want.judge, want.threshold, want.calibration_items, want.decided, want.disagreements],
      );
      if (want.upper_bound === null) assert.equal(t.disagreement_upper_bound, null);
      else assert.ok(Math.abs((t.disagreement_upper_bound as number) - want.upper_bound) < 1e-9);
    });
    // Each decision is {id, judge, verdict}; a null judge is an item escalated to the experts.
    assert.deepEqual(out.decisions, c.decisions);
  }
});

test("tripjudge escalate without --json: the thresholds, the coverage, agreement where items carry a verdict, each decision", () => {
  const r = cli(["--calibration", calibration, "--items", items, "--judges", "small,large", "--alpha", "0.25"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /^target: agreement with the experts' majority ≥ 0\.75 [^\n]* probability ≥ 0\.9 \(α 0\.25, δ 0\.1\)/,
  );
  assert.match(r.stdout, /\nsmall +— +600 +0 +0 +—\n/);
  assert.match(r.stdout, /\nlarge +0\.9566 +600 +191 +39 +0\.2465\n/);
  assert.match(r.stdout, /— no threshold: the highest one tested already failed/);
  assert.match(
    r.stdout,
    /300 items: 0 decided by small, 107 decided by large; 193 escalated to the experts \(coverage 35\.7 %\)/,
  );
  assert.match(r.stdout, /of the 54 decided items with an experts' verdict, \d+ agree with it/);
  assert.match(r.stdout, /\nt0001\tlarge\tNEITHER\n/);
  // Without --items: the thresholds alone; α and δ default to 0.1. The voter's confidences are 0.6, 0.8 and 1 (shares
  // of five samples): 0.8 failed, so the threshold is the grid's point above it.
  const only = cli(["--calibration", calibration, "--judges", "voter", "--json"]);
  assert.equal(only.status, 0, only.stderr);
  const out = JSON.parse(only.stdout);
  assert.equal(out.thresholds[0].threshold, 0.8002);
  assert.deepEqual(out.decisions, []);
});

test("tripjudge escalate names the bad line and what is wrong, refuses oversized files, bad options and unknown judges", () => {
  const bad = path.join(dir, "bad.jsonl");
  writeFileSync(
    bad,
    [
      '{"id": "a", "human": "A", "judges": {"j": {"p_a": 0.9, "p_b": 0.1}}}',
      '{"id": "b", "judges": {"j": {"p_a": 0.9, "p_b": 0.1}}}',
      '{"id": "c", "human": "B", "judges": {"j": {"p_a": 0.7, "p_b": 0.7}}}',
      '{"id": "d", "human": "B", "judges": {"j": {"samples": ["A", "C"]}}}',
    ].join("\n") + "\n",
  );
  let r = cli(["--calibration", bad, "--judges", "j"]);
  assert.equal(r.status, 1);
  assert.equal(
    r.stderr,
    [
      `tripjudge escalate: ${bad}:2: human: a calibration item needs the experts' verdict (A, B or NEITHER)`,
      `${bad}:3: judges.j: p_a + p_b is 1.4, not 1`,
      `${bad}:4: judges.j: samples.1: must be one of A, B, NEITHER`,
      "",
    ].join("\n"),
  );
  r = cli(["--calibration", calibration, "--judges", "large,larg"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no calibration item has a verdict of "larg" \(the file's judges: small, large, voter\)/);
  r = cli(["--calibration", calibration, "--judges", "large", "--alpha", "10%"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /--alpha must be a decimal number, such as 0\.1, not "10%"/);
  // α and δ have the app's range (limits.ts): below 0.5, where a coin would keep the promise or it fails as often.
  for (const [flag, value] of [
    ["--alpha", "0.5"],
    ["--alpha", "0.7"],
    ["--delta", "0.5"],
    ["--delta", "1"],
  ]) {
    r = cli(["--calibration", calibration, "--judges", "large", flag, value]);
    assert.equal(r.status, 1, `${flag} ${value}`);
    const name = flag.slice(2) as "alpha" | "delta";
    assert.equal(r.stderr, `tripjudge escalate: --${riskProblem(name, Number(value))}, such as 0.1, not "${value}"\n`);
    const app = escalationSettings.safeParse({ judges: ["large"], [name]: Number(value) });
    assert.equal(app.success, false, `the app refuses ${name} ${value} too`);
    assert.equal(app.error!.issues[0].message, riskProblem(name, Number(value)));
  }
  assert.equal(cli(["--calibration", calibration, "--judges", "large", "--alpha", "0.49"]).status, 0);
  assert.ok(escalationSettings.safeParse({ judges: ["large"], alpha: 0.49 }).success);
  r = cli(["--calibration", calibration, "--judges", "large,,small"]);
  assert.match(r.stderr, /--judges needs one or more different judge names/);
  r = cli(["--calibration", calibration, "--judges", "large"], { IMPORT_MAX_BYTES: "1000" });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /calibration\.jsonl: larger than IMPORT_MAX_BYTES \(1000 bytes\)/);
  r = cli(["--calibration", path.join(dir, "nope.jsonl"), "--judges", "large"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no such file/);
  r = cli(["--calibration", calibration, "--items", bad, "--judges", "j,large"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no calibration item has a verdict of "j"/);
  // Without --calibration or --judges: the usage, exit 2.
  r = cli(["--calibration", calibration]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /tripjudge escalate --calibration FILE/);
});

test("the guides name every field tripjudge escalate --json prints, and the range of α and δ it takes", () => {
  const r = cli(["--calibration", calibration, "--items", items, "--judges", "small,large", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  const keys = [...Object.keys(out), ...Object.keys(out.thresholds[0]), ...Object.keys(out.decisions[0])];
  const section = (file: string, start: string) => {
    const text = readFileSync(file, "utf8");
    const at = text.indexOf(start);
    assert.ok(at >= 0, `${file}: ${start}`);
    const end = text.indexOf("\n## ", at + start.length);
    return text.slice(at, end < 0 ? undefined : end).replace(/\s+/g, " ");
  };
  for (const [file, text] of [
    ["docs/api.md", section("docs/api.md", "### escalate")],
    ["docs/escalation.md", section("docs/escalation.md", "## The command line")],
  ] as const) {
    for (const k of new Set(keys)) assert.ok(text.includes(`"${k}"`), `${file} names "${k}"`);
    assert.match(text, /above 0 and below 0\.5/, `${file} gives α's and δ's range`);
  }
});
