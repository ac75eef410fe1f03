/** Quality control through the judging API and the data functions: gold pairs served, answered and skipped, qualification, pausing, standing, adaptive raters, removal of an expert's judgments (on real PostgreSQL). */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS, nextPairAnswerSchema, submitAnswerSchema, isCalibration } from "../judging";
import { AppError } from "../kernel";
import { nextPairFor } from "../judging/http";
import { exportCount, labelledPairRecords, trainingPairs } from "../exports/store";
import { makeGoldPairs, promoteToGold, setGoldRate } from "./store/gold-pairs";
import { claimGoldPair, forgetGoldRate, nextQualificationPair, skipGold, submitGold } from "./store/gold-judging";
import { closeDb, createDb, poolOf, seed } from "../platform/db";
import { claimNext, setAdaptiveRaters, skipAssignment, submitJudgment } from "../judging/store";
import { qualityReport, removalPreview, removeJudgments, setStanding, standingCounts } from "./store/expert-quality";
import { ratedPairs } from "../results/store";
import { removalEffect } from "../testing/agreement";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../testing/database";
import { createExpert } from "../accounts/store";
import { importBundle } from "../datasets/store";
import { exampleBundle } from "../testing/bundles";

let t: TestDatabase;
let adminId: string;
let datasetId: string;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1, qualificationLength: 3, qualificationPassMark: 2 / 3 };

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  adminId = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  datasetId = (await t.db.dataset.findFirstOrThrow()).id;
});
after(async () => t.drop());

const next = async (userId: string, exclude: string[] = []) => {
  const a = await nextPairFor(t.db, userId, S, { destinationId: null, exclude });
  assert.equal(a.status, 200, a.body);
  return { raw: a.body, body: nextPairAnswerSchema.parse(JSON.parse(a.body)) };
};
/** The screen choice that is right (or wrong) for a gold answer. */
async function choiceFor(answerId: string, right: boolean): Promise<"left" | "right"> {
  const a = await t.db.goldAnswer.findUniqueOrThrow({ where: { id: answerId }, include: { goldPair: true } });
  const correctSide = (a.goldPair.label === "A") === a.leftIsA ? "left" : "right";
  return right ? correctSide : correctSide === "left" ? "right" : "left";
}
const submit = (userId: string, assignmentId: string, choice: "left" | "right" | "neither", id: string) =>
  submitGold(
    t.db,
    userId,
    { assignmentId, choice, rationale: "because", timeOnTaskMs: 30_000, clientRequestId: `${id}-${assignmentId}` },
    S,
  );

/** Recursively the keys of a JSON value, to compare the shapes of two answers. */
const shape = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.slice(0, 1).map(shape)
    : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
      : typeof v;

test("a new expert whose destinations have no gold pairs starts on real pairs (default settings), and the standing says why", async () => {
  // Before any gold pair exists: the first day with the default qualification length.
  assert.equal(await t.db.goldPair.count(), 0);
  const settings = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
  assert.ok(settings.qualificationLength > 0, "the default asks for qualification");
  const { userId } = await createExpert(t.db, { email: "first-day@t.test", name: "First Day" }, adminId);
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  await t.db.expertDestination.create({ data: { userId, destinationId: paris.id, familiarity: 3 } });
  assert.equal((await t.db.user.findUniqueOrThrow({ where: { id: userId } })).standing, "QUALIFYING");
  const before = await standingCounts(t.db);
  assert.equal(before.withoutGold, before.qualifying);
  assert.ok(before.withoutGold >= 1);
  const a = await nextPairFor(t.db, userId, settings, { destinationId: null });
  const body = nextPairAnswerSchema.parse(JSON.parse(a.body));
  assert.ok(body.assignment, "a real pair to judge");
  assert.equal(body.qualification, undefined);
  assert.equal(body.standing?.state, "QUALIFYING");
  assert.match(body.standing?.note ?? "", /no qualification pairs for your destinations yet/);
  assert.equal(await t.db.goldAnswer.count({ where: { userId } }), 0);
  // It is a real assignment: submitting it records a real judgment.
  const r = await submitGold(
    t.db,
    userId,
    {
      assignmentId: body.assignment!.assignmentId,
      choice: "left",
      rationale: "x",
      timeOnTaskMs: 1000,
      clientRequestId: "first-day-1",
    },
    settings,
  );
  assert.equal(r, null, "not a gold answer");
  assert.equal(await t.db.assignment.count({ where: { userId, id: body.assignment!.assignmentId } }), 1);
  // Handed back, so the later tests see the demo's pairs as the seed left them.
  await skipAssignment(t.db, userId, body.assignment!.assignmentId, "test");
});

test("adaptive raters turned on in another process apply to the very next submit (the rule runs inside tj_submit)", async () => {
  // Datasets of their own (the examples' one-pair Beijing and Fort Wayne), so the demo's pairs stay as they are.
  const beijing = await importBundle(t.db, exampleBundle("tripscore-beijing"));
  const fortWayne = await importBundle(t.db, exampleBundle("tripcraft-fortwayne"));
  assert.ok(beijing.ok && fortWayne.ok);
  const experts = await Promise.all(
    [0, 1].map((i) => createTestExpert(t.db, `race${i}@t.test`, ["Beijing", "Fort Wayne"])),
  );
  const fw = await t.db.destination.findFirstOrThrow({ where: { name: "Fort Wayne" } });
  const bj = await t.db.destination.findFirstOrThrow({ where: { name: "Beijing" } });
  // This process submits once with adaptive raters off everywhere (any per-process memory of "off" is warm now)…
  const warm = await claimNext(t.db, experts[0], S, { destinationId: fw.id });
  await submitJudgment(
    t.db,
    experts[0],
    {
      assignmentId: warm!.assignmentId,
      choice: "left",
      rationale: "r",
      timeOnTaskMs: 1000,
      clientRequestId: "race-warm",
    },
    S,
  );
  // …then an admin in another app process turns them on for Beijing (no calibration share).
  const other = createDb(t.url);
  try {
    await setAdaptiveRaters(other, beijing.datasetId, true, 0, adminId);
  } finally {
    await closeDb(other);
  }
  // Two experts disagree on Beijing's pair, which now needs two raters: it asks for a third at once.
  for (const [i, choice] of (["left", "neither"] as const).entries()) {
    const a = await claimNext(t.db, experts[i], S, { destinationId: bj.id });
    await submitJudgment(
      t.db,
      experts[i],
      { assignmentId: a!.assignmentId, choice, rationale: "r", timeOnTaskMs: 1000, clientRequestId: `race-${i}` },
      S,
    );
  }
  const pair = await t.db.pair.findFirstOrThrow({
    where: { query: { datasetId: beijing.datasetId } },
    include: { judgments: true },
  });
  assert.equal(pair.judgments.length, 2);
  assert.deepEqual([pair.status, pair.requiredRaters], ["OPEN", 3]);
});

