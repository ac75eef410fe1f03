/**
 * tj_review_reject and the record-only actions (accept, comment) on a real PostgreSQL: a rejected judgment leaves every
 * tally as a rebuild from scratch would have them, its slot goes to another expert, a retry changes nothing, the
 * reviewer's scope and own judgments are refused in the statement itself, and a submit racing a rejection on the same
 * pair leaves the counters and tallies right.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { claimNext, submitJudgment } from "../../judging/store";
import { adjudicate } from "../../results/store";
import { poolOf, seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../../testing/database";
import { reviewJudgment } from "./actions";
import { rejectedJudgmentsOf, reviewsByExpert } from "./reads";
import type { Asker } from "../../accounts";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
let experts: string[] = [];
let late: string;
let reviewer: Asker;
let tokyoReviewer: Asker;
let admin: Asker;

async function account(email: string, role: "REVIEWER" | "ADMIN", destinations: string[]): Promise<Asker> {
  const id = await createTestExpert(t.db, email, destinations);
  await t.db.user.update({ where: { id }, data: { role } });
  return { id, role };
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `reject${i}@t.test`, ["Paris"])));
  late = await createTestExpert(t.db, "late@t.test", ["Paris"]);
  reviewer = await account("reviewer@t.test", "REVIEWER", ["Paris"]);
  tokyoReviewer = await account("tokyo-reviewer@t.test", "REVIEWER", ["Tokyo"]);
  admin = await account("review-admin@t.test", "ADMIN", []);
  // Every Paris pair judged by the three experts: pairs split 1-1-1 and unanimous ones, by the order they are met.
  const order = new Map<string, number>();
  const k = (pairId: string) => order.get(pairId) ?? order.set(pairId, order.size).get(pairId)!;
  await judgeUntilDone(
    t.db,
    experts,
    (pairId, i) => (["left", "right", "neither"] as const)[(k(pairId) + i * (k(pairId) % 2)) % 3],
    S,
    "reject-test",
  );
});
after(async () => t.drop());

/** Every tally table and each pair's pattern, zero rows left out, in a fixed order. */
async function tallies() {
  const q = (sql: string) =>
    poolOf(t.db)
      .query(sql)
      .then((r) => r.rows.map((x) => JSON.stringify(x)).sort());
  return {
    agreement: await q(`SELECT * FROM "AgreementTally" WHERE pairs > 0`),
    experts: await q(`SELECT * FROM "ExpertTally" WHERE pairs > 0`),
    expertPairs: await q(`SELECT * FROM "ExpertPairTally" WHERE pairs > 0`),
    days: await q(`SELECT day::text, "userId", judgments FROM "JudgmentDayTally" WHERE judgments > 0`),
    scales: await q(`SELECT * FROM "ScaleTally" WHERE pairs > 0`),
    pairs: await q(`SELECT id, status, "verdictPattern", unresolved, "submittedCount", "claimedCount" FROM "Pair"`),
  };
}

/** The tallies as kept must be those a rebuild from scratch gives (and the rebuild changes nothing). */
async function assertTalliesAsRebuilt(what: string) {
  const kept = await tallies();
  await poolOf(t.db).query("SELECT tj_rebuild_tallies()");
  assert.deepEqual(kept, await tallies(), `${what}: the tallies kept equal a rebuild`);
}

/** A judgment of `expert` on a complete Paris pair (of a 1-1-1 split when `split`). */
async function judgmentOf(expert: string, split?: boolean) {
  return t.db.judgment.findFirstOrThrow({
    where: { userId: expert, pair: { status: "COMPLETE", ...(split === undefined ? {} : { unresolved: split }) } },
    include: { assignment: true },
    orderBy: { id: "asc" },
  });
}

