/**
 * A pair's page on a real PostgreSQL, on the demo data: a Paris pair claimed, skipped, released, reassigned, let
 * expire and judged by three experts who split 1-1-1, adjudicated, judged by automatic judges, watched by an audit
 * decision and with one plan corrected. Every section of the answer; pseudonyms as the exports write them, names only
 * when asked; a pair outside the scope answered as none; the history in time order; the label as the exports give it.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { DEFAULT_SETTINGS } from "../../judging";
import {
  claimNext,
  reassignAssignment,
  releaseAssignment,
  skipAssignment,
  submitJudgment,
  sweepExpiredLeases,
} from "../../judging/store";
import { DEFAULT_DIMENSIONS } from "../../results/dimensions";
import { adjudicate, importJudgeVerdicts } from "../../results/store";
import { judgmentRecords, labelledPairRecords } from "../../exports/store";
import { AppError } from "../../kernel";
import { poolOf, seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { EVERY_DESTINATION, PLAN_CHARS_CAP, type PairDetail } from "..";
import { pairDetail, recordNameReveal, reviewJudgment, reviewScope } from ".";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
let pairId: string;
let admin: string;
let paris: string;
let tokyo: string;
const experts: string[] = [];
const RATIONALE = {
  A: "Plan A keeps the Louvre in the morning",
  B: "Plan B walks less",
  NEITHER: "Both miss the request",
};

/** The screen side that shows `v` on an assignment (A: the side with plan A). */
async function sideFor(assignmentId: string, v: "A" | "B" | "NEITHER") {
  if (v === "NEITHER") return "neither" as const;
  const a = await t.db.assignment.findUniqueOrThrow({ where: { id: assignmentId }, include: { pair: true } });
  return (a.leftPlanId === a.pair.planAId) === (v === "A") ? ("left" as const) : ("right" as const);
}

async function judge(expert: string, assignmentId: string, v: "A" | "B" | "NEITHER") {
  const choice = await sideFor(assignmentId, v);
  const sided = choice !== "neither";
  await submitJudgment(
    t.db,
    expert,
    {
      assignmentId,
      choice,
      strength: sided ? 2 : null,
      dimensions: {
        feasibility: sided ? { choice, strength: 1 } : { choice: "same" },
        request: { choice: "same" },
      },
      rationale: RATIONALE[v],
      timeOnTaskMs: 90_000,
      clientRequestId: `detail-${assignmentId}`,
    },
    S,
  );
}

