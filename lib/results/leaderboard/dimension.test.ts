import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { BattlesError, readBattlesFile, signedPreferenceTable, winTable } from ".";

const battle = (a: string, b: string, winner: string, dims: Record<string, string | null> | null, q = "q1") =>
  JSON.stringify({ model_a: a, model_b: b, winner, query_id: q, dimensions: dims });

test("--dimension reads each battle's winner on that dimension: about the same a tie, not applicable left out", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tj-dim-"));
  const file = path.join(dir, "battles.jsonl");
  writeFileSync(
    file,
    [
      battle("x", "y", "model_a", { route: "model_b", food: null }),
      battle("x", "y", "model_a", { route: "tie", food: "model_a" }),
      battle("y", "x", "tie", { route: "model_a", food: null }),
      battle("x", "y", "model_b", null),
    ].join("\n"),
  );
  const overall = await readBattlesFile(file, 1e6);
  assert.equal(overall.set.size, 4);
  const route = await readBattlesFile(file, 1e6, { dimension: "route" });
  assert.equal(route.set.size, 3);
  assert.equal(route.withoutDimension, 1);
  // x against y on route: y won twice (once as model_b, once as model_a of the reversed battle), one tie.
  const [row] = winTable(route.set);
  assert.deepEqual([row.model_a, row.wins_a, row.wins_b, row.ties], ["x", 0, 2, 1]);
  const food = await readBattlesFile(file, 1e6, { dimension: "food" });
  assert.equal(food.set.size, 1);
  await assert.rejects(
    readBattlesFile(file, 1e6, { dimension: "wifi" }),
    (e: unknown) =>
      e instanceof BattlesError && /no battle has a verdict on the dimension "wifi" \(4 without one/.test(e.message),
  );
});

test("the mean signed preference of two planners is taken from the alphabetically first one's side, requests resampled", () => {
  const rows = [
    { modelA: "b-model", modelB: "a-model", queryId: "q1", sum: -6, n: 3 }, // b-model's plans 2 better on average
    { modelA: "a-model", modelB: "b-model", queryId: "q2", sum: 3, n: 3 }, // a-model's plans 1 worse on average
    { modelA: "a-model", modelB: "c-model", queryId: "q1", sum: -2, n: 1 },
  ];
  const t = signedPreferenceTable(rows, 500, 7);
  assert.deepEqual(
    t.map((c) => [c.model_a, c.model_b, c.n, c.requests, c.mean]),
    [
      ["a-model", "b-model", 6, 2, 9 / 6],
      ["a-model", "c-model", 1, 1, -2],
    ],
  );
  // Two requests: the interval spans the two requests' own means (+2 and +1).
  assert.deepEqual(t[0].ci95, [1, 2]);
  assert.equal(t[1].ci95, null);
  assert.deepEqual(signedPreferenceTable(rows, 500, 7), t);
});