test("a rejection moves the judgment out, reopens its slot for another expert, and the tallies equal a rebuild throughout", async () => {
  await assertTalliesAsRebuilt("before");
  const j = await judgmentOf(experts[0], false);
  const answer = await reviewJudgment(t.db, reviewer, j.id, { action: "reject", reason: "The rationale is copied." });
  assert.deepEqual(answer, { judgmentId: j.id, status: "rejected", changed: true });
  assert.equal(await t.db.judgment.count({ where: { id: j.id } }), 0);
  const moved = await t.db.rejectedJudgment.findUniqueOrThrow({ where: { id: j.id } });
  assert.deepEqual(
    {
      ...moved,
      rejectedAt: undefined,
    },
    {
      id: j.id,
      assignmentId: j.assignmentId,
      pairId: j.pairId,
      userId: j.userId,
      verdict: j.verdict,
      strength: j.strength,
      dimensions: j.dimensions,
      rationale: j.rationale,
      timeOnTaskMs: j.timeOnTaskMs,
      clientRequestId: j.clientRequestId,
      createdAt: j.createdAt,
      slot: j.assignment.slot,
      leftPlanId: j.assignment.leftPlanId,
      claimedAt: j.assignment.claimedAt,
      reviewerId: reviewer.id,
      reason: "The rationale is copied.",
      rejectedAt: undefined,
    },
  );
  const pair = await t.db.pair.findUniqueOrThrow({ where: { id: j.pairId }, include: { assignments: true } });
  assert.equal(pair.status, "OPEN");
  assert.equal(pair.submittedCount, 2);
  assert.equal(pair.verdictPattern, null);
  assert.equal(pair.assignments.find((a) => a.id === j.assignmentId)?.status, "REJECTED");
  const record = await t.db.judgmentReview.findMany({ where: { judgmentId: j.id } });
  assert.deepEqual(
    record.map((r) => [r.action, r.reviewerId, r.expertId, r.text, r.statusBefore, r.statusAfter]),
    [["REJECT", reviewer.id, experts[0], "The rationale is copied.", "none", "rejected"]],
  );
  const audit = await t.db.auditEvent.findFirstOrThrow({ where: { action: "judgment.reject", targetId: j.id } });
  assert.equal((audit.data as { pairBefore: string }).pairBefore, "COMPLETE");
  assert.equal((audit.data as { pairAfter: string }).pairAfter, "OPEN");
  await assertTalliesAsRebuilt("after the rejection");

  // The expert who wrote it is never served the pair again; another expert gets the reopened slot and completes it.
  const again = await claimNext(t.db, experts[0], S);
  assert.notEqual(again?.pairId, j.pairId);
  const c = await claimNext(t.db, late, S);
  assert.equal(c?.pairId, j.pairId);
  const slot = await t.db.assignment.findUniqueOrThrow({ where: { id: c!.assignmentId } });
  assert.equal(slot.slot, j.assignment.slot, "the rejected judgment's slot");
  await submitJudgment(
    t.db,
    late,
    { assignmentId: c!.assignmentId, choice: "left", rationale: "r", timeOnTaskMs: 5, clientRequestId: "late-1" },
    S,
  );
  assert.equal((await t.db.pair.findUniqueOrThrow({ where: { id: j.pairId } })).status, "COMPLETE");
  await assertTalliesAsRebuilt("after the slot was judged again");

  // The expert's home lists it with the reason; the accept rate counts it.
  const listed = await rejectedJudgmentsOf(t.db, experts[0]);
  assert.deepEqual(
    listed.map((r) => [r.judgmentId, r.pairId, r.reason]),
    [[j.id, j.pairId, "The rationale is copied."]],
  );
  assert.deepEqual((await reviewsByExpert(t.db)).get(experts[0]), { accepted: 0, rejected: 1, acceptRate: 0 });
});