/** The next claim of an expert, which must be the pair under study (the queue serves the pair closest to completion). */
async function claimIt(expert: string) {
  await sleep(3);
  const c = await claimNext(t.db, expert, S, { destinationId: paris });
  assert.ok(c);
  if (pairId) assert.equal(c.pairId, pairId);
  pairId = c.pairId;
  await sleep(3);
  return c.assignmentId;
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  admin = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  paris = (await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } })).id;
  tokyo = (await t.db.destination.findFirstOrThrow({ where: { name: "Tokyo" } })).id;
  // Strength and two dimensions asked, as a dataset sets them before its first judgment.
  const dims = DEFAULT_DIMENSIONS.filter((d) => d.key === "feasibility" || d.key === "request");
  assert.equal(dims.length, 2);
  await t.db.dataset.updateMany({ data: { preferenceStrength: true, dimensions: dims } });
  for (let i = 1; i <= 7; i++) experts.push(await createTestExpert(t.db, `detail${i}@t.test`, ["Paris"]));
  const [e1, e2, e3, e4, e5, e6, e7] = experts;

  await judge(e1, await claimIt(e1), "A");
  await skipAssignment(t.db, e2, await claimIt(e2), "I do not know this part of Paris");
  await releaseAssignment(t.db, await claimIt(e3), admin);
  const moved = await reassignAssignment(t.db, await claimIt(e4), e5, admin, S);
  await sleep(3);
  await judge(e5, moved, "B");
  const lapsing = await claimIt(e6);
  await poolOf(t.db).query(`UPDATE "Assignment" SET "leaseExpiresAt" = now() - interval '1 minute' WHERE id = $1`, [
    lapsing,
  ]);
  await sweepExpiredLeases(t.db);
  await judge(e7, await claimIt(e7), "NEITHER");
  await sleep(3);
  await adjudicate(t.db, pairId, "A", "closer to the request", admin);
  await sleep(3);
  const lines = [
    { pair_id: pairId, judge: "gpt-judge", p_a: 0.2, p_b: 0.7, p_neither: 0.1, order: "ab" },
    { pair_id: pairId, judge: "sampler", samples: ["A", "A", "B"] },
  ];
  await importJudgeVerdicts(t.db, lines.map((l) => JSON.stringify(l)).join("\n"), "judges.jsonl", admin);
  await sleep(3);
  const pair = await t.db.pair.findUniqueOrThrow({ where: { id: pairId }, include: { query: true } });
  // An audit decision: a judge decided, and the pair stays with the experts (their label stands).
  await t.db.judgeDecision.create({
    data: {
      pairId,
      datasetId: pair.query.datasetId,
      judge: "gpt-judge",
      verdict: "B",
      confidence: 0.9,
      threshold: 0.85,
      audit: true,
    },
  });
  await sleep(3);
  // e1 corrects plan B (rows as a saved correction leaves them: a new plan of the request and the correction).
  const b = await t.db.plan.findUniqueOrThrow({ where: { id: pair.planBId } });
  const fixed = await t.db.plan.create({
    data: {
      queryId: b.queryId,
      sourceId: `${b.sourceId}-c1`,
      model: b.model,
      raw: b.raw ?? {},
      itinerary: b.itinerary ?? {},
      contentHash: "corrected",
    },
  });
  await t.db.correction.create({
    data: {
      sourcePlanId: b.id,
      planId: fixed.id,
      userId: e1,
      clientRequestId: "detail-correction",
      ops: [],
      edits: [],
      timeOnTaskMs: 1000,
      checks: {},
      featuresBefore: {},
      featuresAfter: {},
      rewardBefore: 0,
      rewardAfter: 0,
      constraintsBefore: [],
      constraintsAfter: [],
    },
  });
});
after(async () => t.drop());

const notFound = (message: RegExp) => (e: unknown) =>
  e instanceof AppError && e.code === "not_found" && message.test(e.message);

test("every section: request, both plans with planners, three judgments, judges, label as the exports give it", async () => {
  const d = await pairDetail(t.db, pairId, EVERY_DESTINATION);
  const pair = await t.db.pair.findUniqueOrThrow({
    where: { id: pairId },
    include: { planA: true, planB: true, query: true, assignments: true },
  });
  assert.equal(d.pair.status, "COMPLETE");
  assert.deepEqual([d.pair.requiredRaters, d.pair.submitted, d.pair.claimed], [3, 3, 0]);
  assert.equal(d.query.text, pair.query.text);
  assert.equal(d.query.destination.name, "Paris");
  assert.equal(d.dataset.askStrength, true);
  assert.deepEqual(
    d.dataset.dimensions.map((x) => x.key),
    ["feasibility", "request"],
  );
  for (const x of ["A", "B"] as const) {
    const p = x === "A" ? pair.planA : pair.planB;
    assert.equal(d.plans[x].id, p.id);
    assert.equal(d.plans[x].planner, p.model);
    assert.deepEqual(d.plans[x].itinerary, p.itinerary);
    assert.equal(d.plans[x].chars, JSON.stringify(p.itinerary).length);
  }
  assert.deepEqual(
    d.judgments.map((j) => [j.slot, j.verdict, j.strength, j.rationale]),
    [
      [1, "A", 2, RATIONALE.A],
      [2, "B", 2, RATIONALE.B],
      [3, "NEITHER", null, RATIONALE.NEITHER],
    ],
  );
  for (const j of d.judgments) {
    const a = pair.assignments.find((x) => x.slot === j.slot && x.status === "SUBMITTED")!;
    assert.equal(j.leftPlan, a.leftPlanId === pair.planAId ? "A" : "B");
    assert.equal(j.timeOnTaskMs, 90_000);
    // Dimension answers in the pair's terms, whichever side showed what.
    assert.deepEqual(j.dimensions, {
      feasibility: j.verdict === "NEITHER" ? { v: "SAME" } : { v: j.verdict, s: 1 },
      request: { v: "SAME" },
    });
  }
  assert.deepEqual(
    d.judges.verdicts.map((v) => [v.judge, v.verdict, v.pA, v.pB, v.pNeither, v.samples, v.order, v.upload]),
    [
      ["gpt-judge", "B", 0.2, 0.7, 0.1, [], "ab", "judges.jsonl"],
      ["sampler", "A", null, null, null, ["A", "A", "B"], null, "judges.jsonl"],
    ],
  );
  assert.equal(d.judges.more, false);
  assert.deepEqual(d.label.decision, {
    judge: "gpt-judge",
    verdict: "B",
    confidence: 0.9,
    threshold: 0.85,
    audit: true,
  });
  assert.deepEqual([d.label.label, d.label.basis, d.label.verdicts], ["A", "adjudication", ["A", "B", "NEITHER"]]);
  assert.equal(d.label.agreement, 0);
  assert.equal(d.label.adjudication?.note, "closer to the request");
  const exported = [];
  for await (const r of labelledPairRecords(t.db)) if (r.pair_id === pairId) exported.push(r);
  assert.equal(exported.length, 1);
  assert.deepEqual([d.label.label, d.label.basis], [exported[0].label, exported[0].label_basis]);
});