test("gold pairs are made from feasible plans, every kind confirmed; making them again adds nothing", async () => {
  // A batch at a time: progress after each, and the same pairs as in one batch.
  const progress: { plans: number; made: number; total: number }[] = [];
  const batched = await makeGoldPairs(
    t.db,
    datasetId,
    { plans: 60, seed: 7, batch: 7, onProgress: (p) => progress.push(p) },
    adminId,
  );
  // The demo has fewer eligible plans than 60: the run reads them all, 7 at a time.
  const total = progress[0].total;
  assert.ok(total > 14 && total <= 60, `total ${total}`);
  assert.deepEqual(
    progress.map((p) => p.plans),
    [...Array.from({ length: Math.ceil(total / 7) - 1 }, (_, i) => 7 * (i + 1)), total],
  );
  assert.deepEqual(progress.at(-1), { plans: total, made: batched.made, total });
  const made = () =>
    poolOf(t.db)
      .query(
        `SELECT "planAId", "defectKind", "partnerPlanId", md5(altered::text) AS altered FROM "GoldPair" ORDER BY 1, 2`,
      )
      .then((x) => x.rows);
  const inBatches = await made();
  await poolOf(t.db).query(`DELETE FROM "GoldPair"`);
  const r = await makeGoldPairs(t.db, datasetId, { plans: 60, seed: 7 }, adminId);
  assert.deepEqual(await made(), inBatches);
  assert.deepEqual(r, batched);
  assert.ok(r.made >= 20, `made ${r.made}`);
  // The demo requests have no numeric budget, so budget overruns cannot be made from them; the five other kinds are.
  for (const k of ["opening_hours", "duplicate_attraction", "transfer_time", "meal_time", "accommodation"] as const)
    assert.ok(r.byKind[k] > 0, k);
  assert.equal(r.byKind.budget, 0);
  const again = await makeGoldPairs(t.db, datasetId, { plans: 60, seed: 7 }, adminId);
  assert.equal(again.made, 0);
  assert.equal(await t.db.goldPair.count(), r.made);
  const g = await t.db.goldPair.findFirstOrThrow();
  assert.equal(await t.db.plan.count({ where: { id: g.planAId } }), 1);
  assert.equal(await t.db.pair.count({ where: { id: g.id } }), 0, "a gold pair is no Pair row");
});

test("an active expert gets a gold pair at the dataset's rate, in the very shape of a real one; gold answers never reach labels, tallies or exports", async () => {
  const expert = await createTestExpert(t.db, "gold-a@t.test", ["Rome"]);
  await setGoldRate(t.db, datasetId, 0, adminId);
  forgetGoldRate(t.db);
  const real = await next(expert);
  assert.ok(real.body.assignment);
  assert.equal(await t.db.goldAnswer.count({ where: { userId: expert } }), 0);
  await setGoldRate(t.db, datasetId, 0.5, adminId);
  forgetGoldRate(t.db);
  const rate = await t.db.auditEvent.findFirstOrThrow({
    where: { action: "gold.rate" },
    orderBy: { createdAt: "desc" },
  });
  assert.deepEqual(rate.data, { rate: 0.5, before: { goldRate: 0 }, after: { goldRate: 0.5 } });
  const labelledBefore = await exportCount(t.db, "labelled-pairs");
  const talliesBefore = await t.db.expertTally.findMany();
  let gold = null;
  for (let i = 0; i < 40 && !gold; i++) {
    const n = await next(expert, [real.body.assignment!.assignmentId]);
    if (n.body.assignment && (await t.db.goldAnswer.count({ where: { id: n.body.assignment.assignmentId } }))) gold = n;
    // A real pair instead: handed back, so the next call draws again (a held pair would be resumed first).
    else if (n.body.assignment) await skipAssignment(t.db, expert, n.body.assignment.assignmentId, "test");
  }
  assert.ok(gold, "at a rate of 50 % a gold pair comes within 40 claims");
  assert.deepEqual(
    shape(JSON.parse(gold.raw)),
    shape(JSON.parse(real.raw)),
    "a gold answer has the keys of a real one",
  );
  assert.equal(
    Object.keys(JSON.parse(gold.raw).assignment.query).join(),
    Object.keys(JSON.parse(real.raw).assignment.query).join(),
  );
  assert.match(gold.body.assignment!.assignmentId, /^[0-9a-f-]{36}$/);
  assert.match(gold.body.assignment!.pairId, /^[0-9a-f-]{36}$/);
  assert.ok(!/gold|defect|perturb/i.test(gold.raw), "nothing in the answer says gold");
  // A reload resumes it.
  const again = await next(expert, [real.body.assignment!.assignmentId]);
  assert.equal(again.body.assignment!.assignmentId, gold.body.assignment!.assignmentId);
  const id = gold.body.assignment!.assignmentId;
  const r = await submit(expert, id, await choiceFor(id, true), "g1");
  assert.deepEqual(submitAnswerSchema.parse(r), r);
  assert.equal(r!.duplicate, false);
  assert.equal(r!.feedback, undefined, "no feedback outside qualification");
  const retry = await submit(expert, id, await choiceFor(id, true), "g1");
  assert.deepEqual(retry, { judgmentId: r!.judgmentId, duplicate: true });
  assert.equal(await exportCount(t.db, "labelled-pairs"), labelledBefore);
  assert.deepEqual(await t.db.expertTally.findMany(), talliesBefore);
  assert.equal(await t.db.judgment.count({ where: { userId: expert } }), 0);
  // Submitted already, under another request id: the stored answer, as a real pair answers (it said "withdrawn").
  assert.deepEqual(await submit(expert, id, "left", "other"), { judgmentId: r!.judgmentId, duplicate: true });
  await assert.rejects(
    submitGold(
      t.db,
      "someone-else",
      { assignmentId: id, choice: "left", rationale: "x", timeOnTaskMs: 1, clientRequestId: "zz-zz-zz-zz" },
      S,
    ),
    (e: unknown) => e instanceof AppError && e.code === "not_assigned",
  );
  assert.equal(
    await submitGold(
      t.db,
      expert,
      {
        assignmentId: real.body.assignment!.assignmentId,
        choice: "left",
        rationale: "x",
        timeOnTaskMs: 1,
        clientRequestId: "real-one-1",
      },
      S,
    ),
    null,
    "a real assignment is not gold",
  );
});

