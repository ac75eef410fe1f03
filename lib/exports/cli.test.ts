/** `tripjudge export … --label-source`: parsed as the web's label_source, a wrong value or kind refused before any database. */
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
