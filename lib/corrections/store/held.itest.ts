/**
 * Correcting right after a verdict while the next pair, claimed ahead by the judging screen, shares a plan with
 * the pair just judged (issue 43, item 2), on a real PostgreSQL: both plans of the judged pair may be corrected;
 * a plan of the held pair that the expert has not judged yet may not (blindness).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { AppError } from "../../kernel";
import { exampleBundle } from "../../testing/bundles";
import type { SessionUser } from "../../accounts/store";
import { importBundle } from "../../datasets/store";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { claimNext, submitJudgment } from "../../judging/store";
import { correctionSource } from "./context";
import { correctablePlans } from "./judged";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };

before(async () => {
  t = await createTestDatabase();
  const r = await importBundle(t.db, exampleBundle("chinatravel-nanjing"));
  assert.ok(r.ok);
});
after(async () => t.drop());

test("after a verdict, both plans of the judged pair are correctable while the next pair held shares one of them", async () => {
  // The example's one pair (P, Q) and a second pair of the same request sharing P: (P, R).
  const judged = await t.db.pair.findFirstOrThrow({ include: { planB: true } });
  const q = judged.planB;
  const r = await t.db.plan.create({
    data: {
      queryId: q.queryId,
      sourceId: `${q.sourceId}-other`,
      model: "another-planner",
      raw: q.raw ?? {},
      itinerary: q.itinerary ?? {},
      contentHash: `${q.contentHash}-other`,
    },
  });
  await t.db.pair.create({ data: { queryId: q.queryId, planAId: judged.planAId, planBId: r.id } });
  const expert: SessionUser = {
    id: await createTestExpert(t.db, "prefetch@t.test", ["Nanjing"]),
    email: "prefetch@t.test",
    name: "Prefetch",
    role: "EXPERT",
    sessionVersion: 0,
  };

  // The judging screen: the pair shown, the next one claimed ahead, then the verdict on the first.
  const shown = (await claimNext(t.db, expert.id, S, {}))!;
  assert.equal(shown.pairId, judged.id);
  const ahead = (await claimNext(t.db, expert.id, S, { exclude: [shown.assignmentId] }))!;
  assert.notEqual(ahead.pairId, judged.id);
  await submitJudgment(
    t.db,
    expert.id,
    { assignmentId: shown.assignmentId, choice: "left", rationale: "r", timeOnTaskMs: 9_000, clientRequestId: "p-1" },
    S,
  );

  const offered = await correctablePlans(t.db, judged.id, expert);
  for (const planId of [offered.left, offered.right]) {
    const s = await correctionSource(t.db, planId, expert);
    assert.equal(s.plan.id, planId);
  }
  // R is in the held pair only: its verdict is not in, so it stays closed, and the refusal says which pair.
  await assert.rejects(
    correctionSource(t.db, r.id, expert),
    (e: unknown) =>
      e instanceof AppError &&
      e.code === "forbidden" &&
      /not judged yet/.test(e.message) &&
      /submit your verdict first/.test(e.message),
  );

  // Once the held pair is judged too, R opens.
  await submitJudgment(
    t.db,
    expert.id,
    { assignmentId: ahead.assignmentId, choice: "right", rationale: "r", timeOnTaskMs: 9_000, clientRequestId: "p-2" },
    S,
  );
  assert.equal((await correctionSource(t.db, r.id, expert)).plan.id, r.id);
});
