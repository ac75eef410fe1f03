import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { assignmentViewSchema, nextPairAnswerSchema } from "../assignment/view";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { claimNext, releaseAssignment } from "./judging";
import { assignmentViewJson, renderView } from "./judging-view";
import { seed } from "../../platform/db";

// The contract between the SQL that builds an assignment's view (tj_claim, tj_view_parts) and the client
// (lib/judging/assignment/view.ts): what the database gives must parse, strictly, with the client's schema.
let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
});
after(async () => t.drop());

test("a claimed and a reloaded assignment's view parse with the client's schema, with and without diagnostics", async () => {
  const u = await createTestExpert(t.db, "contract@t.test", ["Paris"]);
  for (const showDiagnostics of [false, true]) {
    await t.db.dataset.updateMany({ data: { showDiagnostics } });
    const claim = await claimNext(t.db, u, DEFAULT_SETTINGS);
    assert.ok(claim);
    const answer = `{"assignment":${await renderView(t.db, claim.view)},"rationaleMinLength":${DEFAULT_SETTINGS.rationaleMinLength}}`;
    const parsed = nextPairAnswerSchema.parse(JSON.parse(answer));
    assert.equal(parsed.assignment?.assignmentId, claim.assignmentId);
    assert.equal(parsed.assignment?.query.destination.name, "Paris");
    assert.equal(parsed.assignment?.left.diagnostics === null, !showDiagnostics);
    if (showDiagnostics) assert.equal(typeof parsed.assignment?.left.diagnostics?.format, "number");
    const reloaded = assignmentViewSchema.parse(JSON.parse(await assignmentViewJson(t.db, claim.assignmentId, u)));
    assert.deepEqual(reloaded, parsed.assignment);
    // Nothing that tells the plans apart beyond the itineraries themselves.
    assert.ok(!JSON.stringify(reloaded).includes('"model"'));
    const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
    await releaseAssignment(t.db, claim.assignmentId, admin.id);
  }
});

test("the schema is strict: a field the SQL adds without the contract fails the test above", () => {
  const claimed = {
    assignmentId: "a",
    pairId: "p",
    leaseExpiresAt: "2026-01-01T00:00:00.000Z",
    expired: false,
    askStrength: false,
    dimensions: [],
    query: {
      id: "q",
      text: "t",
      origin: null,
      days: 1,
      people: 1,
      startDate: null,
      preferences: {},
      destination: { name: "Paris", country: "France", lat: 0, lon: 0 },
    },
  };
  const plan = {
    itinerary: {
      title: null,
      startCity: null,
      targetCity: null,
      people: null,
      days: [{ day: 1, title: null, items: [] }],
      judgedScores: null,
    },
    diagnostics: null,
  };
  const ok = assignmentViewSchema.safeParse({ ...claimed, left: plan, right: plan });
  assert.ok(ok.success, JSON.stringify(ok.error?.issues));
  assert.equal(assignmentViewSchema.safeParse({ ...claimed, model: "gpt", left: plan, right: plan }).success, false);
});
