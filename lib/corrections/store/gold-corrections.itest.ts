/**
 * Correcting a gold pair's plans after answering it (issue 29, item 6), on real PostgreSQL with the demo data:
 * offered and answered as a real pair's correction, the altered copy known by a plan id like any other, the
 * correction stored apart (no plan, no verification pair, no training row) with what it did to the injected
 * defect, counted per defect kind for the quality page.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import type { OpInput } from "..";
import { AppError } from "../../kernel";
import type { Itinerary } from "../../datasets";
import type { SessionUser } from "../../accounts/store";
import { seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { claimGoldPair, submitGold, makeGoldPairs } from "../../quality/store";
import { correctionSource } from "./context";
import { goldCorrectionsReport } from "./gold-corrections";
import { correctablePlans, recentlyJudged } from "./judged";
import { saveCorrection } from "./save";

let t: TestDatabase;
let adminId: string;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
const asUser = (id: string): SessionUser => ({
  id,
  email: `${id}@t.test`,
  name: id,
  role: "EXPERT",
  sessionVersion: 0,
});

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  adminId = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  const datasetId = (await t.db.dataset.findFirstOrThrow()).id;
  const made = await makeGoldPairs(t.db, datasetId, { plans: 40, seed: 3, kinds: ["transfer_time"] }, adminId);
  assert.ok(made.made >= 2, `made ${made.made}`);
});
after(async () => t.drop());

/** An expert of the gold pair's destination who has answered it (through the gold functions, as the screen does). */
async function answered(email: string, goldPairId: string) {
  const g = await t.db.goldPair.findUniqueOrThrow({ where: { id: goldPairId }, include: { query: true } });
  const d = await t.db.destination.findUniqueOrThrow({ where: { id: g.query.destinationId } });
  const user = asUser(await createTestExpert(t.db, email, [d.name]));
  const answer = (await claimGoldPair(t.db, user.id, goldPairId, "CHECK", S))!;
  await submitGold(
    t.db,
    user.id,
    { assignmentId: answer, choice: "left", rationale: "r", timeOnTaskMs: 20_000, clientRequestId: `g-${answer}` },
    S,
  );
  return user;
}

/** The source's times back on the defect's day: what an expert who undoes a transfer defect does. */
function restore(source: Itinerary, altered: Itinerary, day: number): OpInput[] {
  return source.days[day - 1].items.flatMap((it, i) => {
    const a = altered.days[day - 1].items[i];
    return it.startTime && it.endTime && (a.startTime !== it.startTime || a.endTime !== it.endTime)
      ? [
          {
            type: "retime" as const,
            day,
            item: i,
            start: it.startTime,
            end: it.endTime,
            reason: { kind: "transfer_time" as const },
          },
        ]
      : [];
  });
}

