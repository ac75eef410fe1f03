/** `tripjudge export … --label-source` and `--include-rejected`: parsed as the web's query, a wrong value or kind refused before any database. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";

const cli = (args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "export", ...args], {
    encoding: "utf8",
    // No database is reached: these are refused while the query is parsed.
    env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" },
  });

test("--label-source takes experts or all; another value is refused naming the flag, exit 2", () => {
  const r = cli(["labelled-pairs", "--label-source", "judge"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^--label-source: expected "experts" \(the experts' labels only\) or "all"/m);
});

test("--label-source all on a kind without pairs' labels says which kinds take it, exit 2", () => {
  const r = cli(["judgments", "--label-source", "all"]);
  assert.equal(r.status, 2);
  assert.match(
    r.stderr,
    /tripjudge export judgments: label_source=all \(--label-source all\) is for labelled-pairs, training-pairs, battles, preference-pairs, sft and hf-dataset: raw judgments are the experts' own verdicts/,
  );
  // Accepted where it applies (refused later only for the missing output folder, after parsing).
  const ok = cli(["training-pairs", "--label-source", "all", "--out", "/nonexistent-folder/x.jsonl"]);
  assert.equal(ok.status, 2);
  assert.match(ok.stderr, /--out \/nonexistent-folder\/x\.jsonl: the folder \/nonexistent-folder does not exist/);
});

test("--status and --planner are the pairs export's, --judge the battles'; misused, they are refused naming the flag, exit 2", () => {
  let r = cli(["pairs", "--status", "pending"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^--status: expected one of waiting, open, in_progress, complete, decided/m);
  r = cli(["battles", "--status", "waiting"]);
  assert.equal(r.status, 2);
  assert.match(
    r.stderr,
    /tripjudge export battles: status and planner \(--status, --planner\) are filters of the pairs export/,
  );
  r = cli(["pairs", "--from", "2026-01-01"]);
  assert.match(r.stderr, /tripjudge export pairs: pairs are not selected by date/);
  r = cli(["battles", "--judge", "gpt-judge", "--label-source", "all"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /judge \(--judge\) exports that judge's battles alone/);
  r = cli(["judgments", "--judge", "gpt-judge"]);
  assert.match(r.stderr, /judge \(--judge\) is for battles/);
});

test("--include-rejected is for judgments: another kind says so, exit 2", () => {
  const r = cli(["labelled-pairs", "--include-rejected"]);
  assert.equal(r.status, 2);
  assert.match(
    r.stderr,
    /include_rejected \(--include-rejected\) is for judgments: every other kind is built from the judgments that stand/,
  );
});

test("--pair-filter takes the pair browser's address; a bad one is refused naming the flag and the field, exit 2", () => {
  const r = cli(["judgments", "--pair-filter", "status=finished&q=opening"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^--pair-filter: status: expected one of waiting, in_progress, complete, decided/m);
  const annotations = cli(["annotations", "--pair-filter", "status=complete"]);
  assert.equal(annotations.status, 2);
  assert.match(
    annotations.stderr,
    /tripjudge export annotations: pair_filter \(--pair-filter\) is for the exports of pairs and judgments: annotations are a request's constraint versions, not pairs/,
  );
  // A whole address is read (refused later only for the missing output folder, after parsing).
  const ok = cli([
    "judgments",
    "--pair-filter",
    "https://tripjudge.example/admin/pairs?q=%E5%BC%80%E6%94%BE%E6%97%B6%E9%97%B4&sort=judgments",
    "--out",
    "/nonexistent-folder/x.jsonl",
  ]);
  assert.equal(ok.status, 2);
  assert.match(ok.stderr, /the folder \/nonexistent-folder does not exist/);
});
