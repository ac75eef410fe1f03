import assert from "node:assert/strict";
import { test } from "node:test";
import { DiscardingSink, parseBundle, streamBundle } from ".";
import { exampleBundle, fileText, withFile } from "../../testing/bundles";
import { memorySource } from "./source";
import { addedPlanId, noPairsNote, requestTextKey } from "./pairing";

const shape = {
  requestsWithPlans: 30,
  requestsWithTwoPlans: 0,
  plans: 30,
  pairs: 0,
  excludeInfeasible: false,
  listed: false,
};

test("an import with one plan per request says why it made no pairs and how to add another planner's plans", () => {
  const note = noPairsNote(shape)!;
  assert.match(note, /^No pairs: each of the 30 requests with plans has one plan\./);
  assert.match(note, /“Add to dataset” \(command line: --into DATASET_ID\)/);
  assert.match(note, /matched by id \(a ChinaTravel uid\), else by their text/);
  assert.equal(noPairsNote({ ...shape, pairs: 3 }), null);
  assert.equal(noPairsNote({ ...shape, plans: 0 }), null);
  assert.match(noPairsNote({ ...shape, listed: true })!, /lists none/);
  assert.match(noPairsNote({ ...shape, requestsWithTwoPlans: 0, excludeInfeasible: true })!, /pass the gates/);
  assert.match(
    noPairsNote({ ...shape, addedTo: { name: "D", requests: 2, matched: 0 } })!,
    /none of the bundle's 2 requests matched a request of “D”/,
  );
  assert.match(noPairsNote({ ...shape, addedTo: { name: "D", requests: 30, matched: 30 } })!, /in “D” already/);
});

test("request texts match across case, spacing and punctuation, not across words", () => {
  assert.equal(
    requestTextKey(" We are 2 people,\ngoing to Chengdu. "),
    requestTextKey("we are 2 people going to chengdu"),
  );
  assert.equal(
    requestTextKey("当前位置苏州。我一个人想去南京玩2天"),
    requestTextKey("当前位置苏州 我一个人想去南京玩2天。"),
  );
  assert.notEqual(requestTextKey("2 days in Nanjing"), requestTextKey("3 days in Nanjing"));
});

test("an added plan keeps its id unless another plan of its request has it: then its planner's name goes first", () => {
  const taken = new Set(["q1", "planner-y:q1"]);
  assert.equal(
    addedPlanId("p9", "planner-y", (x) => taken.has(x)),
    "p9",
  );
  assert.equal(
    addedPlanId("q1", "planner-z", (x) => taken.has(x)),
    "planner-z:q1",
  );
  assert.equal(
    addedPlanId("q1", "planner-y", (x) => taken.has(x)),
    "planner-y:q1#2",
  );
});

test("the stream counts the requests with plans and with two or more", async () => {
  const files = exampleBundle("chinatravel-nanjing");
  const both = await streamBundle(memorySource(files), new DiscardingSink());
  assert.ok(both.ok);
  assert.deepEqual(both.requests, { requestsWithPlans: 1, requestsWithTwoPlans: 1, listed: false });
  const one = withFile(files, "plans.jsonl", fileText(files, "plans.jsonl").split("\n")[0] + "\n");
  const single = await streamBundle(memorySource(one), new DiscardingSink());
  assert.ok(single.ok);
  assert.deepEqual(single.requests, { requestsWithPlans: 1, requestsWithTwoPlans: 0, listed: false });
  const parsed = await parseBundle(one);
  assert.ok(parsed.ok && parsed.counts.pairs === 0);
});