test("a retry of a rejection answers alike and changes nothing; a late submit of the rejected assignment stores nothing", async () => {
  const r = await t.db.rejectedJudgment.findFirstOrThrow({ where: { userId: experts[0] } });
  const before = await Promise.all([t.db.judgmentReview.count(), t.db.auditEvent.count(), tallies()]);
  const retry = await reviewJudgment(t.db, reviewer, r.id, { action: "reject", reason: "again" });
  assert.deepEqual(retry, { judgmentId: r.id, status: "rejected", changed: false });
  assert.deepEqual(await Promise.all([t.db.judgmentReview.count(), t.db.auditEvent.count(), tallies()]), before);
  await assert.rejects(
    submitJudgment(
      t.db,
      experts[0],
      { assignmentId: r.assignmentId, choice: "left", rationale: "r", timeOnTaskMs: 5, clientRequestId: "late-retry" },
      S,
    ),
    (e: { code?: string }) => e.code === "withdrawn",
  );
  // A rejected judgment is neither accepted nor commented afterwards.
  await assert.rejects(
    reviewJudgment(t.db, reviewer, r.id, { action: "accept" }),
    (e: { code?: string }) => e.code === "conflict",
  );
});

test("a split's adjudication goes with a rejection (it decided a split that is no longer one)", async () => {
  const j = await judgmentOf(experts[1], true);
  await adjudicate(t.db, j.pairId, "A", "decided", admin.id);
  await reviewJudgment(t.db, admin, j.id, { action: "reject", reason: "Not about this request." });
  assert.equal(await t.db.adjudication.count({ where: { pairId: j.pairId } }), 0);
  await assertTalliesAsRebuilt("after rejecting a judgment of an adjudicated split");
});

test("refused in the statement: another destination's reviewer, an expert, and a reviewer on their own judgment", async () => {
  const j = await judgmentOf(experts[2]);
  const code = (e: { code?: string }) => e.code;
  await assert.rejects(
    reviewJudgment(t.db, tokyoReviewer, j.id, { action: "reject", reason: "not mine" }),
    (e) => code(e as never) === "forbidden",
  );
  await assert.rejects(
    reviewJudgment(t.db, tokyoReviewer, j.id, { action: "accept" }),
    (e) => code(e as never) === "forbidden",
  );
  await assert.rejects(
    reviewJudgment(t.db, { id: experts[1], role: "EXPERT" }, j.id, { action: "reject", reason: "a peer" }),
    (e) => code(e as never) === "forbidden",
  );
  // The SQL alone, whatever the caller checked: an expert's id is refused.
  const { rows } = await poolOf(t.db).query("SELECT outcome FROM tj_review_reject($1, $2, 'x', 'audit-x')", [
    experts[1],
    j.id,
  ]);
  assert.equal(rows[0].outcome, "forbidden");
  // An expert made a reviewer keeps their judgments: they review others', never their own.
  await t.db.user.update({ where: { id: experts[2] }, data: { role: "REVIEWER" } });
  try {
    await assert.rejects(
      reviewJudgment(t.db, { id: experts[2], role: "REVIEWER" }, j.id, { action: "reject", reason: "mine" }),
      (e: Error) => code(e as never) === "forbidden" && /You wrote this judgment/.test(e.message),
    );
    await assert.rejects(
      reviewJudgment(t.db, { id: experts[2], role: "REVIEWER" }, j.id, { action: "accept" }),
      /You wrote/,
    );
  } finally {
    await t.db.user.update({ where: { id: experts[2] }, data: { role: "EXPERT" } });
  }
  assert.equal(await t.db.judgment.count({ where: { id: j.id } }), 1, "nothing was rejected");
  await assert.rejects(
    reviewJudgment(t.db, reviewer, "no-such-judgment", { action: "reject", reason: "?" }),
    /no such judgment/,
  );
});

