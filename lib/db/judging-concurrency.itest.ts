import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { createTestDatabase, createTestExpert, type TestDatabase } from "./testing";
import { claimNext, submitJudgment } from "./judging";
import { seed } from "./seed";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 5 };
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
});
after(async () => t.drop());

const expert = (email: string, destinations: string[]) => createTestExpert(t.db, email, destinations);

let n = 0;
const submit = (userId: string, assignmentId: string, choice: "left" | "right" | "neither") =>
  submitJudgment(t.db, userId, { assignmentId, choice, rationale: "because of the route", timeOnTaskMs: 1000, clientRequestId: `crowd-${++n}` }, S);

test("simultaneous claims of one expert never pass the per-expert limit", async () => {
  const u = await expert("eager@t.test", ["Paris", "Tokyo", "Rome", "Nanjing"]);
  for (let round = 0; round < 5; round++) {
    const claims = await Promise.all(Array.from({ length: 4 }, () => claimNext(t.db, u, S)));
    const live = await t.db.assignment.findMany({ where: { userId: u, status: "CLAIMED" } });
    assert.ok(live.length <= S.maxClaimsPerExpert, `round ${round}: ${live.length} live claims, limit ${S.maxClaimsPerExpert}`);
    // Claimed one after another, the later calls resume the first claim.
    assert.equal(new Set(claims.map((c) => c?.assignmentId)).size, 1);
    for (const a of live) await submit(u, a.id, "left");
  }
});

test("50 experts claiming and submitting in parallel keep every invariant", async () => {
  const destinations = ["Paris", "Tokyo", "Rome", "Nanjing"];
  const experts = await Promise.all(Array.from({ length: 50 }, (_, i) => expert(`crowd${i}@t.test`, destinations)));
  const work = async (u: string) => {
    for (;;) {
      const c = await claimNext(t.db, u, S);
      if (!c) return;
      await submit(u, c.assignmentId, (["left", "right", "neither"] as const)[c.pairId.charCodeAt(0) % 3]);
    }
  };
  await Promise.all(experts.map(work));
  const pairs = await t.db.pair.findMany({ include: { assignments: true, judgments: true } });
  for (const p of pairs) {
    const submitted = p.assignments.filter((a) => a.status === "SUBMITTED");
    assert.equal(p.status, "COMPLETE", `pair ${p.id} complete`);
    assert.equal(submitted.length, 3, `pair ${p.id}: 3 submitted`);
    assert.equal(p.judgments.length, 3, `pair ${p.id}: 3 judgments`);
    assert.equal(new Set(p.judgments.map((j) => j.userId)).size, 3, `pair ${p.id}: 3 distinct experts`);
    assert.deepEqual(submitted.map((a) => a.slot).sort(), [1, 2, 3]);
  }
  // Every expert who judged a pair has its destination.
  const bad = await t.db.$queryRaw<{ n: number }[]>`
    SELECT COUNT(*)::int AS n FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
    WHERE NOT EXISTS (SELECT 1 FROM "ExpertDestination" ed WHERE ed."userId" = j."userId" AND ed."destinationId" = q."destinationId")`;
  assert.equal(bad[0].n, 0);
});