test("two wrong gold answers in a row pause an expert; the queue says so; an admin resumes them", async () => {
  const expert = await createTestExpert(t.db, "gold-b@t.test", ["Rome"]);
  await setGoldRate(t.db, datasetId, 0.5, adminId);
  forgetGoldRate(t.db);
  let wrong = 0;
  const seen: string[] = [];
  for (let i = 0; i < 80 && wrong < 2; i++) {
    const n = await next(expert, seen);
    const a = n.body.assignment;
    if (!a) break;
    if (await t.db.goldAnswer.count({ where: { id: a.assignmentId } })) {
      // Hold a real pair behind it, as the screen's look-ahead does.
      await nextPairFor(
        t.db,
        expert,
        { ...S, qualificationLength: 0 },
        { destinationId: null, exclude: [a.assignmentId] },
      );
      const r = await submit(expert, a.assignmentId, await choiceFor(a.assignmentId, false), "w");
      wrong++;
      assert.equal(r!.standing?.state, wrong === 2 ? "PAUSED" : undefined);
    } else await skipAssignment(t.db, expert, a.assignmentId, "not this one");
  }
  assert.equal(wrong, 2);
  const u = await t.db.user.findUniqueOrThrow({ where: { id: expert } });
  assert.equal(u.standing, "PAUSED");
  assert.match(u.standingNote!, /wrong on 2 of the first 2 gold pairs/);
  assert.equal(await t.db.auditEvent.count({ where: { action: "expert.pause", targetId: expert } }), 1);
  // The pairs held when paused went back to the pool.
  assert.equal(await t.db.assignment.count({ where: { userId: expert, status: "CLAIMED" } }), 0);
  assert.equal(await t.db.goldAnswer.count({ where: { userId: expert, status: "CLAIMED" } }), 0);
  const paused = await next(expert);
  assert.equal(paused.body.assignment, null);
  assert.equal(paused.body.standing?.state, "PAUSED");
  const report = await qualityReport(t.db);
  const row = report.experts.find((e) => e.userId === expert)!;
  assert.equal(row.standing, "PAUSED");
  assert.equal(row.gold.n, 2);
  assert.equal(row.gold.right, 0);
  assert.ok(row.flags.some((f) => f.kind === "gold"));
  await setStanding(t.db, expert, "resume", adminId);
  const resume = await t.db.auditEvent.findFirstOrThrow({ where: { action: "expert.resume", targetId: expert } });
  assert.deepEqual(resume.data, {
    from: "PAUSED",
    released: 0,
    before: { standing: "PAUSED" },
    after: { standing: "ACTIVE", note: "resumed by an admin" },
  });
  const pause = await t.db.auditEvent.findFirstOrThrow({ where: { action: "expert.pause", targetId: expert } });
  assert.deepEqual((pause.data as { after: object }).after, { standing: "PAUSED" });
  const resumed = await next(expert, seen);
  assert.equal(resumed.body.standing, undefined);
  assert.ok(resumed.body.assignment);
  // The test starts afresh: the two old wrong answers no longer count.
  assert.equal(
    (await qualityReport(t.db)).experts.find((e) => e.userId === expert)!.flags.some((f) => f.kind === "gold"),
    false,
  );
});

test("a new expert qualifies first: feedback after each pair, real pairs after passing; failing waits for an admin", async () => {
  await t.db.setting.upsert({ where: { key: "judging" }, create: { key: "judging", value: S }, update: { value: S } });
  const { userId } = await createExpert(t.db, { email: "newbie@t.test", name: "Newbie" }, adminId);
  assert.equal((await t.db.user.findUniqueOrThrow({ where: { id: userId } })).standing, "QUALIFYING");
  const rome = await t.db.destination.findFirstOrThrow({ where: { name: "Rome" } });
  await t.db.expertDestination.create({ data: { userId, destinationId: rome.id, familiarity: 4 } });
  const answers = [true, false, true];
  for (const [i, right] of answers.entries()) {
    const n = await next(userId);
    assert.deepEqual(n.body.qualification, { answered: i, length: 3, passMark: 2 / 3 });
    // The look-ahead never claims beyond the set.
    if (i === 2) assert.equal((await next(userId, [n.body.assignment!.assignmentId])).body.assignment, null);
    const id = n.body.assignment!.assignmentId;
    const r = await submit(userId, id, await choiceFor(id, right), "q");
    assert.equal(r!.feedback!.correct, right);
    assert.equal(r!.feedback!.answer, await choiceFor(id, true));
    assert.ok(
      r!.feedback!.defect && r!.feedback!.defect.message.length > 5 && r!.feedback!.defect.side !== r!.feedback!.answer,
    );
    assert.equal(r!.feedback!.passed, i === 2 ? true : null);
  }
  assert.equal((await t.db.user.findUniqueOrThrow({ where: { id: userId } })).standing, "ACTIVE");
  await setGoldRate(t.db, datasetId, 0, adminId);
  forgetGoldRate(t.db);
  const real = await next(userId);
  assert.ok(real.body.assignment && !real.body.qualification);

  const { userId: failing } = await createExpert(t.db, { email: "unlucky@t.test", name: "Unlucky" }, adminId);
  await t.db.expertDestination.create({ data: { userId: failing, destinationId: rome.id, familiarity: 2 } });
  // A skipped qualification pair counts towards the set, as not right: skipping is never cheaper than a wrong answer.
  let last = null;
  for (let i = 0; i < 3; i++) {
    const n = await next(failing);
    assert.equal(n.body.qualification!.answered, i);
    const id = n.body.assignment!.assignmentId;
    if (i === 0) {
      assert.equal(await skipGold(t.db, failing, id, S), true);
      continue;
    }
    last = await submit(failing, id, "neither", "f");
  }
  assert.equal(last!.feedback!.answered, 3);
  assert.equal(last!.feedback!.passed, false);
  assert.equal((await next(failing)).body.standing?.state, "QUALIFICATION_FAILED");
  await setStanding(t.db, failing, "pass", adminId);
  assert.ok((await next(failing)).body.assignment);
});

test("a qualification set longer than the gold pairs of the expert's destinations is decided on the pairs that exist", async () => {
  const L = { ...S, qualificationLength: 1000, qualificationPassMark: 0.5 };
  const { userId } = await createExpert(t.db, { email: "small-set@t.test", name: "Small Set" }, adminId);
  const nanjing = await t.db.destination.findFirstOrThrow({ where: { name: "Nanjing" } });
  await t.db.expertDestination.create({ data: { userId, destinationId: nanjing.id, familiarity: 3 } });
  const available = await t.db.goldPair.count({ where: { destinationId: nanjing.id, active: true } });
  assert.ok(available > 0 && available < 1000);
  let last = null;
  for (let i = 0; i < available; i++) {
    const n = nextPairFor(t.db, userId, L, { destinationId: null }).then((a) =>
      nextPairAnswerSchema.parse(JSON.parse(a.body)),
    );
    const body = await n;
    assert.equal(body.qualification?.answered, i);
    // The banner promises the pairs that can come, not the setting's 1,000.
    assert.equal(body.qualification?.length, available);
    const id = body.assignment!.assignmentId;
    last = await submitGold(
      t.db,
      userId,
      {
        assignmentId: id,
        choice: await choiceFor(id, true),
        rationale: "r",
        timeOnTaskMs: 1000,
        clientRequestId: `small-${i}`,
      },
      L,
    );
    assert.equal(last!.feedback!.length, available);
  }
  assert.equal(last!.feedback!.passed, true);
  assert.equal(last!.feedback!.length, available);
  const u = await t.db.user.findUniqueOrThrow({ where: { id: userId } });
  assert.equal(u.standing, "ACTIVE");
  assert.match(u.standingNote ?? "", new RegExp(`a set of ${available}, not 1000: no more gold pairs`));
});