test("after answering a gold pair an expert corrects its altered plan like any other; the correction measures the defect, never becomes data", async () => {
  const [g] = await t.db.goldPair.findMany({ where: { defectKind: "transfer_time" }, orderBy: { id: "asc" }, take: 1 });
  assert.ok(g.alteredRef && g.partnerPlanId);
  const expert = await answered("gold-corrector@t.test", g.id);
  const answer = await t.db.goldAnswer.findFirstOrThrow({ where: { userId: expert.id } });

  // Offered as a real pair's plans are: the sides as the expert saw them, plan ids both.
  const sides = await correctablePlans(t.db, g.id, expert);
  const mine = answer.leftIsA ? sides.right : sides.left;
  assert.equal(mine, g.alteredRef);
  assert.equal(answer.leftIsA ? sides.left : sides.right, g.partnerPlanId);
  assert.match(mine, /^[0-9a-f-]{36}$/);

  // The screen's context is the altered copy; an expert who has not answered the pair is told there is no such plan.
  const s = await correctionSource(t.db, mine, expert);
  assert.deepEqual(s.plan.itinerary, g.altered);
  const other = asUser(await createTestExpert(t.db, "not-answered@t.test", [s.request.destination]));
  await assert.rejects(
    correctionSource(t.db, mine, other),
    (e: unknown) => e instanceof AppError && e.code === "not_found" && /no such plan/.test(e.message),
  );

  const before = {
    plans: await t.db.plan.count(),
    pairs: await t.db.pair.count(),
    corrections: await t.db.correction.count(),
  };
  const source = (await t.db.plan.findUniqueOrThrow({ where: { id: g.planAId } })).itinerary as unknown as Itinerary;
  const day = (g.defect as { day: number }).day;
  const ops = restore(source, g.altered as unknown as Itinerary, day);
  assert.ok(ops.length > 0);
  const saved = await saveCorrection(t.db, mine, { ops, timeOnTaskMs: 42_000, clientRequestId: "gold-fix-1" }, expert);
  assert.deepEqual(Object.keys(saved).sort(), [
    "checks",
    "created",
    "id",
    "planId",
    "sourcePlanId",
    "verificationPairId",
  ]);
  assert.equal(saved.created, true);
  assert.equal(saved.verificationPairId, null);
  assert.ok(
    saved.checks.fixed.some((c) => c.group === "rule"),
    "the transfer check is listed as fixed",
  );
  // Nothing a real correction writes: no plan, no verification pair, no correction record.
  assert.deepEqual(
    {
      plans: await t.db.plan.count(),
      pairs: await t.db.pair.count(),
      corrections: await t.db.correction.count(),
    },
    before,
  );
  const row = await t.db.goldCorrection.findFirstOrThrow({ where: { userId: expert.id } });
  assert.equal(row.outcome, "undone");
  assert.equal(row.timeOnTaskMs, 42_000);
  assert.equal(row.planRef, saved.planId);

  // A retry answers the same correction and stores nothing new.
  const again = await saveCorrection(t.db, mine, { ops, timeOnTaskMs: 42_000, clientRequestId: "gold-fix-1" }, expert);
  assert.deepEqual([again.id, again.planId, again.created], [saved.id, saved.planId, false]);
  assert.equal(await t.db.goldCorrection.count(), 1);

  // A second expert corrects another day only: the defect is left.
  const second = await answered("gold-corrector-2@t.test", g.id);
  const other2 = (await correctablePlans(t.db, g.id, second)) as { left: string; right: string };
  assert.ok([other2.left, other2.right].includes(mine));
  const altered = g.altered as unknown as Itinerary;
  const elsewhere = altered.days.findIndex((d, i) => i !== day - 1 && d.items.length > 1);
  assert.ok(elsewhere >= 0);
  await saveCorrection(
    t.db,
    mine,
    {
      ops: [{ type: "move", day: elsewhere + 1, item: 1, toDay: elsewhere + 1, toItem: 0, reason: { kind: "route" } }],
      timeOnTaskMs: 9_000,
      clientRequestId: "gold-other-1",
    },
    second,
  ).catch((e: unknown) => {
    // A move the checks refuse would be refused on a real plan too; then nothing is stored.
    assert.ok(e instanceof AppError && e.code === "correction_regressed", String(e));
  });
  const report = await goldCorrectionsReport(t.db);
  const row2 = report.find((r) => r.kind === "transfer_time")!;
  assert.ok(row2.corrections >= 1 && row2.undone === 1);
  assert.equal(row2.corrections, row2.undone + row2.fixed + row2.left);
  if (row2.corrections === 2) assert.equal(row2.left, 1);
});

test("a gold pair the expert still holds is not theirs to correct yet, exactly as a real pair's plan", async () => {
  const [, g] = await t.db.goldPair.findMany({
    where: { defectKind: "transfer_time" },
    orderBy: { id: "asc" },
    take: 2,
  });
  const d = await t.db.destination.findUniqueOrThrow({ where: { id: g.destinationId } });
  const user = asUser(await createTestExpert(t.db, "holder@t.test", [d.name]));
  assert.ok(await claimGoldPair(t.db, user.id, g.id, "CHECK", S));
  await assert.rejects(
    correctablePlans(t.db, g.id, user),
    (e: unknown) => e instanceof AppError && e.code === "not_found",
  );
  await assert.rejects(
    correctionSource(t.db, g.alteredRef!, user),
    (e: unknown) => e instanceof AppError && e.code === "forbidden" && /submit your verdict first/.test(e.message),
  );
  await assert.rejects(
    correctionSource(t.db, g.partnerPlanId!, user),
    (e: unknown) => e instanceof AppError && e.code === "forbidden" && /submit your verdict first/.test(e.message),
  );
});

test("the pairs an expert judged last list gold pairs and real pairs alike, newest first, in one shape", async () => {
  const [g] = await t.db.goldPair.findMany({ where: { defectKind: "transfer_time" }, orderBy: { id: "asc" }, take: 1 });
  const expert = await answered("recent@t.test", g.id);
  // Then a real pair of the same destination, judged after the gold one.
  const d = await t.db.destination.findUniqueOrThrow({ where: { id: g.destinationId } });
  const { claimNext, submitJudgment } = await import("../../judging/store");
  const a = (await claimNext(t.db, expert.id, S, { destinationId: d.id }))!;
  await submitJudgment(
    t.db,
    expert.id,
    { assignmentId: a.assignmentId, choice: "right", rationale: "r", timeOnTaskMs: 9_000, clientRequestId: "recent-1" },
    S,
  );
  const list = await recentlyJudged(t.db, expert.id);
  assert.deepEqual(
    list.map((r) => r.pairId),
    [a.pairId, g.id],
  );
  assert.deepEqual(Object.keys(list[0]).sort(), Object.keys(list[1]).sort());
  assert.equal(list[1].destination, d.name);
  // Each opens the correction links as after the verdict.
  for (const r of list) assert.ok((await correctablePlans(t.db, r.pairId, expert)).left);
});
