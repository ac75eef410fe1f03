import assert from "node:assert/strict";
import { test } from "node:test";
import { BUILT_IN_JUDGES, parseJudgeVerdicts } from ".";
import { confusableKey, confusedWith } from "./judge-names";

// The new user's names (issue 48): fullwidth letters, a trailing zero-width space, Cyrillic "о" and "е".
const FULLWIDTH = "ＴripScore reward (adopted weights)";
const ZERO_WIDTH = "TripScore reward (adopted weights)\u200b";
const CYRILLIC = "TripScоre reward (adоpted w\u0435ights)";

test("names that look alike share a key; names that differ do not", () => {
  for (const n of [FULLWIDTH, ZERO_WIDTH, CYRILLIC, "tripscore  reward (ADOPTED weights)"])
    assert.equal(confusableKey(n), confusableKey(BUILT_IN_JUDGES.adopted), JSON.stringify(n));
  assert.notEqual(confusableKey("GPT-4o judge"), confusableKey("GPT-4 judge"));
  assert.notEqual(confusableKey("北京 judge"), confusableKey("上海 judge"));
  assert.equal(confusedWith("gpt4о-judge", ["GPT4o judge", "claude"]), "GPT4o judge");
  assert.equal(confusedWith("GPT4o judge", ["GPT4o judge"]), null, "a name is not confused with itself");
});

test("uploaded judge names are stored cleaned, and look-alikes of the built-in judges are refused by their line", () => {
  const line = (judge: string) => JSON.stringify({ pair_id: "p1", judge, verdict: "A" });
  const ok = parseJudgeVerdicts([line("Ｍy judge\u200b"), line("  my\u00a0 judge ")].join("\n"), "v.jsonl");
  assert.deepEqual(ok.problems, []);
  assert.deepEqual(
    ok.lines.map((l) => l.judge),
    ["My judge", "my judge"],
  );
  const bad = parseJudgeVerdicts([FULLWIDTH, ZERO_WIDTH, CYRILLIC, "\u200b\u200d"].map(line).join("\n"), "v.jsonl");
  assert.deepEqual(
    bad.problems.map((p) => p.line),
    [1, 2, 3, 4],
  );
  for (const p of bad.problems.slice(0, 3)) assert.match(p.message, /looks like\) the name of a built-in judge/);
  assert.match(bad.problems[3].message, /empty once invisible characters are removed/);
});