test("a unanimous pair can be promoted to gold once; a split pair cannot; soft labels ride along in the exports", async () => {
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `promo${i}@t.test`, ["Tokyo"])));
  await judgeUntilDone(
    t.db,
    experts,
    (pairId, i) => (pairId.charCodeAt(3) % 3 === 0 ? "neither" : (["left", "right", "neither"] as const)[i]),
    S,
    "promo",
  );
  const pairs = await t.db.pair.findMany({
    where: { status: "COMPLETE", query: { destination: { name: "Tokyo" } } },
    include: { judgments: true },
  });
  const unanimous = pairs.find((p) => new Set(p.judgments.map((j) => j.verdict)).size === 1)!;
  const split = pairs.find((p) => new Set(p.judgments.map((j) => j.verdict)).size > 1)!;
  assert.ok(unanimous && split, `${pairs.length} complete pairs`);
  const first = await promoteToGold(t.db, unanimous.id, adminId);
  assert.equal(first.created, true);
  assert.deepEqual(await promoteToGold(t.db, unanimous.id, adminId), { goldPairId: first.goldPairId, created: false });
  await assert.rejects(
    promoteToGold(t.db, split.id, adminId),
    (e: unknown) => e instanceof AppError && e.code === "invalid_request",
  );
  const g = await t.db.goldPair.findUniqueOrThrow({ where: { id: first.goldPairId } });
  assert.equal(g.label, unanimous.judgments[0].verdict);
  assert.equal(g.origin, "PROMOTED");
  // Soft labels: a posterior per exported pair that sums to one, and the Dawid–Skene label is its most probable verdict.
  let n = 0;
  for await (const r of labelledPairRecords(t.db)) {
    n++;
    assert.ok(r.ds_posterior && r.ds_label);
    assert.ok(Math.abs(r.ds_posterior.A + r.ds_posterior.B + r.ds_posterior.NEITHER - 1) < 1e-9);
    assert.equal(Math.max(r.ds_posterior.A, r.ds_posterior.B, r.ds_posterior.NEITHER), r.ds_posterior[r.ds_label]);
  }
  assert.ok(n >= pairs.length);
  for await (const p of trainingPairs(t.db)) assert.ok(p.ds_posterior && p.ds_label);
});

test("removing an expert's judgments shows its effect first, reopens their pairs for others, and keeps the tallies right", async () => {
  const experts = await Promise.all([0, 1, 2, 3].map((i) => createTestExpert(t.db, `rm${i}@t.test`, ["Nanjing"])));
  // Three agree with each other; the fourth (experts[0], first to claim) disagrees with everyone.
  await judgeUntilDone(t.db, experts.slice(0, 3), (_pairId, i) => (i === 0 ? "neither" : "left"), S, "rm");
  const contrarian = experts[0];
  const judged = await t.db.judgment.count({ where: { userId: contrarian } });
  assert.ok(judged > 0);
  const preview = await removalPreview(t.db, contrarian);
  // Read from the tallies and the expert's own pairs, it equals the effect over every complete pair read whole.
  const reference = removalEffect(await ratedPairs(t.db), contrarian);
  assert.equal(preview.reopened, reference.reopened);
  for (const side of ["before", "after"] as const) {
    assert.equal(preview[side].pairs, reference[side].pairs);
    for (const k of ["pairwiseAgreement", "fleissKappa", "krippendorffAlpha"] as const)
      assert.ok(
        Math.abs((preview[side][k] ?? NaN) - (reference[side][k] ?? NaN)) < 1e-12 ||
          preview[side][k] === reference[side][k],
      );
  }
  assert.equal(preview.judgments, judged);
  assert.equal(preview.reopened, judged);
  assert.equal(preview.after.pairs, preview.before.pairs - judged);
  // Every row, zero counts included: after a removal the tallies are exactly what a rebuild makes.
  const snapshot = async () => ({
    agreement: await t.db.agreementTally.findMany({
      orderBy: [{ datasetId: "asc" }, { destinationId: "asc" }, { pattern: "asc" }],
    }),
    experts: await t.db.expertTally.findMany({ orderBy: { userId: "asc" } }),
    expertPairs: await t.db.expertPairTally.findMany({
      orderBy: [{ userA: "asc" }, { userB: "asc" }, { verdictA: "asc" }, { verdictB: "asc" }],
    }),
    days: await t.db.judgmentDayTally.findMany({ orderBy: [{ day: "asc" }, { userId: "asc" }] }),
  });
  const r = await removeJudgments(t.db, contrarian, adminId);
  assert.deepEqual(r, { judgments: judged, pairs: judged });
  assert.equal(await t.db.judgment.count({ where: { userId: contrarian } }), 0);
  const kept = await snapshot();
  await poolOf(t.db).query("SELECT tj_rebuild_tallies()");
  assert.deepEqual(await snapshot(), kept, "the triggers' tallies equal a rebuild from scratch");
  // The reopened pairs go to the fourth expert, never back to the removed one.
  const reopened = await t.db.pair.count({
    where: { status: "OPEN", judgments: { some: { userId: experts[1] } }, query: { destination: { name: "Nanjing" } } },
  });
  assert.ok(reopened >= judged);
  const c = await claimNext(t.db, experts[3], S);
  assert.ok(c);
  // The removed expert is paused: nothing to claim until an admin resumes them, and never the pairs they had.
  assert.equal((await t.db.user.findUniqueOrThrow({ where: { id: contrarian } })).standing, "PAUSED");
  await assert.rejects(claimNext(t.db, contrarian, S, { exclude: [] }), (e: AppError) => e.code === "not_active");
  await setStanding(t.db, contrarian, "resume", adminId);
  assert.equal(
    await claimNext(t.db, contrarian, S, { exclude: [] }).then((x) => x && (x.resumed ? "resumed" : "claimed")),
    null,
  );
  assert.equal(await t.db.auditEvent.count({ where: { action: "expert.remove_judgments", targetId: contrarian } }), 1);
});