test("experts are their export pseudonyms unless names are asked; admins are named; reading names is recorded", async () => {
  const d = await pairDetail(t.db, pairId, EVERY_DESTINATION);
  const text = JSON.stringify(d);
  for (const e of experts) {
    assert.ok(!text.includes(e), "no user id");
    assert.ok(!text.includes(`${e}@`), "no address");
  }
  assert.ok(!/detail\d@t\.test/.test(text));
  const exported = new Map<number, string>();
  for await (const r of judgmentRecords(t.db)) if (r.pair_id === pairId) exported.set(r.slot, r.expert);
  for (const j of d.judgments) {
    assert.match(j.who, /^expert-[0-9a-f]{10}$/);
    assert.deepEqual(d.people[j.who], { label: exported.get(j.slot), email: null, role: "EXPERT" });
  }
  const adjudicator = d.people[d.label.adjudication!.by!];
  assert.deepEqual(
    [adjudicator.label, adjudicator.email, adjudicator.role],
    ["Admin", "admin@demo.tripjudge", "ADMIN"],
  );

  const named = await pairDetail(t.db, pairId, EVERY_DESTINATION, { names: true });
  assert.equal(named.names, true);
  assert.deepEqual(
    named.judgments.map((j) => named.people[j.who].email),
    ["detail1@t.test", "detail5@t.test", "detail7@t.test"],
  );
  // The same keys either way: a history read with names lines up with one read without.
  assert.deepEqual(
    named.judgments.map((j) => j.who),
    d.judgments.map((j) => j.who),
  );
  await recordNameReveal(t.db, admin, pairId);
  const audit = await t.db.auditEvent.findMany({ where: { action: "pair.names", targetId: pairId } });
  assert.equal(audit.length, 1);
  assert.equal(audit[0].actorId, admin);
});

