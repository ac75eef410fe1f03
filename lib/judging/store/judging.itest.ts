import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { claimNext, reassignAssignment, releaseAssignment, skipAssignment, submitJudgment } from "./judging";
import { renderView } from "./judging-view";
import { seed } from "../../platform/db";
import type { AppError } from "../../kernel";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 5 };
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
});
after(async () => t.drop());

const expert = (email: string, destinations: string[]) => createTestExpert(t.db, email, destinations);

let n = 0;
const submit = (
  userId: string,
  assignmentId: string,
  choice: "left" | "right" | "neither" = "left",
  requestId = `req-${++n}`,
) =>
  submitJudgment(
    t.db,
    userId,
    { assignmentId, choice, rationale: "because of the route", timeOnTaskMs: 1000, clientRequestId: requestId },
    S,
  );

test("three experts of the destination judge a pair; a fourth never gets it; an expert without the destination never does", async () => {
  const tokyo = await t.db.destination.findFirstOrThrow({ where: { name: "Tokyo" } });
  const e = await Promise.all([1, 2, 3, 4].map((i) => expert(`tokyo${i}@t.test`, ["Tokyo"])));
  const outsider = await expert("outsider@t.test", ["Paris"]);
  const first = await claimNext(t.db, e[0], S, { destinationId: tokyo.id });
  assert.ok(first);
  const pairId = first.pairId;
  // Completion-first order sends the next experts to the same pair.
  const second = await claimNext(t.db, e[1], S, { destinationId: tokyo.id });
  const third = await claimNext(t.db, e[2], S, { destinationId: tokyo.id });
  assert.deepEqual([second?.pairId, third?.pairId], [pairId, pairId]);
  for (const [i, c] of [first, second!, third!].entries())
    await submit(e[i], c.assignmentId, i === 2 ? "neither" : "left");
  const pair = await t.db.pair.findUniqueOrThrow({
    where: { id: pairId },
    include: { judgments: true, assignments: true },
  });
  assert.equal(pair.status, "COMPLETE");
  assert.equal(new Set(pair.judgments.map((j) => j.userId)).size, 3);
  assert.deepEqual(pair.assignments.map((a) => a.slot).sort(), [1, 2, 3]);
  const fourth = await claimNext(t.db, e[3], S, { destinationId: tokyo.id });
  assert.notEqual(fourth?.pairId, pairId);
  // The outsider only ever gets Paris pairs.
  for (let i = 0; i < 2; i++) {
    const c = await claimNext(t.db, outsider, S, { exclude: [] });
    const p = await t.db.pair.findUniqueOrThrow({
      where: { id: c!.pairId },
      include: { query: { include: { destination: true } } },
    });
    assert.equal(p.query.destination.name, "Paris");
    await submit(outsider, c!.assignmentId);
  }
  assert.equal(await claimNext(t.db, outsider, S, { destinationId: tokyo.id }), null);
});

test("a verdict is stored in the pair's A/B terms, whichever side A was shown on", async () => {
  const u = await expert("sides@t.test", ["Rome"]);
  for (let i = 0; i < 6; i++) {
    const c = await claimNext(t.db, u, S);
    const a = await t.db.assignment.findUniqueOrThrow({ where: { id: c!.assignmentId }, include: { pair: true } });
    await submit(u, a.id, "left");
    const j = await t.db.judgment.findUniqueOrThrow({ where: { assignmentId: a.id } });
    assert.equal(j.verdict, a.leftPlanId === a.pair.planAId ? "A" : "B");
  }
});

