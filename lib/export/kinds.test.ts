import assert from "node:assert/strict";
import { test } from "node:test";
import { pseudonym } from "../db/exports";
import { csvHeader, csvRow, serialize } from "./kinds";

test("judgment and labelled-pair rows flatten to their CSV columns; pseudonyms are stable and opaque", () => {
  const j = {
    pair_id: "p", query_id: "q", destination: "Rome", expert: "expert-0123456789", slot: 2, verdict: "B" as const, rationale: 'Too far, "really"\nyes',
    time_on_task_ms: 1200, left_plan: "A" as const, claimed_at: "2026-01-01T00:00:00.000Z", submitted_at: "2026-01-01T00:01:00.000Z",
  };
  assert.equal(csvHeader("judgments"), "pair_id,query_id,destination,expert,slot,verdict,rationale,time_on_task_ms,left_plan,claimed_at,submitted_at\r\n");
  assert.equal(csvRow("judgments", j), 'p,q,Rome,expert-0123456789,2,B,"Too far, ""really""\nyes",1200,A,2026-01-01T00:00:00.000Z,2026-01-01T00:01:00.000Z\r\n');
  assert.equal(serialize("judgments", "jsonl", j), JSON.stringify(j) + "\n");
  const l = { pair_id: "p", query_id: "q", destination: "Rome", plan_a: "a", plan_b: "b", verdicts: ["A" as const, "B" as const, "A" as const], label: "A" as const, label_source: "majority" as const, agreement: 1 / 3 };
  assert.equal(csvRow("labelled-pairs", l), `p,q,Rome,a,b,A|B|A,A,majority,${1 / 3}\r\n`);
  assert.equal(pseudonym("user-1", "salt"), pseudonym("user-1", "salt"));
  assert.notEqual(pseudonym("user-1", "salt"), pseudonym("user-2", "salt"));
  assert.match(pseudonym("user-1", "salt"), /^expert-[0-9a-f]{10}$/);
});