test("the history lists claims, skips, a release, a reassignment, an expiry, adjudication, judges and a correction in time order", async () => {
  const d = await pairDetail(t.db, pairId, EVERY_DESTINATION);
  const h = d.history;
  for (let i = 1; i < h.length; i++) assert.ok(h[i - 1].at <= h[i].at, `${h[i - 1].kind} before ${h[i].kind}`);
  assert.deepEqual(
    h.map((e) => e.kind),
    [
      "created",
      "claimed",
      "submitted",
      "claimed",
      "skipped",
      "claimed",
      "released",
      "claimed",
      "reassigned",
      "claimed",
      "submitted",
      "claimed",
      "expired",
      "claimed",
      "submitted",
      "adjudicated",
      "judge-verdicts",
      "judge-decided",
      "corrected",
    ],
  );
  const key = (i: number) => d.judgments.find((j) => d.people[j.who] && j.slot === i)?.who;
  const ev = <K extends PairDetail["history"][number]["kind"]>(kind: K) =>
    h.filter((e): e is Extract<PairDetail["history"][number], { kind: K }> => e.kind === kind);
  assert.equal(ev("skipped")[0].reason, "I do not know this part of Paris");
  const released = ev("released")[0];
  assert.equal(d.people[released.by!].label, "Admin");
  const reassigned = ev("reassigned")[0];
  // e4's slot went to e5, who judged it in slot 2.
  assert.equal(reassigned.to, key(2));
  assert.equal(reassigned.slot, 2);
  assert.deepEqual(
    ev("submitted").map((e) => [e.slot, e.verdict]),
    [
      [1, "A"],
      [2, "B"],
      [3, "NEITHER"],
    ],
  );
  assert.deepEqual(
    ev("adjudicated").map((e) => [e.label, e.note]),
    [["A", "closer to the request"]],
  );
  assert.deepEqual(ev("judge-verdicts")[0].judges.sort(), ["gpt-judge", "sampler"]);
  assert.equal(ev("judge-decided")[0].audit, true);
  const corrected = ev("corrected")[0];
  assert.deepEqual([corrected.plan, corrected.who], ["B", key(1)]);
  // Each claim says which plan was on the left, as the judgments do.
  const claims = ev("claimed");
  assert.equal(claims.length, 7);
  for (const j of d.judgments) assert.ok(claims.some((c) => c.who === j.who && c.leftPlan === j.leftPlan));
});

test("a pair outside the scope is answered as no pair at all; only admins have a scope yet", async () => {
  const unknown = await pairDetail(t.db, "no-such-pair", EVERY_DESTINATION).catch((e: AppError) => e.message);
  assert.equal(unknown, 'There is no pair "no-such-pair".');
  await assert.rejects(
    pairDetail(t.db, pairId, { destinationIds: [tokyo] }),
    notFound(new RegExp(`^There is no pair "${pairId}"\\.$`)),
  );
  assert.equal((await pairDetail(t.db, pairId, { destinationIds: [paris, tokyo] })).pair.id, pairId);
  assert.deepEqual(await reviewScope(t.db, { id: admin, role: "ADMIN" }), EVERY_DESTINATION);
  await assert.rejects(
    reviewScope(t.db, { id: experts[0], role: "EXPERT" }),
    (e: unknown) => e instanceof AppError && e.code === "forbidden",
  );
});

test("a gold pair's id says what it is (in the scope only); the pair promoted to it names it", async () => {
  const pair = await t.db.pair.findUniqueOrThrow({ where: { id: pairId }, include: { query: true } });
  await t.db.goldPair.create({
    data: {
      id: "gold-detail-1",
      datasetId: pair.query.datasetId,
      queryId: pair.queryId,
      destinationId: paris,
      origin: "PROMOTED",
      planAId: pair.planAId,
      planBId: pair.planBId,
      label: "A",
      sourcePairId: pairId,
    },
  });
  await assert.rejects(
    pairDetail(t.db, "gold-detail-1", EVERY_DESTINATION),
    notFound(new RegExp(`gold pair promoted from the real pair ${pairId}.*Quality page`)),
  );
  await assert.rejects(
    pairDetail(t.db, "gold-detail-1", { destinationIds: [tokyo] }),
    notFound(/^There is no pair "gold-detail-1"\.$/),
  );
  assert.equal((await pairDetail(t.db, pairId, EVERY_DESTINATION)).pair.goldPairId, "gold-detail-1");
  await t.db.goldPair.delete({ where: { id: "gold-detail-1" } });
});

test("a pair a judge decided is labelled by the judge, as the exports with label_source=all say", async () => {
  const other = await t.db.pair.findFirstOrThrow({
    where: { status: "OPEN", submittedCount: 0, claimedCount: 0, query: { destinationId: tokyo } },
    include: { query: true },
  });
  await t.db.pair.update({ where: { id: other.id }, data: { status: "DECIDED" } });
  await t.db.judgeDecision.create({
    data: {
      pairId: other.id,
      datasetId: other.query.datasetId,
      judge: "gpt-judge",
      verdict: "B",
      confidence: 0.95,
      threshold: 0.85,
    },
  });
  const d = await pairDetail(t.db, other.id, EVERY_DESTINATION);
  assert.deepEqual([d.pair.status, d.label.label, d.label.basis, d.judgments.length], ["DECIDED", "B", "judge", 0]);
  const exported = [];
  for await (const r of labelledPairRecords(t.db, { labelSource: "all" })) if (r.pair_id === other.id) exported.push(r);
  assert.deepEqual([exported[0].label, exported[0].label_basis], ["B", "judge"]);
  assert.deepEqual(
    d.history.map((e) => e.kind),
    ["created", "judge-decided"],
  );
});