test("adaptive raters: two agreeing experts complete a pair, a disagreement asks a third, calibration pairs always get three", async () => {
  const rome = await t.db.destination.findFirstOrThrow({ where: { name: "Rome" } });
  const ds = await t.db.query.findFirstOrThrow({ where: { destinationId: rome.id } });
  const changed = await setAdaptiveRaters(t.db, ds.datasetId, true, 0.3, adminId);
  assert.ok(changed > 0);
  // The database's calibration draw is the module's.
  for (const p of await t.db.pair.findMany({
    where: { query: { datasetId: ds.datasetId } },
    select: { id: true, calibration: true },
  }))
    assert.equal(p.calibration, isCalibration(p.id, 0.3), p.id);
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `ad${i}@t.test`, ["Rome"])));
  // Agree when the pair id's first hex digit is even, else the second expert disagrees.
  const pick = (pairId: string, i: number) => (parseInt(pairId[0], 16) % 2 === 0 || i !== 1 ? "neither" : "left");
  const before = await t.db.pair.findMany({
    where: { query: { destinationId: rome.id }, status: "OPEN", submittedCount: 0, claimedCount: 0 },
    select: { id: true },
  });
  await judgeUntilDone(t.db, experts, pick, S, "ad");
  const after = await t.db.pair.findMany({
    where: { id: { in: before.map((p) => p.id) } },
    include: { judgments: true },
  });
  let two = 0,
    three = 0;
  for (const p of after) {
    assert.equal(p.status, "COMPLETE", p.id);
    const agreeFirst = new Set(p.judgments.slice(0, 2).map((j) => j.verdict)).size === 1;
    const expected = p.calibration || p.judgments.length === 3 ? 3 : 2;
    assert.equal(p.judgments.length, expected, p.id);
    if (p.judgments.length === 2) {
      two++;
      assert.ok(agreeFirst && !p.calibration);
    } else three++;
  }
  assert.ok(two > 0 && three > 0, `${two} pairs with two raters, ${three} with three`);
  const kept = await t.db.agreementTally.findMany({
    where: { pairs: { gt: 0 } },
    orderBy: [{ datasetId: "asc" }, { destinationId: "asc" }, { pattern: "asc" }],
  });
  await poolOf(t.db).query("SELECT tj_rebuild_tallies()");
  assert.deepEqual(
    await t.db.agreementTally.findMany({
      where: { pairs: { gt: 0 } },
      orderBy: [{ datasetId: "asc" }, { destinationId: "asc" }, { pattern: "asc" }],
    }),
    kept,
  );
  // Off again: the pairs left at two raters ask for their third.
  await setAdaptiveRaters(t.db, ds.datasetId, false, 0.3, adminId);
  assert.equal(await t.db.pair.count({ where: { id: { in: before.map((p) => p.id) }, status: "OPEN" } }), two);
});

test("a revoked session neither answers nor skips a gold pair; the answer stays as it was", async () => {
  const { userId } = await createExpert(t.db, { email: "revoked@t.test", name: "Revoked" }, adminId);
  await setStanding(t.db, userId, "pass", adminId);
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  await t.db.expertDestination.create({ data: { userId, destinationId: paris.id, familiarity: 3 } });
  const gold = await t.db.goldPair.findFirstOrThrow({ where: { destinationId: paris.id, active: true } });
  const id = (await claimGoldPair(t.db, userId, gold.id, "CHECK", S))!;
  const version = (await t.db.user.findUniqueOrThrow({ where: { id: userId } })).sessionVersion;
  const copied = { sessionVersion: version };
  // Signed out (or deactivated): the session version moves on and the copied token is no session.
  await t.db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await assert.rejects(
    submitGold(
      t.db,
      userId,
      { assignmentId: id, choice: "left", rationale: "r", timeOnTaskMs: 1000, clientRequestId: "revoked-1" },
      S,
      copied,
    ),
    (e: AppError) => e.code === "unauthenticated",
  );
  await assert.rejects(skipGold(t.db, userId, id, S, copied), (e: AppError) => e.code === "unauthenticated");
  assert.equal((await t.db.goldAnswer.findUniqueOrThrow({ where: { id } })).status, "CLAIMED");
  // With the current session it goes through.
  assert.equal(await skipGold(t.db, userId, id, S, { sessionVersion: version + 1 }), true);
});

test("a change of standing gives back the pairs held at once; a paused or failed expert neither submits nor claims", async () => {
  const expert = await createTestExpert(t.db, "standing@t.test", ["Rome"]);
  const held = await claimNext(t.db, expert, S, {});
  assert.ok(held);
  const before = await t.db.pair.findUniqueOrThrow({ where: { id: held.pairId } });
  const r = await setStanding(t.db, expert, "fail", adminId);
  assert.equal(r.released, 1);
  assert.equal((await t.db.assignment.findUniqueOrThrow({ where: { id: held.assignmentId } })).status, "RELEASED");
  assert.equal(
    (await t.db.pair.findUniqueOrThrow({ where: { id: held.pairId } })).claimedCount,
    before.claimedCount - 1,
  );
  await assert.rejects(
    submitJudgment(
      t.db,
      expert,
      {
        assignmentId: held.assignmentId,
        choice: "left",
        rationale: "r",
        timeOnTaskMs: 1000,
        clientRequestId: "standing-1",
      },
      S,
    ),
    (e: AppError) => e.code === "not_active",
  );
  await assert.rejects(claimNext(t.db, expert, S, {}), (e: AppError) => e.code === "not_active");
  assert.equal(await t.db.judgment.count({ where: { userId: expert } }), 0);
  // Paused the same way.
  await setStanding(t.db, expert, "resume", adminId);
  const again = await claimNext(t.db, expert, S, {});
  assert.ok(again);
  await t.db.user.update({ where: { id: expert }, data: { standing: "PAUSED" } });
  await assert.rejects(
    submitJudgment(
      t.db,
      expert,
      {
        assignmentId: again.assignmentId,
        choice: "left",
        rationale: "r",
        timeOnTaskMs: 1000,
        clientRequestId: "standing-2",
      },
      S,
    ),
    (e: AppError) => e.code === "not_active",
  );
  await setStanding(t.db, expert, "resume", adminId);
  await submitJudgment(
    t.db,
    expert,
    {
      assignmentId: again.assignmentId,
      choice: "left",
      rationale: "r",
      timeOnTaskMs: 1000,
      clientRequestId: "standing-3",
    },
    S,
  );
  // Asked to qualify again while gold pairs exist for Rome: no real pair until the set is done.
  await setStanding(t.db, expert, "requalify", adminId);
  await assert.rejects(claimNext(t.db, expert, S, {}), (e: AppError) => e.code === "not_active");
  await setStanding(t.db, expert, "pass", adminId);
});

