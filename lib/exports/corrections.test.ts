import assert from "node:assert/strict";
import { test } from "node:test";
import { checkCorrectionOptions, correctionRecord, correctionTrainerRows, type CorrectionRow } from "./corrections";
import { trainerOptions as o } from "../testing/export-records";

const row = (votes: [number, number, number]): CorrectionRow => ({
  correctionId: "c1",
  queryId: "q1",
  ownSplit: "test",
  request: {
    text: "Two days in Nanjing",
    destination: "Nanjing",
    origin: null,
    days: 2,
    people: 1,
    startDate: null,
    preferences: {},
  },
  sourcePlanId: "p1",
  correctedPlanId: "p2",
  expert: "expert-0123456789",
  original: '{"itinerary":[1]}',
  corrected: '{"itinerary":[2]}',
  originalPlan: '{"itinerary":[1]}',
  correctedPlan: '{"itinerary":[2]}',
  edits: [
    {
      reason: { kind: "route" },
      to: "10:00–11:00",
      from: "09:00–10:00",
      name: "Museum",
      item: 2,
      day: 1,
      op: "retime",
    },
  ],
  checksFixed: [],
  featuresBefore: {},
  featuresAfter: {},
  rewardBefore: 1,
  rewardAfter: 2,
  constraintsBefore: [],
  constraintsAfter: [],
  verification: { votes: { corrected: votes[0], original: votes[1], neither: votes[2] }, raters: 2 },
  createdAt: "2026-11-24T00:00:00.000Z",
});

test("a correction record: the edits' keys in the documented order, the plans as JSON, verified null while pending", () => {
  const r = correctionRecord(row([1, 0, 0]));
  assert.deepEqual(Object.keys((r.edits as object[])[0]), ["op", "day", "item", "name", "from", "to", "reason"]);
  assert.deepEqual((r.edits as { reason: unknown }[])[0].reason, { kind: "route", text: null });
  assert.deepEqual(r.corrected, { itinerary: [2] });
  assert.deepEqual(r.verification, { votes: { corrected: 1, original: 0, neither: 0 }, verified: null });
  assert.equal((correctionRecord(row([2, 0, 0])).verification as { verified: boolean }).verified, true);
  assert.equal((correctionRecord(row([1, 1, 0])).verification as { verified: boolean }).verified, false);
});

test("trainer rows: the corrected plan is the SFT answer and the chosen side; KTO gives true and false", () => {
  const [sft] = correctionTrainerRows(row([2, 0, 0]), "sft", o());
  assert.equal((sft.messages as { content: string }[])[2].content, '{"itinerary":[2]}');
  const [trl] = correctionTrainerRows(row([2, 0, 0]), "preference", o({ withMetadata: true }));
  assert.deepEqual(
    [(trl.chosen as { content: string }[])[0].content, (trl.rejected as { content: string }[])[0].content],
    ['{"itinerary":[2]}', '{"itinerary":[1]}'],
  );
  assert.equal(trl.correction_id, "c1");
  assert.deepEqual(Object.keys(correctionTrainerRows(row([2, 0, 0]), "preference", o({ target: "openai" }))[0]), [
    "input",
    "preferred_output",
    "non_preferred_output",
  ]);
  assert.deepEqual(
    correctionTrainerRows(row([2, 0, 0]), "preference", o({ target: "kto" })).map((r) => r.label),
    [true, false],
  );
});

test("what a corrections export cannot carry is refused before anything streams", () => {
  assert.match(checkCorrectionOptions("record", o(), "csv")!, /jsonl or parquet/);
  assert.equal(checkCorrectionOptions("record", o({ margin: "votes" }), "jsonl"), null);
  assert.match(checkCorrectionOptions("sft", o({ target: "kto" }), "jsonl")!, /for trl and openai/);
  assert.match(checkCorrectionOptions("preference", o({ margin: "votes" }), "jsonl")!, /no margin/);
  assert.match(checkCorrectionOptions("preference", o({ target: "kto", neitherBad: true }), "jsonl")!, /no Neither/);
  assert.match(checkCorrectionOptions("preference", o({ target: "openai", withMetadata: true }), "jsonl")!, /refuses/);
  assert.equal(checkCorrectionOptions("preference", o({ target: "openrlhf", withMetadata: true }), "parquet"), null);
});