test("a plan over the size cap is named with its size and left out", async () => {
  const pair = await t.db.pair.findFirstOrThrow({ where: { status: "OPEN", query: { destinationId: tokyo } } });
  const a = await t.db.plan.findUniqueOrThrow({ where: { id: pair.planAId } });
  const big = await t.db.plan.create({
    data: {
      queryId: a.queryId,
      sourceId: "huge",
      model: "verbose-planner",
      raw: {},
      itinerary: { ...(a.itinerary as object), title: "x".repeat(PLAN_CHARS_CAP) },
      contentHash: "huge",
    },
  });
  const p = await t.db.pair.create({ data: { queryId: a.queryId, planAId: big.id, planBId: pair.planBId } });
  const d = await pairDetail(t.db, p.id, EVERY_DESTINATION);
  assert.equal(d.plans.A.itinerary, null);
  assert.ok(d.plans.A.chars > PLAN_CHARS_CAP);
  assert.equal(d.plans.A.planner, "verbose-planner");
  assert.ok(d.plans.B.itinerary);
});

test("reviews: a judgment's status, the rejected judgment listed apart with its reviewer and reason, the actions in the history", async () => {
  const reviewer = await createTestExpert(t.db, "detail-reviewer@t.test", ["Paris"]);
  await t.db.user.update({ where: { id: reviewer }, data: { role: "REVIEWER" } });
  const asker = { id: reviewer, role: "REVIEWER" as const };
  const scope = await reviewScope(t.db, asker);
  assert.deepEqual(scope, { destinationIds: [paris] });
  const before = await pairDetail(t.db, pairId, scope);
  const [first, , third] = before.judgments;
  await reviewJudgment(t.db, asker, first.id, { action: "comment", text: "Check the opening hours." });
  await reviewJudgment(t.db, asker, third.id, { action: "reject", reason: "Says Rome: another request." });
  const d = await pairDetail(t.db, pairId, scope);
  assert.deepEqual(
    d.judgments.map((j) => [j.id, j.review]),
    [
      [first.id, "commented"],
      [before.judgments[1].id, "none"],
    ],
  );
  // The comment stands on its judgment too, by the reviewer as the page names them.
  assert.deepEqual(
    d.judgments.map((j) => j.comments.map((c) => [c.by, c.text])),
    [[[d.rejected[0].rejectedBy, "Check the opening hours."]], []],
  );
  assert.equal(d.rejected.length, 1);
  const r = d.rejected[0];
  assert.deepEqual(
    { id: r.id, slot: r.slot, who: r.who, verdict: r.verdict, rationale: r.rationale, reason: r.reason },
    {
      id: third.id,
      slot: third.slot,
      who: third.who,
      verdict: third.verdict,
      rationale: third.rationale,
      reason: "Says Rome: another request.",
    },
  );
  assert.equal(d.people[r.rejectedBy].role, "REVIEWER");
  const reviewed = d.history.filter((e) => e.kind === "reviewed");
  assert.deepEqual(
    reviewed.map((e) => e.kind === "reviewed" && [e.action, e.by, e.who, e.slot, e.text]),
    [
      ["comment", r.rejectedBy, first.who, first.slot, "Check the opening hours."],
      ["reject", r.rejectedBy, third.who, third.slot, "Says Rome: another request."],
    ],
  );
  // The rejected judgment's claim still shows it was submitted, with its verdict.
  assert.ok(d.history.some((e) => e.kind === "submitted" && e.slot === third.slot && e.verdict === third.verdict));
  // Another destination's reviewer does not see the pair at all.
  await assert.rejects(pairDetail(t.db, pairId, { destinationIds: [tokyo] }), notFound(/^There is no pair/));
});