test("with diagnostics shown, a gold pair whose defect the diagnostics would show (a new violation) is never served", async () => {
  const ds = await t.db.dataset.findFirstOrThrow({ where: { name: "TripJudge demo" } });
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  // Kinds whose defect the rule checks name as a violation, so the sample always holds some (the demo's plans and
  // the sample follow random ids).
  await makeGoldPairs(
    t.db,
    ds.id,
    { plans: 200, seed: 3, kinds: ["opening_hours", "meal_time"], destinationId: paris.id },
    adminId,
  );
  const gold = await t.db.goldPair.findMany({
    where: { destinationId: paris.id, active: true, planBId: null },
    include: { planA: { select: { features: true } } },
  });
  const violations = (f: unknown) => JSON.stringify((f as { violations?: unknown } | null)?.violations ?? null);
  const hidden = new Set(
    gold.filter((g) => violations(g.alteredFeatures) === violations(g.planA.features)).map((g) => g.id),
  );
  assert.ok(gold.length > hidden.size, "some gold pairs add a violation the diagnostics would show");
  const expert = await createTestExpert(t.db, "diagnostics@t.test", ["Paris"]);
  await t.db.dataset.update({ where: { id: ds.id }, data: { showDiagnostics: true } });
  try {
    for (let i = 0; i < 40; i++) {
      const id = await nextQualificationPair(t.db, expert, null);
      if (hidden.size === 0) assert.equal(id, null);
      else assert.ok(id && hidden.has(id), `served ${id}, which its diagnostics give away`);
    }
  } finally {
    await t.db.dataset.update({ where: { id: ds.id }, data: { showDiagnostics: false } });
  }
  // Without diagnostics every active gold pair may be served.
  const served = new Set<string>();
  for (let i = 0; i < 200 && served.size < gold.length; i++)
    served.add((await nextQualificationPair(t.db, expert, null))!);
  assert.ok([...served].some((id) => !hidden.has(id)));
});

test("an expert who skips gold pairs while answering real ones is paused as if they had answered them wrong; the quality page shows both skip rates", async () => {
  const expert = await createTestExpert(t.db, "skipper@t.test", ["Paris"]);
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  const gold = await t.db.goldPair.findMany({
    where: { destinationId: paris.id, active: true },
    take: 2,
    orderBy: { id: "asc" },
  });
  assert.equal(gold.length, 2);
  for (const g of gold) {
    const id = (await claimGoldPair(t.db, expert, g.id, "CHECK", S))!;
    assert.equal(await skipGold(t.db, expert, id, S), true);
  }
  const u = await t.db.user.findUniqueOrThrow({ where: { id: expert } });
  assert.equal(u.standing, "PAUSED");
  const row = (await qualityReport(t.db)).experts.find((e) => e.userId === expert)!;
  assert.deepEqual(row.skips, { gold: { skipped: 2, served: 2 }, real: { skipped: 0, served: 0 } });
  await setStanding(t.db, expert, "resume", adminId);
});

test("held pairs resume in claim order, gold or real, and the claim limit counts gold answers too", async () => {
  const expert = await createTestExpert(t.db, "order@t.test", ["Paris"]);
  const L = { ...S, maxClaimsPerExpert: 2 };
  const real = await claimNext(t.db, expert, L, {});
  assert.ok(real);
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  const g = await t.db.goldPair.findFirstOrThrow({
    where: { destinationId: paris.id, active: true, answers: { none: { userId: expert } } },
  });
  const gold = (await claimGoldPair(t.db, expert, g.id, "CHECK", L))!;
  const nextOf = async (exclude: string[]) =>
    nextPairAnswerSchema.parse(JSON.parse((await nextPairFor(t.db, expert, L, { destinationId: null, exclude })).body));
  // The real pair was claimed first: a reload resumes it, then (with it excluded) the gold one.
  assert.equal((await nextOf([])).assignment?.assignmentId, real.assignmentId);
  assert.equal((await nextOf([real.assignmentId])).assignment?.assignmentId, gold);
  // Two held (one real, one gold) is the limit of two: nothing new is claimed.
  assert.equal((await nextOf([real.assignmentId, gold])).assignment, null);
  await skipAssignment(t.db, expert, real.assignmentId, "test");
  assert.equal(await skipGold(t.db, expert, gold, L), true);
});

test("the waiting count moves alike whether the pair taken is gold or real, so it does not tell them apart", async () => {
  const { waitingPairsByDestination } = await import("../judging/store");
  const expert = await createTestExpert(t.db, "waiting-count@t.test", ["Paris"]);
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  await makeGoldPairs(t.db, datasetId, { plans: 200, seed: 1 }, adminId); // (adds nothing when an earlier test made them)
  await setGoldRate(t.db, datasetId, 0.05, adminId);
  const waiting = async () => (await waitingPairsByDestination(t.db, expert)).find((w) => w.name === "Paris")!.waiting;
  const before = await waiting();
  const servable = await t.db.goldPair.count({
    where: { destinationId: paris.id, active: true, dataset: { goldRate: { gt: 0 } } },
  });
  assert.ok(servable > 0, "the demo has gold pairs in Paris");
  const g = await t.db.goldPair.findFirstOrThrow({
    where: { destinationId: paris.id, active: true, answers: { none: { userId: expert } } },
  });
  // A pair held is still the expert's to judge (the screen resumes it): taking either kind leaves the count.
  const gold = (await claimGoldPair(t.db, expert, g.id, "CHECK", S))!;
  assert.equal(await waiting(), before, "after taking a gold pair");
  const real = await claimNext(t.db, expert, S, {});
  assert.ok(real);
  assert.equal(await waiting(), before, "after taking a real pair");
  await skipAssignment(t.db, expert, real.assignmentId, "test");
  assert.equal(await waiting(), before - 1, "after skipping the real pair");
  assert.equal(await skipGold(t.db, expert, gold, S), true);
  // Skipped pairs of either kind stay taken: neither comes back into the count.
  assert.equal(await waiting(), before - 2, "after skipping the gold pair");
});

test("the waiting count is what the expert gets: judging until nothing is left serves that many pairs, the gold pairs left coming once no real one is", async () => {
  const { waitingPairsByDestination } = await import("../judging/store");
  const expert = await createTestExpert(t.db, "what-waits@t.test", ["Paris"]);
  await makeGoldPairs(t.db, datasetId, { plans: 200, seed: 1 }, adminId); // (adds nothing when an earlier test made them)
  await setGoldRate(t.db, datasetId, 0.05, adminId);
  forgetGoldRate(t.db);
  const waiting = async () => (await waitingPairsByDestination(t.db, expert)).find((w) => w.name === "Paris")!.waiting;
  const promised = await waiting();
  let served = 0,
    gold = 0;
  for (;;) {
    const n = (await next(expert)).body.assignment;
    if (!n) break;
    served++;
    // Gold pairs answered right, so the gold test never pauses the expert half way.
    if (await t.db.goldAnswer.findUnique({ where: { id: n.assignmentId } })) {
      await submit(expert, n.assignmentId, await choiceFor(n.assignmentId, true), "ww");
      gold++;
    } else
      await submitJudgment(
        t.db,
        expert,
        {
          assignmentId: n.assignmentId,
          choice: "left",
          rationale: "r",
          timeOnTaskMs: 20_000,
          clientRequestId: `ww-${n.assignmentId}`,
        },
        S,
      );
    assert.equal(await waiting(), promised - served, `after pair ${served}`);
    assert.ok(served <= promised, "never more pairs than the count said");
  }
  assert.ok(gold > 0 && gold < served, `gold and real pairs both came (${gold} of ${served})`);
  assert.equal(served, promised, "every pair the count promised came");
  assert.equal(await waiting(), 0);
  // Nothing left, so "nothing to judge" and a count of none agree.
  assert.equal((await next(expert)).body.assignment, null);
});

