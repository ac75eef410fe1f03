/** Preference strength (issue 27): chosen before judging starts, asked on the screen, stored in tj_submit's statement. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { assignmentViewSchema } from "../assignment/view";
import type { AppError } from "../../kernel";
import { claimNext, submitJudgment } from "./judging";
import { renderView } from "./judging-view";
import { updateDataset } from "./assignment-overview";
import { qualityReport } from "../../quality/store";
import { strengthCalibration } from "../../results/agreement";
import { seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 5 };
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
});
after(async () => t.drop());

let n = 0;
const submit = (userId: string, assignmentId: string, choice: "left" | "right" | "neither", strength?: 1 | 2 | 3) =>
  submitJudgment(
    t.db,
    userId,
    {
      assignmentId,
      choice,
      strength,
      rationale: "because of the route",
      timeOnTaskMs: 1000,
      clientRequestId: `s-${++n}`,
    },
    S,
  );
const refusal = (code: string) => (e: unknown) => (e as AppError).code === code;

test("strength on before judging: asked in the view, required with A or B, refused with Neither; stored as sent", async () => {
  const dataset = await t.db.dataset.findFirstOrThrow();
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  await updateDataset(t.db, dataset.id, { preferenceStrength: true }, admin.id);
  const [x, y] = await Promise.all(["sx@t.test", "sy@t.test"].map((e) => createTestExpert(t.db, e, ["Tokyo"])));
  const c = (await claimNext(t.db, x, S))!;
  const view = assignmentViewSchema.parse(JSON.parse(await renderView(t.db, c.view)));
  assert.equal(view.askStrength, true);
  await assert.rejects(submit(x, c.assignmentId, "left"), refusal("strength_required"));
  await assert.rejects(submit(x, c.assignmentId, "neither", 2), refusal("strength_not_asked"));
  const stored = await submit(x, c.assignmentId, "right", 3);
  const j = await t.db.judgment.findUniqueOrThrow({
    where: { id: stored.judgmentId },
    include: { assignment: true, pair: true },
  });
  assert.equal(j.strength, 3);
  // The verdict is in the pair's own terms; the strength goes with it whichever side the plan was shown on.
  assert.equal(j.verdict, j.assignment.leftPlanId === j.pair.planAId ? "B" : "A");
  // Neither carries none.
  const d = (await claimNext(t.db, y, S))!;
  const neither = await submit(y, d.assignmentId, "neither");
  assert.equal((await t.db.judgment.findUniqueOrThrow({ where: { id: neither.judgmentId } })).strength, null);
  // The quality page's strength calibration (summed by the database) equals a recount from the raw judgments.
  const raw = await t.db.judgment.findMany({ select: { pairId: true, userId: true, verdict: true, strength: true } });
  const report = await qualityReport(t.db);
  assert.deepEqual(report.strength, strengthCalibration(raw));
  if (c.pairId === d.pairId) assert.equal(report.strength[0].byStrength[3].others, 1);
  // Once judging has started the choice stays; asking for what it already is changes nothing.
  await assert.rejects(updateDataset(t.db, dataset.id, { preferenceStrength: false }, admin.id), refusal("conflict"));
  await updateDataset(t.db, dataset.id, { preferenceStrength: true }, admin.id);
  // The database refuses a strength without an A or B verdict, whoever writes.
  await assert.rejects(
    t.db.$executeRawUnsafe(`UPDATE "Judgment" SET strength = 2 WHERE id = $1`, neither.judgmentId),
    /Judgment_strength_check/,
  );
});

test("strength off (the default): no strength asked, one sent is refused, none is stored", async () => {
  const other = await t.db.dataset.create({
    data: { name: "off", format: "TRIPSCORE", contentHash: "strength-off", counts: {} },
  });
  assert.equal(other.preferenceStrength, false);
  const dataset = await t.db.dataset.findFirstOrThrow({ where: { id: { not: other.id } } });
  await t.db.dataset.update({ where: { id: dataset.id }, data: { preferenceStrength: false } });
  const z = await createTestExpert(t.db, "sz@t.test", ["Paris"]);
  const c = (await claimNext(t.db, z, S))!;
  assert.equal(assignmentViewSchema.parse(JSON.parse(await renderView(t.db, c.view))).askStrength, false);
  await assert.rejects(submit(z, c.assignmentId, "left", 1), refusal("strength_not_asked"));
  const stored = await submit(z, c.assignmentId, "left");
  assert.equal((await t.db.judgment.findUniqueOrThrow({ where: { id: stored.judgmentId } })).strength, null);
});