test("a reload resumes the same claim; at most two claims are held; a skip hands the slot on", async () => {
  const [u, v] = [await expert("resume@t.test", ["Nanjing"]), await expert("next@t.test", ["Nanjing"])];
  const a = await claimNext(t.db, u, S);
  const again = await claimNext(t.db, u, S);
  assert.equal(again?.assignmentId, a?.assignmentId);
  assert.equal(again?.resumed, true);
  const prefetched = await claimNext(t.db, u, S, { exclude: [a!.assignmentId] });
  assert.ok(prefetched && prefetched.assignmentId !== a!.assignmentId);
  assert.equal(await claimNext(t.db, u, S, { exclude: [a!.assignmentId, prefetched.assignmentId] }), null);
  await skipAssignment(t.db, u, a!.assignmentId, "I don't know this area");
  await assert.rejects(submit(u, a!.assignmentId), /skipped/);
  // The skipped pair is never offered to u again, but its slot goes to someone else.
  const heldBy = await t.db.assignment.findUniqueOrThrow({ where: { id: a!.assignmentId } });
  let got = false;
  for (let i = 0; i < 40 && !got; i++) {
    const c = await claimNext(t.db, v, S);
    if (!c) break;
    got = c.pairId === heldBy.pairId;
    await submit(v, c.assignmentId);
  }
  assert.ok(got, "the skipped slot went to another expert");
  const mine = await t.db.assignment.findMany({ where: { userId: u, pairId: heldBy.pairId } });
  assert.equal(mine.length, 1);
});

/** A one-pair destination of its own, so a test controls exactly who can claim what. */
async function tinyPair(name: string, requiredRaters: number) {
  const d = await t.db.destination.create({ data: { name, country: "Testland", lat: 0, lon: 0 } });
  const ds = await t.db.dataset.create({
    data: { name, format: "CANONICAL", contentHash: `tiny-${name}`, counts: {} },
  });
  const q = await t.db.query.create({
    data: { datasetId: ds.id, destinationId: d.id, sourceId: name, text: "x", days: 1, preferences: {}, raw: {} },
  });
  const plan = (id: string) =>
    t.db.plan.create({ data: { queryId: q.id, sourceId: id, model: "m", raw: {}, itinerary: {}, contentHash: id } });
  const [a, b] = [await plan(`${name}-a`), await plan(`${name}-b`)];
  const pair = await t.db.pair.create({ data: { queryId: q.id, planAId: a.id, planBId: b.id, requiredRaters } });
  return { destinationId: d.id, pairId: pair.id };
}

async function expertOf(email: string, destinationId: string) {
  const u = await t.db.user.create({ data: { email, name: email, role: "EXPERT" } });
  await t.db.expertDestination.create({ data: { userId: u.id, destinationId, familiarity: 4 } });
  return u.id;
}

test("an expired lease frees the slot; a late submit is refused when the slot was taken, kept when it was not", async () => {
  const one = await tinyPair("Lisbon", 1);
  const [u, v] = [await expertOf("late@t.test", one.destinationId), await expertOf("taker@t.test", one.destinationId)];
  const c = await claimNext(t.db, u, S);
  assert.equal(c?.pairId, one.pairId);
  assert.equal(await claimNext(t.db, v, S), null, "the only slot is held");
  await t.db.assignment.update({
    where: { id: c!.assignmentId },
    data: { leaseExpiresAt: new Date(Date.now() - 1000) },
  });
  const taken = await claimNext(t.db, v, S);
  assert.equal(taken?.pairId, one.pairId, "the expired slot is offered again");
  assert.equal((await t.db.assignment.findUniqueOrThrow({ where: { id: c!.assignmentId } })).status, "EXPIRED");
  await assert.rejects(submit(u, c!.assignmentId), /expired and its slot went to another expert/);
  await submit(v, taken!.assignmentId);

  const two = await tinyPair("Porto", 1);
  const w = await expertOf("slow@t.test", two.destinationId);
  const d = await claimNext(t.db, w, S);
  await t.db.assignment.update({
    where: { id: d!.assignmentId },
    data: { leaseExpiresAt: new Date(Date.now() - 1000) },
  });
  await submit(w, d!.assignmentId);
  assert.equal((await t.db.pair.findUniqueOrThrow({ where: { id: two.pairId } })).status, "COMPLETE");
});