test("a gold pair shows its altered copy beside another feasible plan of the request, so its plans differ as a real pair's do", async () => {
  await makeGoldPairs(t.db, datasetId, { plans: 200, seed: 1 }, adminId);
  const gold = await t.db.goldPair.findMany({
    where: { origin: "PERTURBATION" },
    include: { partnerPlan: true, planA: true },
  });
  assert.ok(gold.length >= 10, `${gold.length} gold pairs`);
  for (const g of gold) {
    assert.ok(g.partnerPlan, `gold pair ${g.id} has a partner`);
    assert.notEqual(g.partnerPlanId, g.planAId);
    assert.equal(g.partnerPlan.queryId, g.queryId);
    assert.equal(g.partnerPlan.feasible, true);
  }
  // Items in one plan and not the other (as multisets): what an expert comparing the two would see differ.
  type It = { days: { items: unknown[] }[] };
  const differing = (a: It, b: It) => {
    const count = new Map<string, number>();
    for (const d of a.days)
      for (const i of d.items) count.set(JSON.stringify(i), (count.get(JSON.stringify(i)) ?? 0) + 1);
    let n = 0;
    for (const d of b.days)
      for (const i of d.items) {
        const k = JSON.stringify(i);
        if (count.get(k)) count.set(k, count.get(k)! - 1);
        else n++;
      }
    return n + [...count.values()].reduce((s, v) => s + v, 0);
  };
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const goldDiffs = gold.map((g) => differing(g.partnerPlan!.itinerary as It, g.altered as It));
  const real = await t.db.pair.findMany({ take: 40, include: { planA: true, planB: true } });
  const realDiffs = real.map((p) => differing(p.planA.itinerary as It, p.planB.itinerary as It));
  assert.equal(
    goldDiffs.filter((d) => d <= 1).length,
    0,
    `gold pairs differing in one item or none: ${goldDiffs.join(",")}`,
  );
  assert.ok(
    median(goldDiffs) * 2 >= median(realDiffs),
    `median items differing: gold ${median(goldDiffs)}, real ${median(realDiffs)}`,
  );
  // The expert's screen shows the partner where plan A goes.
  const g = gold[0];
  const expert = await createTestExpert(t.db, "partner-view@t.test", [
    (await t.db.destination.findUniqueOrThrow({ where: { id: g.destinationId } })).name,
  ]);
  const answer = (await claimGoldPair(t.db, expert, g.id, "CHECK", S))!;
  const { rows } = await poolOf(t.db).query<{ left_text: string; right_text: string }>(
    "SELECT left_text, right_text FROM tj_gold_view_parts($1)",
    [answer],
  );
  const shown = [JSON.parse(rows[0].left_text), JSON.parse(rows[0].right_text)];
  assert.ok(
    shown.some((s) => JSON.stringify(s) === JSON.stringify(g.partnerPlan!.itinerary)),
    "the partner is shown",
  );
  assert.ok(!shown.some((s) => JSON.stringify(s) === JSON.stringify(g.planA.itinerary)), "the source is not");
  assert.equal(await skipGold(t.db, expert, answer, S), true);
});

test("a qualification pair claimed ahead (the screen's look-ahead) says its own place in the set, answered or not", async () => {
  const { userId } = await createExpert(t.db, { email: "lookahead@t.test", name: "Look-ahead" }, adminId);
  const rome = await t.db.destination.findFirstOrThrow({ where: { name: "Rome" } });
  await t.db.expertDestination.create({ data: { userId, destinationId: rome.id, familiarity: 4 } });
  await setGoldRate(t.db, datasetId, 0.05, adminId);
  const first = await next(userId);
  assert.equal(first.body.qualification?.answered, 0);
  // The look-ahead claims the second pair before the first is answered: it is pair 2 of the set.
  const second = await next(userId, [first.body.assignment!.assignmentId]);
  assert.ok(second.body.assignment);
  assert.equal(second.body.qualification?.answered, 1);
  // A reload resumes the first, still pair 1.
  assert.equal((await next(userId)).body.qualification?.answered, 0);
});

test("gold and real submits run the same checks in the same order over one request-id space: a replayed or malformed body answers alike", async () => {
  // Issue 48: holding pair X, a valid body with the request id of an earlier real submit answered 409 request_reused
  // on a real pair and 400 strength_not_asked on a gold one (an earlier gold id flipped the two): 23/23 gold found.
  const expert = await createTestExpert(t.db, "probe@t.test", ["Paris"]);
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  await makeGoldPairs(t.db, datasetId, { plans: 200, seed: 1 }, adminId); // (adds nothing when an earlier test made them)
  await setGoldRate(t.db, datasetId, 0.05, adminId);
  const golds = await t.db.goldPair.findMany({
    where: { destinationId: paris.id, active: true, answers: { none: { userId: expert } } },
    take: 2,
  });
  assert.equal(golds.length, 2, "two Paris gold pairs");
  // An earlier real submit and an earlier gold submit, each with its own request id.
  const doneReal = (await claimNext(t.db, expert, S, {}))!;
  await submitJudgment(
    t.db,
    expert,
    {
      assignmentId: doneReal.assignmentId,
      choice: "left",
      rationale: "fine",
      timeOnTaskMs: 9_000,
      clientRequestId: "earlier-real-1",
    },
    S,
  );
  const doneGold = (await claimGoldPair(t.db, expert, golds[0].id, "CHECK", S))!;
  await submitGold(
    t.db,
    expert,
    {
      assignmentId: doneGold,
      // The right answers: a wrong gold answer may pause the expert, and a paused expert's resubmit answers not_active.
      choice: await choiceFor(doneGold, true),
      rationale: "fine",
      timeOnTaskMs: 9_000,
      clientRequestId: "earlier-gold-1",
    },
    S,
  );
  // Now held: one real pair and one gold pair.
  const heldReal = (await claimNext(t.db, expert, S, {}))!.assignmentId;
  const heldGold = (await claimGoldPair(t.db, expert, golds[1].id, "CHECK", S))!;
  const answer = async (
    assignmentId: string,
    body: { choice: "left" | "right" | "neither"; strength?: 1 | 2 | 3; rationale: string; clientRequestId: string },
  ) => {
    const input = { assignmentId, timeOnTaskMs: 9_000, ...body };
    try {
      const r = (await submitGold(t.db, expert, input, S)) ?? (await submitJudgment(t.db, expert, input, S));
      return `ok ${r.duplicate ? "duplicate" : "stored"}`;
    } catch (e) {
      if (e instanceof AppError) return `${e.code}: ${e.message}`;
      throw e;
    }
  };
  const probes = [
    {
      choice: "neither" as const,
      strength: 1 as const,
      rationale: "a valid rationale",
      clientRequestId: "earlier-real-1",
    },
    {
      choice: "neither" as const,
      strength: 1 as const,
      rationale: "a valid rationale",
      clientRequestId: "earlier-gold-1",
    },
    { choice: "left" as const, rationale: "a valid rationale", clientRequestId: "earlier-real-1" },
    { choice: "left" as const, rationale: "a valid rationale", clientRequestId: "earlier-gold-1" },
    {
      choice: "neither" as const,
      strength: 2 as const,
      rationale: "a valid rationale",
      clientRequestId: "fresh-probe-1",
    },
    { choice: "left" as const, rationale: " ", clientRequestId: "fresh-probe-2" },
  ];
  for (const p of probes) {
    const [onReal, onGold] = [await answer(heldReal, p), await answer(heldGold, p)];
    assert.equal(onGold, onReal, JSON.stringify(p));
    assert.doesNotMatch(onReal, /^ok/, "a probe stores nothing");
  }
  // Nothing was stored by the probes: both pairs are still held, and answer a proper submit.
  assert.equal(
    await answer(heldReal, { choice: "left", rationale: "real reasons", clientRequestId: "proper-real" }),
    "ok stored",
  );
  assert.equal(
    await answer(heldGold, {
      choice: await choiceFor(heldGold, true),
      rationale: "gold reasons",
      clientRequestId: "proper-gold",
    }),
    "ok stored",
  );
  // A submitted pair answered again under a new request id: the stored answer, gold or real.
  assert.equal(
    await answer(heldReal, { choice: "right", rationale: "again", clientRequestId: "again-real" }),
    "ok duplicate",
  );
  assert.equal(
    await answer(heldGold, { choice: "right", rationale: "again", clientRequestId: "again-gold" }),
    "ok duplicate",
  );
});

