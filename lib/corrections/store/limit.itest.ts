/**
 * An expert saves at most CORRECTIONS_PER_HOUR corrections an hour (issue 48: 60 trivial corrections in 2.1 s made 60
 * verification pairs); an admin is not limited.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { applyAll, liveCheck, type OpInput } from "..";
import { AppError } from "../../kernel";
import type { Itinerary } from "../../datasets";
import { exampleBundle } from "../../testing/bundles";
import type { SessionUser } from "../../accounts/store";
import { importBundle } from "../../datasets/store";
import {
  createTestDatabase,
  createTestExpert,
  judgedPlanOf,
  asSessionUser,
  type TestDatabase,
} from "../../testing/database";
import { getSettings } from "../../judging/store";
import { correctionSource } from "./context";
import { checkContext, CORRECTIONS_PER_HOUR, saveCorrection } from "./save";

let t: TestDatabase;
let expert: SessionUser;
let planId: string;
const asUser = asSessionUser;

before(async () => {
  t = await createTestDatabase();
  assert.ok((await importBundle(t.db, exampleBundle("chinatravel-nanjing"))).ok);
  expert = asUser(await createTestExpert(t.db, "busy@t.test", ["Nanjing"]));
  // An expert corrects the plans of pairs they judged: this one judges a pair first, and corrects its plan A.
  planId = await judgedPlanOf(t.db, expert.id, { ...(await getSettings(t.db)), rationaleMinLength: 1 });
});
after(async () => t.drop());

/** A delete the live check accepts on the plan. */
async function cleanOp(): Promise<OpInput> {
  const s = await correctionSource(t.db, planId, expert);
  const ctx = checkContext(s);
  const it = s.plan.itinerary as Itinerary;
  for (const [d, day] of it.days.entries())
    for (const i of day.items.keys()) {
      const op: OpInput = { type: "delete", day: d + 1, item: i, reason: { kind: "route" } };
      const a = applyAll(it, [op], ctx.places);
      if (a.ok && liveCheck(it, a.value, ctx).ok) return op;
    }
  throw new Error("no clean delete");
}

test("the expert's corrections stop at the hourly limit with a refusal that names it; an admin's do not", async () => {
  const op = await cleanOp();
  for (let i = 0; i < CORRECTIONS_PER_HOUR; i++)
    assert.equal(
      (await saveCorrection(t.db, planId, { ops: [op], timeOnTaskMs: 5_000, clientRequestId: `burst-id-${i}` }, expert))
        .created,
      true,
    );
  await assert.rejects(
    saveCorrection(t.db, planId, { ops: [op], timeOnTaskMs: 5_000, clientRequestId: "one-too-many" }, expert),
    (e: unknown) =>
      e instanceof AppError && e.code === "rate_limited" && e.message.includes(`${CORRECTIONS_PER_HOUR} corrections`),
  );
  assert.equal(await t.db.correction.count({ where: { userId: expert.id } }), CORRECTIONS_PER_HOUR);
  // A retry of one already saved still answers what was stored.
  const again = await saveCorrection(
    t.db,
    planId,
    { ops: [op], timeOnTaskMs: 5_000, clientRequestId: "burst-id-0" },
    expert,
  );
  assert.equal(again.created, false);
  // An hour later the expert may go on.
  await t.db.correction.updateMany({
    where: { userId: expert.id },
    data: { createdAt: new Date(Date.now() - 3_700_000) },
  });
  assert.ok(
    (await saveCorrection(t.db, planId, { ops: [op], timeOnTaskMs: 5_000, clientRequestId: "next-hour" }, expert))
      .created,
  );
  const admin = await t.db.user.create({ data: { email: "a@t.test", name: "Admin", role: "ADMIN" } });
  for (let i = 0; i < 3; i++)
    await saveCorrection(
      t.db,
      planId,
      { ops: [op], timeOnTaskMs: 5_000, clientRequestId: `admin-id-${i}` },
      asUser(admin.id, "ADMIN"),
    );
});
