import assert from "node:assert/strict";
import { test } from "node:test";
import { acceptRate, reviewActionInput, reviewStatusOf } from "./status";
import { inReviewSample, patchedReviewSettings, reviewDraw, reviewSettingsSchema } from "./settings";
import { inScope, scopeFor } from "./scope";

test("a judgment's status: rejected over accepted over commented", () => {
  assert.equal(reviewStatusOf([]), "none");
  assert.equal(reviewStatusOf(["COMMENT"]), "commented");
  assert.equal(reviewStatusOf(["COMMENT", "ACCEPT", "COMMENT"]), "accepted");
  assert.equal(reviewStatusOf(["ACCEPT", "REJECT"]), "rejected");
  assert.equal(acceptRate(0, 0), null);
  assert.equal(acceptRate(3, 1), 0.75);
});

test("an action's body: a reason with a rejection, a text with a comment, nothing else", () => {
  assert.deepEqual(reviewActionInput.parse({ action: "accept" }), { action: "accept" });
  assert.deepEqual(reviewActionInput.parse({ action: "reject", reason: "  copied  " }), {
    action: "reject",
    reason: "copied",
  });
  const refused = (body: unknown) => {
    const r = reviewActionInput.safeParse(body);
    assert.ok(!r.success, JSON.stringify(body));
    return r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  };
  assert.match(refused({ action: "reject" }), /reason/);
  assert.match(refused({ action: "reject", reason: "no" }), /why it is rejected/);
  assert.match(refused({ action: "comment", text: "x".repeat(2001) }), /at most 2000/);
  assert.match(refused({ action: "approve" }), /expected an action/);
  assert.match(refused({ action: "accept", reason: "extra" }), /reason|Unrecognized/i);
});

test("the sample: a share by a stable hash, a dataset's own share, every judgment of the experts named", () => {
  const s = reviewSettingsSchema.parse({ share: 0.25 });
  assert.deepEqual(s, { share: 0.25, datasets: {}, experts: [] });
  const ids = Array.from({ length: 4000 }, (_, i) => `judgment-${i}`);
  const drawn = ids.filter((id) => inReviewSample(s, { id, expertId: "e", datasetId: "d" })).length;
  assert.ok(Math.abs(drawn / ids.length - 0.25) < 0.03, `${drawn} of ${ids.length}`);
  assert.equal(reviewDraw("judgment-1"), reviewDraw("judgment-1"));
  const own = patchedReviewSettings(s, { datasets: { d2: 1 }, experts: ["e2", "e2"] });
  assert.deepEqual(own, { share: 0.25, datasets: { d2: 1 }, experts: ["e2"] });
  assert.ok(ids.every((id) => inReviewSample(own, { id, expertId: "e", datasetId: "d2" })));
  assert.ok(ids.every((id) => inReviewSample({ ...own, share: 0 }, { id, expertId: "e2", datasetId: "d" })));
  assert.deepEqual(patchedReviewSettings(own, { datasets: { d2: null } }).datasets, {});
  assert.ok(!reviewSettingsSchema.safeParse({ share: 1.5 }).success);
});

test("the scope: an admin's is every destination, a reviewer's their own", () => {
  assert.deepEqual(scopeFor("ADMIN", ["x"]), { destinationIds: null });
  assert.deepEqual(scopeFor("REVIEWER", ["x"]), { destinationIds: ["x"] });
  assert.ok(inScope({ destinationIds: null }, "y") && !inScope({ destinationIds: ["x"] }, "y"));
});