test("another expert's pair, gold or real, answers skip as it answers submit: not assigned (404), alike", async () => {
  const owner = await createTestExpert(t.db, "owner@t.test", ["Paris"]);
  const other = await createTestExpert(t.db, "other@t.test", ["Paris"]);
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  await setGoldRate(t.db, datasetId, 0.05, adminId);
  const g = await t.db.goldPair.findFirstOrThrow({
    where: { destinationId: paris.id, active: true, answers: { none: { userId: owner } } },
  });
  const real = (await claimNext(t.db, owner, S, {}))!.assignmentId;
  const gold = (await claimGoldPair(t.db, owner, g.id, "CHECK", S))!;
  const codeOf = async (f: () => Promise<unknown>) =>
    f().then(
      () => "ok",
      (e: unknown) => (e instanceof AppError ? `${e.code} ${e.message}` : String(e)),
    );
  const skip = (id: string) => async () => (await skipGold(t.db, other, id, S)) || skipAssignment(t.db, other, id, "x");
  const submit = (id: string) => async () => {
    const input = {
      assignmentId: id,
      choice: "left" as const,
      rationale: "reasons",
      timeOnTaskMs: 5,
      clientRequestId: `o-${id}`,
    };
    return (await submitGold(t.db, other, input, S)) ?? submitJudgment(t.db, other, input, S);
  };
  const answers = [
    await codeOf(skip(real)),
    await codeOf(skip(gold)),
    await codeOf(submit(real)),
    await codeOf(submit(gold)),
  ];
  assert.deepEqual(new Set(answers), new Set(["not_assigned This pair is not assigned to you."]), answers.join(" | "));
  // Still the owner's, both of them.
  assert.equal(await codeOf(skip(real).bind(null)), "not_assigned This pair is not assigned to you.");
  assert.equal((await t.db.assignment.findUniqueOrThrow({ where: { id: real } })).status, "CLAIMED");
  assert.equal((await t.db.goldAnswer.findUniqueOrThrow({ where: { id: gold } })).status, "CLAIMED");
});

test("a claim racing a pause never leaves a real slot held by the paused expert (the claim waits, or is given back)", async () => {
  const expert = await createTestExpert(t.db, "pause-race@t.test", ["Rome"]);
  // The pause's transaction has begun and paused the expert, not yet committed (as the gold test's submit holds it).
  const pauser = await poolOf(t.db).connect();
  try {
    await pauser.query("BEGIN");
    const { rows } = await pauser.query<{ paused: boolean }>(
      "SELECT tj_gold_pause($1, 'gold test', 2, gen_random_uuid()::text) AS paused",
      [expert],
    );
    assert.equal(rows[0].paused, true);
    // Meanwhile the expert's screen asks for the next pair.
    let settled = false;
    const claim = claimNext(t.db, expert, S, {}).then(
      (c) => ((settled = true), c),
      (e: unknown) => ((settled = true), e),
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(settled, false, "the claim waits for the change of standing");
    await pauser.query("COMMIT");
    const outcome = await claim;
    assert.ok(outcome instanceof AppError && outcome.code === "not_active", String(outcome));
  } finally {
    pauser.release();
  }
  assert.equal(await t.db.assignment.count({ where: { userId: expert, status: "CLAIMED" } }), 0);
});

test("a set of two gold pairs with one answer wrong fails an 80 % mark: the pairs that never came do not count as right", async () => {
  const L = { ...S, qualificationLength: 5, qualificationPassMark: 0.8 };
  const nanjing = await t.db.destination.findFirstOrThrow({ where: { name: "Nanjing" } });
  const active = await t.db.goldPair.findMany({
    where: { destinationId: nanjing.id, active: true },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  assert.ok(active.length >= 2);
  const kept = active.slice(0, 2).map((g) => g.id);
  const hidden = active.slice(2).map((g) => g.id);
  await t.db.goldPair.updateMany({ where: { id: { in: hidden } }, data: { active: false } });
  try {
    const { userId } = await createExpert(t.db, { email: "one-of-two@t.test", name: "One Of Two" }, adminId);
    await t.db.expertDestination.create({ data: { userId, destinationId: nanjing.id, familiarity: 3 } });
    let last = null;
    for (const right of [true, false]) {
      const body = nextPairAnswerSchema.parse(
        JSON.parse((await nextPairFor(t.db, userId, L, { destinationId: null })).body),
      );
      assert.equal(body.qualification?.length, 2, "the set is the two gold pairs that exist");
      const id = body.assignment!.assignmentId;
      last = await submitGold(
        t.db,
        userId,
        {
          assignmentId: id,
          choice: await choiceFor(id, right),
          rationale: "r",
          timeOnTaskMs: 1000,
          clientRequestId: `one-of-two-${right}`,
        },
        L,
      );
    }
    assert.equal(last!.feedback!.passed, false);
    const u = await t.db.user.findUniqueOrThrow({ where: { id: userId } });
    assert.equal(u.standing, "QUALIFICATION_FAILED");
    assert.match(u.standingNote ?? "", /^qualification: 1 of 2 right \(pass mark 80 %\) \(a set of 2, not 5/);
    const answered = await t.db.goldAnswer.findMany({ where: { userId }, select: { goldPairId: true } });
    assert.deepEqual(answered.map((a) => a.goldPairId).sort(), [...kept].sort());
  } finally {
    await t.db.goldPair.updateMany({ where: { id: { in: hidden } }, data: { active: true } });
  }
});
