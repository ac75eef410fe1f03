/**
 * The review queue on a real PostgreSQL: it serves exactly the sample (the share by the hash lib/review/settings.ts
 * computes, a dataset's own share, every judgment of the experts named) of the reviewer's destinations, never their own
 * judgments, one judgment to one reviewer at a time even when reviewers ask at once, and passes what the reviewer passed.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { poolOf, seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../../testing/database";
import { inReviewSample, reviewDraw } from "../settings";
import { reviewJudgment } from "./actions";
import { claimForReview, nextForReview } from "./queue";
import { updateReviewSettings } from "./settings";
import type { Asker } from "../../accounts";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
let parisExperts: string[] = [];
let admin: Asker;

async function reviewerOf(email: string, destinations: string[]): Promise<Asker> {
  const id = await createTestExpert(t.db, email, destinations);
  await t.db.user.update({ where: { id }, data: { role: "REVIEWER" } });
  return { id, role: "REVIEWER" };
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  parisExperts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `q-paris${i}@t.test`, ["Paris"])));
  const tokyoExperts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `q-tokyo${i}@t.test`, ["Tokyo"])));
  await judgeUntilDone(t.db, parisExperts, (_p, i) => (i === 0 ? "left" : "right"), S, "queue-paris");
  await judgeUntilDone(t.db, tokyoExperts, () => "left", S, "queue-tokyo");
  const a = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  admin = { id: a.id, role: "ADMIN" };
});
after(async () => t.drop());

/** Every judgment the reviewer is served, accepting each (the queue drains). */
async function drain(reviewer: Asker): Promise<string[]> {
  const served: string[] = [];
  for (;;) {
    const next = await nextForReview(t.db, reviewer);
    if (!next.item) return served;
    assert.ok(!served.includes(next.item.judgmentId), "never served twice");
    served.push(next.item.judgmentId);
    await reviewJudgment(t.db, reviewer, next.item.judgmentId, { action: "accept" });
  }
}

/** The judgments of a destination with their expert and dataset, for the sample's reference. */
async function judgmentsOf(destination: string) {
  const { rows } = await poolOf(t.db).query<{ id: string; expertId: string; datasetId: string }>(
    `SELECT j.id, j."userId" AS "expertId", q."datasetId" FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId"
       JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" WHERE d.name = $1`,
    [destination],
  );
  return rows;
}

test("tj_review_draw is reviewDraw (one hash, in SQL and in TypeScript)", async () => {
  const ids = (await judgmentsOf("Paris")).slice(0, 20).map((j) => j.id);
  const { rows } = await poolOf(t.db).query<{ id: string; d: number }>(
    "SELECT id, tj_review_draw(id) AS d FROM unnest($1::text[]) id",
    [ids],
  );
  for (const r of rows) assert.equal(r.d, reviewDraw(r.id));
});

test("a reviewer is served exactly the sample of their destinations, oldest first, each once", async () => {
  await updateReviewSettings(t.db, { share: 0.3 }, admin.id);
  const settings = { share: 0.3, datasets: {}, experts: [] };
  const reviewer = await reviewerOf("q-reviewer@t.test", ["Paris"]);
  const paris = await judgmentsOf("Paris");
  const expected = paris.filter((j) => inReviewSample(settings, j)).map((j) => j.id);
  assert.ok(expected.length > 0 && expected.length < paris.length, "the share takes some judgments, not all");
  const first = await nextForReview(t.db, reviewer);
  assert.equal(first.waiting, expected.length);
  const served = await drain(reviewer);
  assert.deepEqual([...served].sort(), [...expected].sort());
  const times = await t.db.judgment.findMany({ where: { id: { in: served } }, select: { id: true, createdAt: true } });
  const at = new Map(times.map((x) => [x.id, x.createdAt.getTime()]));
  assert.deepEqual(
    served,
    [...served].sort((a, b) => at.get(a)! - at.get(b)! || (a < b ? -1 : 1)),
    "oldest first",
  );
  assert.equal((await nextForReview(t.db, reviewer)).waiting, 0);
});