test("accept and comment are records only: a second accept records nothing, a comment keeps an accepted judgment accepted", async () => {
  const j = await judgmentOf(experts[1], false);
  const before = await tallies();
  const version = async () =>
    Number((await poolOf(t.db).query("SELECT last_value FROM tj_figures_version")).rows[0].last_value);
  const v0 = await version();
  assert.deepEqual(await reviewJudgment(t.db, reviewer, j.id, { action: "comment", text: "Short but right." }), {
    judgmentId: j.id,
    status: "commented",
    changed: true,
  });
  assert.equal((await reviewJudgment(t.db, reviewer, j.id, { action: "accept" })).status, "accepted");
  assert.deepEqual(await reviewJudgment(t.db, admin, j.id, { action: "accept" }), {
    judgmentId: j.id,
    status: "accepted",
    changed: false,
  });
  assert.equal((await reviewJudgment(t.db, admin, j.id, { action: "comment", text: "Agreed." })).status, "accepted");
  const rows = await t.db.judgmentReview.findMany({ where: { judgmentId: j.id }, orderBy: { createdAt: "asc" } });
  assert.deepEqual(
    rows.map((r) => [r.action, r.statusBefore, r.statusAfter]),
    [
      ["COMMENT", "none", "commented"],
      ["ACCEPT", "commented", "accepted"],
      ["COMMENT", "accepted", "accepted"],
    ],
  );
  assert.deepEqual(await tallies(), before, "no figure moved");
  assert.ok((await version()) > v0, "the figures' data version moved (the accept rate follows)");
  assert.equal((await reviewsByExpert(t.db)).get(experts[1])?.accepted, 1);
  // Rejected after all (a second look): the record says it was accepted before, and the rate counts it once, rejected.
  await reviewJudgment(t.db, admin, j.id, { action: "reject", reason: "On second reading, wrong city." });
  const last = await t.db.judgmentReview.findFirstOrThrow({ where: { judgmentId: j.id, action: "REJECT" } });
  assert.equal(last.statusBefore, "accepted");
  const r = (await reviewsByExpert(t.db)).get(experts[1])!;
  assert.equal(r.accepted, 0);
  assert.ok(r.rejected >= 1);
  await assertTalliesAsRebuilt("after rejecting an accepted judgment");
});

test("a rejection racing a submit on the same pair leaves the counters and the tallies right", async () => {
  // A complete unanimous pair: reject one judgment so its slot opens, let `late` claim it, then race another
  // rejection on that pair against late's submit.
  const j1 = await judgmentOf(experts[2], false);
  await reviewJudgment(t.db, reviewer, j1.id, { action: "reject", reason: "first" });
  const late2 = await createTestExpert(t.db, "late2@t.test", ["Paris"]);
  let c = await claimNext(t.db, late2, S);
  while (c && c.pairId !== j1.pairId) {
    // Other open pairs (reopened by the tests before) come first for some experts: judge them out of the way.
    await submitJudgment(
      t.db,
      late2,
      {
        assignmentId: c.assignmentId,
        choice: "neither",
        rationale: "r",
        timeOnTaskMs: 5,
        clientRequestId: `skip-${c.assignmentId}`,
      },
      S,
    );
    c = await claimNext(t.db, late2, S);
  }
  assert.equal(c?.pairId, j1.pairId);
  const other = await t.db.judgment.findFirstOrThrow({ where: { pairId: j1.pairId, userId: { not: late2 } } });
  const [rejected] = await Promise.all([
    reviewJudgment(t.db, reviewer, other.id, { action: "reject", reason: "raced" }),
    submitJudgment(
      t.db,
      late2,
      {
        assignmentId: c!.assignmentId,
        choice: "left",
        rationale: "r",
        timeOnTaskMs: 5,
        clientRequestId: "raced-submit",
      },
      S,
    ),
  ]);
  assert.equal(rejected.status, "rejected");
  const pair = await t.db.pair.findUniqueOrThrow({ where: { id: j1.pairId }, include: { assignments: true } });
  assert.equal(pair.submittedCount, pair.assignments.filter((a) => a.status === "SUBMITTED").length);
  assert.equal(pair.submittedCount, await t.db.judgment.count({ where: { pairId: j1.pairId } }));
  assert.equal(pair.status, "OPEN");
  await assertTalliesAsRebuilt("after the race");
});