test("a double submit stores one judgment, concurrently and on retry", async () => {
  const u = await expert("double@t.test", ["Rome"]);
  const c = await claimNext(t.db, u, S);
  const results = await Promise.all([
    submit(u, c!.assignmentId, "left", "same-id"),
    submit(u, c!.assignmentId, "left", "same-id"),
    submit(u, c!.assignmentId, "right", "other-id"),
  ]);
  assert.equal(new Set(results.map((r) => r.judgmentId)).size, 1);
  assert.equal(await t.db.judgment.count({ where: { assignmentId: c!.assignmentId } }), 1);
  const retry = await submit(u, c!.assignmentId, "left", "same-id");
  assert.equal(retry.duplicate, true);
});

test("admins release and reassign claimed slots", async () => {
  const [u, v, w] = [
    await expert("r1@t.test", ["Tokyo"]),
    await expert("r2@t.test", ["Tokyo"]),
    await expert("r3@t.test", ["Paris"]),
  ];
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  const c = await claimNext(t.db, u, S);
  const claimedBefore = (await t.db.pair.findUniqueOrThrow({ where: { id: c!.pairId } })).claimedCount;
  await assert.rejects(
    reassignAssignment(t.db, c!.assignmentId, w, admin.id, S),
    /does not have this pair's destination/,
  );
  const moved = await reassignAssignment(t.db, c!.assignmentId, v, admin.id, S);
  const m = await t.db.assignment.findUniqueOrThrow({ where: { id: moved } });
  assert.equal(m.userId, v);
  assert.equal((await t.db.assignment.findUniqueOrThrow({ where: { id: c!.assignmentId } })).status, "RELEASED");
  // The slot's first expert had the pair: it never goes back to them.
  await assert.rejects(
    reassignAssignment(t.db, moved, u, admin.id, S),
    (e: AppError) => e.code === "conflict" && /already had this pair/.test(e.message),
  );
  const pair = await t.db.pair.findUniqueOrThrow({ where: { id: c!.pairId } });
  assert.equal(pair.claimedCount, claimedBefore, "a reassign moves the claim, it does not add one");
  await releaseAssignment(t.db, moved, admin.id);
  await assert.rejects(releaseAssignment(t.db, moved, admin.id), (e: AppError) => e.code === "not_claimed");
  assert.equal((await t.db.pair.findUniqueOrThrow({ where: { id: c!.pairId } })).claimedCount, claimedBefore - 1);
  assert.equal(
    await t.db.auditEvent.count({
      where: { action: { in: ["assignment.reassign", "assignment.release"] }, actorId: admin.id },
    }),
    2,
  );
});

test("a skip with a session checks the account in the same statement; only the expert's own claim is skipped", async () => {
  const [u, v] = [await expert("skip1@t.test", ["Rome"]), await expert("skip2@t.test", ["Rome"])];
  const { sessionVersion } = await t.db.user.findUniqueOrThrow({ where: { id: u } });
  const c = await claimNext(t.db, u, S);
  const claimedBefore = (await t.db.pair.findUniqueOrThrow({ where: { id: c!.pairId } })).claimedCount;
  await assert.rejects(
    skipAssignment(t.db, u, c!.assignmentId, "stale", { sessionVersion: sessionVersion + 1 }),
    (e: AppError) => e.code === "unauthenticated",
  );
  await assert.rejects(
    skipAssignment(t.db, v, c!.assignmentId, "not mine"),
    (e: AppError) => e.code === "not_assigned",
  );
  assert.equal((await t.db.assignment.findUniqueOrThrow({ where: { id: c!.assignmentId } })).status, "CLAIMED");
  await skipAssignment(t.db, u, c!.assignmentId, "  I don't know Rome  ", { sessionVersion });
  const a = await t.db.assignment.findUniqueOrThrow({ where: { id: c!.assignmentId }, include: { pair: true } });
  assert.equal(a.status, "SKIPPED");
  assert.equal(a.skipReason, "I don't know Rome");
  assert.equal(a.pair.claimedCount, claimedBefore - 1);
});

