import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_WEIGHTS } from "../results/features";
import { csvField, csvLine, TRAINING_CSV_COLUMNS, trainingCsvRow, trainingPair } from "./training";

const row = { pairId: "p1", queryId: "q1", destination: "Nanjing, 南京", split: "test", planAId: "a", planBId: "b" };

test("a training pair has exactly the documented shape, labels ±1/0 and rewards under the weights", () => {
  const t = trainingPair(
    {
      ...row,
      featuresA: { format: 1, commonsense: 1, schedule_density: 1, violations: ["x"] },
      featuresB: { format: -3, commonsense: 1 },
    },
    "B",
    DEFAULT_WEIGHTS,
  );
  assert.deepEqual(Object.keys(t), [
    "pair_id",
    "query_id",
    "destination",
    "split",
    "label",
    "label_source",
    "label_judge",
    "label_threshold",
    "label_confidence",
    "plan_a",
    "plan_b",
  ]);
  assert.deepEqual(
    [t.label_source, t.label_judge, t.label_threshold, t.label_confidence],
    ["experts", null, null, null],
  );
  assert.deepEqual(Object.keys(t.plan_a), ["plan_id", "features", "reward"]);
  assert.equal(t.label, -1);
  assert.equal(t.plan_a.features.schedule_density, 1);
  assert.equal(t.plan_a.features.pacing, null);
  assert.ok(!("violations" in t.plan_a.features));
  assert.equal(t.plan_a.reward, 3); // gates 1 + 1, soft mean 1 × w3 1.0, no preference sub-score
  assert.equal(t.plan_b.reward, -3);
});

test("CSV quotes commas, quotes, newlines and keeps CJK text; one column per flattened feature", () => {
  assert.equal(csvField('He said "go", then\nleft'), '"He said ""go"", then\nleft"');
  assert.equal(csvField("南京, 夫子庙"), '"南京, 夫子庙"');
  assert.equal(csvField(null), "");
  // Formula injection (OWASP): text a spreadsheet would run is neutralised; numbers are not touched.
  assert.equal(csvField('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  assert.equal(csvField("+1+2"), "'+1+2");
  assert.equal(csvField("-2+3"), "'-2+3");
  assert.equal(csvField("@SUM(A1)"), "'@SUM(A1)");
  assert.equal(csvField("\tcmd"), "'\tcmd");
  assert.equal(csvField(-3), "-3");
  assert.equal(csvField("a = b"), "a = b");
  assert.equal(csvLine([1, "a,b"]), '1,"a,b"\r\n');
  const t = trainingPair({ ...row, featuresA: null, featuresB: null }, "NEITHER", DEFAULT_WEIGHTS);
  const cells = trainingCsvRow(t)
    .trimEnd()
    .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
    .filter((c) => c !== "");
  assert.equal(TRAINING_CSV_COLUMNS.length, 5 + 4 + 2 * (1 + 14 + 1));
  assert.equal(cells.length, TRAINING_CSV_COLUMNS.length);
  assert.ok(TRAINING_CSV_COLUMNS.includes("plan_b.physical_effort"));
});

test("a judge's training pair: its verdict is the label, and the label-source columns name it in JSONL and CSV", () => {
  const decision = { judge: "gpt-judge", verdict: "A" as const, confidence: 0.93, threshold: 0.875 };
  const t = trainingPair({ ...row, featuresA: null, featuresB: null }, "A", DEFAULT_WEIGHTS, decision);
  assert.equal(t.label, 1);
  assert.deepEqual(
    [t.label_source, t.label_judge, t.label_threshold, t.label_confidence],
    ["judge", "gpt-judge", 0.875, 0.93],
  );
  assert.deepEqual(TRAINING_CSV_COLUMNS.slice(4, 9), [
    "label",
    "label_source",
    "label_judge",
    "label_threshold",
    "label_confidence",
  ]);
  assert.match(trainingCsvRow(t), /^p1,q1,"Nanjing, 南京",test,1,judge,gpt-judge,0\.875,0\.93,a,/);
  const experts = trainingPair({ ...row, featuresA: null, featuresB: null }, "B", DEFAULT_WEIGHTS);
  assert.match(trainingCsvRow(experts), /^p1,q1,"Nanjing, 南京",test,-1,experts,,,,a,/);
});