test("a dataset's own share and all of one expert's judgments; another destination's reviewer sees none of them", async () => {
  const paris = await judgmentsOf("Paris");
  const datasetId = paris[0].datasetId;
  await updateReviewSettings(t.db, { share: 0, datasets: { [datasetId]: 0.5 }, experts: [parisExperts[2]] }, admin.id);
  const settings = { share: 0, datasets: { [datasetId]: 0.5 }, experts: [parisExperts[2]] };
  // The audit log keeps the settings before (the previous test's share) and after.
  const event = await t.db.auditEvent.findFirstOrThrow({
    where: { action: "settings.review" },
    orderBy: { createdAt: "desc" },
  });
  const change = event.data as { before: { share: number; experts: string[] }; after: typeof settings };
  assert.deepEqual([change.before.share, change.before.experts], [0.3, []]);
  assert.deepEqual(change.after, settings);
  const tokyo = await reviewerOf("q-tokyo-reviewer@t.test", ["Tokyo"]);
  const tokyoServed = await drain(tokyo);
  const tokyoJudgments = new Set((await judgmentsOf("Tokyo")).map((j) => j.id));
  assert.ok(
    tokyoServed.every((id) => tokyoJudgments.has(id)),
    "Tokyo's judgments only",
  );
  const reviewer = await reviewerOf("q-reviewer2@t.test", ["Paris"]);
  // Those accepted by the first reviewer are reviewed: the rest of the new sample is served.
  const accepted = new Set(
    (await t.db.judgmentReview.findMany({ where: { action: "ACCEPT" }, select: { judgmentId: true } })).map(
      (r) => r.judgmentId,
    ),
  );
  const expected = paris.filter((j) => inReviewSample(settings, j) && !accepted.has(j.id)).map((j) => j.id);
  assert.ok(paris.filter((j) => j.expertId === parisExperts[2]).every((j) => inReviewSample(settings, j)));
  assert.deepEqual((await drain(reviewer)).sort(), expected.sort());
});

test("a reviewer who judged is never served their own judgments", async () => {
  const datasetId = (await judgmentsOf("Paris"))[0].datasetId;
  const s = await updateReviewSettings(t.db, { share: 1, datasets: { [datasetId]: null }, experts: [] }, admin.id);
  assert.deepEqual(s, { share: 1, datasets: {}, experts: [] }, "a dataset's share set to null is removed");
  const former = parisExperts[0];
  await t.db.user.update({ where: { id: former }, data: { role: "REVIEWER" } });
  try {
    const served = await drain({ id: former, role: "REVIEWER" });
    assert.ok(served.length > 0);
    const own = await t.db.judgment.count({ where: { id: { in: served }, userId: former } });
    assert.equal(own, 0);
  } finally {
    await t.db.user.update({ where: { id: former }, data: { role: "EXPERT" } });
  }
});

test("reviewers asking at once never get the same judgment; a reviewer holds one; a passed one is not served again", async () => {
  // A fresh sample: every Tokyo judgment, none reviewed.
  await t.db.judgmentReview.deleteMany({});
  await t.db.reviewClaim.deleteMany({});
  const reviewers = await Promise.all([0, 1, 2, 3].map((i) => reviewerOf(`q-crowd${i}@t.test`, ["Tokyo"])));
  for (let round = 0; round < 3; round++) {
    const claims = await Promise.all(reviewers.map((r) => claimForReview(t.db, r)));
    const ids = claims.map((c) => c?.judgmentId);
    assert.ok(ids.every(Boolean));
    assert.equal(new Set(ids).size, ids.length, `round ${round}: ${ids.join(", ")}`);
    // Each reviewer holds one claim at a time, and asking again resumes it.
    assert.deepEqual(
      (await Promise.all(reviewers.map((r) => claimForReview(t.db, r)))).map((c) => c?.judgmentId),
      ids,
    );
    assert.equal(await t.db.reviewClaim.count({ where: { reviewerId: { in: reviewers.map((r) => r.id) } } }), 4);
    for (const [i, r] of reviewers.entries()) await reviewJudgment(t.db, r, ids[i]!, { action: "accept" });
  }
  // Passing: the held judgment is not served again this session, and goes back for others.
  const [a, b] = reviewers;
  const held = (await claimForReview(t.db, a))!.judgmentId;
  const next = (await claimForReview(t.db, a, [held]))!.judgmentId;
  assert.notEqual(next, held);
  assert.equal((await claimForReview(t.db, b))?.judgmentId, held, "a passed judgment goes to the next reviewer");
});

test("judgments made after the queue last looked are served; the queue's table never holds an accepted one", async () => {
  await updateReviewSettings(t.db, { share: 1 }, admin.id);
  const reviewer = await reviewerOf("q-rome-reviewer@t.test", ["Rome"]);
  assert.deepEqual(await drain(reviewer), [], "Rome has no judgment yet");
  // The queue has looked (and marked how far); Rome's pairs are judged afterwards.
  const romeExperts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `q-rome${i}@t.test`, ["Rome"])));
  await judgeUntilDone(t.db, romeExperts, () => "left", S, "queue-rome");
  const rome = (await judgmentsOf("Rome")).map((j) => j.id).sort();
  assert.ok(rome.length > 0);
  assert.deepEqual((await drain(reviewer)).sort(), rome);
  const { rows } = await poolOf(t.db).query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "ReviewPending" rp
      WHERE EXISTS (SELECT 1 FROM "JudgmentReview" r WHERE r."judgmentId" = rp."judgmentId" AND r.action = 'ACCEPT')`,
  );
  assert.equal(rows[0].n, 0);
});