test("with a session, claim and submit check the account in the same statement", async () => {
  const u = await expert("session@t.test", ["Rome"]);
  const { sessionVersion } = await t.db.user.findUniqueOrThrow({ where: { id: u } });
  const session = { sessionVersion };
  const c = await claimNext(t.db, u, S, { session });
  assert.ok(c, "a standing session claims");
  // Signed out everywhere (the version moved on): refused before anything changes.
  await assert.rejects(
    claimNext(t.db, u, S, { session: { sessionVersion: sessionVersion + 1 } }),
    (e: Error & { status?: number }) => e.status === 401,
  );
  await assert.rejects(
    submitJudgment(
      t.db,
      u,
      {
        assignmentId: c!.assignmentId,
        choice: "left",
        rationale: "a fine reason",
        timeOnTaskMs: 1,
        clientRequestId: "sess-1",
      },
      S,
      { sessionVersion: sessionVersion + 1 },
    ),
    /Sign in first/,
  );
  assert.equal(await t.db.judgment.count({ where: { assignmentId: c!.assignmentId } }), 0);
  // Deactivated: refused at once, with the token still unexpired.
  await t.db.user.update({ where: { id: u }, data: { active: false } });
  await assert.rejects(claimNext(t.db, u, S, { session }), /Sign in first/);
  await assert.rejects(
    submitJudgment(
      t.db,
      u,
      {
        assignmentId: c!.assignmentId,
        choice: "left",
        rationale: "a fine reason",
        timeOnTaskMs: 1,
        clientRequestId: "sess-2",
      },
      S,
      session,
    ),
    /Sign in first/,
  );
  // An admin's session is not an expert's.
  await t.db.user.update({ where: { id: u }, data: { active: true, role: "ADMIN" } });
  await assert.rejects(claimNext(t.db, u, S, { session }), /Sign in first/);
  await t.db.user.update({ where: { id: u }, data: { role: "EXPERT" } });
  const stored = await submitJudgment(
    t.db,
    u,
    {
      assignmentId: c!.assignmentId,
      choice: "left",
      rationale: "a fine reason",
      timeOnTaskMs: 1,
      clientRequestId: "sess-3",
    },
    S,
    session,
  );
  assert.equal(stored.duplicate, false);
  assert.equal(await t.db.judgment.count({ where: { assignmentId: c!.assignmentId } }), 1);
});

test("a claim returns the view's parts: the request, the sides, no itineraries or model names", async () => {
  const u = await expert("parts@t.test", ["Paris"]);
  const c = await claimNext(t.db, u, S);
  const head = JSON.parse(c!.view.head);
  assert.equal(head.assignmentId, c!.assignmentId);
  assert.equal(head.query.destination.name, "Paris");
  assert.equal(head.expired, false);
  const a = await t.db.assignment.findUniqueOrThrow({ where: { id: c!.assignmentId }, include: { pair: true } });
  assert.equal(c!.view.leftPlanId, a.leftPlanId);
  assert.deepEqual(new Set([c!.view.leftPlanId, c!.view.rightPlanId]), new Set([a.pair.planAId, a.pair.planBId]));
  assert.equal(c!.view.leftDiagnostics, null, "diagnostics are hidden by default");
  // The rendered view splices the stored itineraries in, whole (twice: the second from the cache).
  const left = await t.db.plan.findUniqueOrThrow({ where: { id: c!.view.leftPlanId } });
  for (let i = 0; i < 2; i++) {
    const view = JSON.parse(await renderView(t.db, c!.view));
    assert.deepEqual(view.left.itinerary, left.itinerary);
    assert.equal(view.assignmentId, c!.assignmentId);
    assert.equal(JSON.stringify(view).includes(`"${left.model}"`), false, "no model name");
  }
  // Resuming gives the same assignment and the same sides.
  const again = await claimNext(t.db, u, S);
  assert.equal(again!.resumed, true);
  assert.equal(again!.view.leftPlanId, c!.view.leftPlanId);
});
