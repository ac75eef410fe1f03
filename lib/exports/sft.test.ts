import assert from "node:assert/strict";
import { test } from "node:test";
import { trainerOptions } from "../testing/export-records";
import { checkSftOptions, preferredPlan, sftRow, type SftPair } from "./sft";
import { type Verdict } from "../judging/verdict";

const o = trainerOptions;
let n = 0;
const pair = (a: string, b: string, verdicts: Verdict[], adjudicated: Verdict | null = null): SftPair => ({
  pairId: `p${++n}`,
  planAId: a,
  planBId: b,
  verdicts,
  requiredRaters: 3,
  adjudicated,
});
const request = {
  text: "Three days in Hangzhou with my parents, gentle pace.",
  destination: "Hangzhou",
  origin: "Shanghai",
  days: 3,
  people: 3,
  startDate: null,
  preferences: {},
};
// Records as a dataset published them: the assistant turn is this text, byte for byte.
const plans = new Map([
  ["x", '{"itinerary":[{"day":1,"activities":["西湖"]}], "note":"x"}'],
  ["y", '{"itinerary":[{"day":1,"activities":["灵隐寺"]}]}'],
  ["z", '{"itinerary":[]}'],
]);

test("the plan that won every labelled pair it was in is the request's preferred plan", () => {
  const best = preferredPlan([pair("x", "y", ["A", "A", "B"]), pair("z", "x", ["B", "B", "B"])], 2);
  assert.deepEqual(best, {
    planId: "x",
    basis: "won_all",
    wins: 2,
    losses: 0,
    labelledPairs: 2,
    judgePairs: 0,
  });
});

test("without one plan that won all, the top of a Bradley–Terry fit on the request's judgments", () => {
  // x beats y, y beats z, z beats x, but x's wins are unanimous and its loss is narrow: x rates highest.
  const best = preferredPlan(
    [pair("x", "y", ["A", "A", "A"]), pair("y", "z", ["A", "A", "B"]), pair("z", "x", ["A", "A", "B"])],
    2,
  );
  assert.equal("planId" in best && best.planId, "x");
  assert.equal("basis" in best && best.basis, "top_rated");
});

test("requests with no labelled pair, no labelled win, or two plans rated alike give no row", () => {
  assert.deepEqual(preferredPlan([pair("x", "y", ["A", "B", "NEITHER"])], 2), { skipped: "unlabelled" });
  assert.deepEqual(preferredPlan([pair("x", "y", ["NEITHER", "NEITHER", "A"])], 2), { skipped: "no_winner" });
  // Two disjoint pairs, each won alike: x and z are both undefeated and rated the same.
  assert.deepEqual(preferredPlan([pair("x", "y", ["A", "A", "B"]), pair("z", "y", ["A", "A", "B"])], 2), {
    skipped: "tied",
  });
  // An adjudication labels a 1-1-1 pair.
  assert.equal((preferredPlan([pair("x", "y", ["A", "B", "NEITHER"], "B")], 2) as { planId: string }).planId, "y");
});

test("--min-agreement 3 counts only unanimous pairs", () => {
  const pairs = [pair("x", "y", ["A", "A", "B"]), pair("y", "z", ["A", "A", "A"])];
  assert.equal((preferredPlan(pairs, 2) as { planId: string }).planId, "x");
  assert.equal((preferredPlan(pairs, 3) as { planId: string }).planId, "y");
});

test("an SFT row is system, user and the preferred plan as published; metadata only when asked", () => {
  const r = { queryId: "q1", ownSplit: "test", request, plans, pairs: [pair("x", "y", ["A", "A", "B"])] };
  const { row, split } = sftRow(r, o());
  assert.equal(split, "test");
  assert.deepEqual(Object.keys(row!), ["messages"]);
  const messages = row!.messages as { role: string; content: string }[];
  assert.deepEqual(
    messages.map((m) => m.role),
    ["system", "user", "assistant"],
  );
  assert.match(messages[1].content, /Three days in Hangzhou/);
  assert.equal(messages[2].content, plans.get("x"));
  const meta = sftRow(r, o({ withMetadata: true })).row!;
  assert.deepEqual(
    { ...meta, messages: undefined },
    {
      messages: undefined,
      query_id: "q1",
      plan_id: "x",
      split: "test",
      basis: "won_all",
      wins: 1,
      losses: 0,
      labelled_pairs: 1,
      judge_pairs: 0,
      label_source: "experts",
      label_judge: null,
      label_threshold: null,
      label_confidence: null,
    },
  );
  // An asked-for split applies to every request, the dataset's own split aside.
  assert.notEqual(sftRow(r, o({ ownSplitFirst: false, split: [{ name: "all", share: 1 }] })).split, "test");
});

test("what SFT rows cannot carry is refused before anything streams", () => {
  assert.equal(checkSftOptions(o()), null);
  assert.equal(checkSftOptions(o({ target: "openai" })), null);
  assert.match(checkSftOptions(o({ target: "kto" }))!, /for trl and openai/);
  assert.match(checkSftOptions(o({ margin: "votes" }))!, /margin/);
  assert.match(checkSftOptions(o({ target: "openai", withMetadata: true }))!, /refuses other keys/);
});

test("a pair a judge decided (label_source=all) counts as its one vote; the row says a judge labelled part of it", () => {
  const decided = (a: string, b: string, verdict: Verdict): SftPair => ({
    ...pair(a, b, []),
    decision: { judge: "j", verdict, confidence: 0.95, threshold: 0.9 },
  });
  // The experts' 2-1 and a judge's decision: x won both labelled pairs.
  const best = preferredPlan([pair("x", "y", ["A", "A", "B"]), decided("z", "x", "B")], 2);
  assert.deepEqual(best, { planId: "x", basis: "won_all", wins: 2, losses: 0, labelledPairs: 2, judgePairs: 1 });
  // With unanimous experts only, a judge's decision is no label: the request has the experts' pair alone.
  assert.deepEqual(preferredPlan([pair("x", "y", ["A", "A", "A"]), decided("z", "x", "A")], 3), {
    planId: "x",
    basis: "won_all",
    wins: 1,
    losses: 0,
    labelledPairs: 1,
    judgePairs: 0,
  });
  const r = { queryId: "q1", ownSplit: "test", request, plans, pairs: [decided("x", "y", "B")] };
  const meta = sftRow(r, o({ withMetadata: true })).row!;
  assert.equal(meta.plan_id, "y");
  assert.deepEqual(
    [meta.judge_pairs, meta.label_source, meta.label_judge, meta.label_threshold, meta.label_confidence],
    [1, "judge", null, null, null],
  );
});
