import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { evaluate, fromJs, planScope } from "..";
import { dslEditorData, saveDslVersion, setDslStage, StaleVersion } from "./annotations";
import { seed } from "../../platform/db";
import { asSessionUser, createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { DEFAULT_SETTINGS } from "../../judging";
import { chinaTravelView } from "../plan-view";
import type { Itinerary } from "../../datasets";
import { claimNext } from "../../judging/store";
import type { SessionUser } from "../../accounts/store";

let t: TestDatabase;
let admin: SessionUser;
let expert: SessionUser;
let stranger: SessionUser;
let queryId: string;

const asUser = async (id: string): Promise<SessionUser> => {
  const u = await t.db.user.findUniqueOrThrow({ where: { id } });
  return { id: u.id, email: u.email, name: u.name, role: u.role, sessionVersion: u.sessionVersion } as SessionUser;
};

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  admin = await asUser((await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id);
  expert = await asUser(await createTestExpert(t.db, "dsl-expert@t.test", ["Rome"]));
  stranger = await asUser(await createTestExpert(t.db, "dsl-stranger@t.test", ["Tokyo"]));
  queryId = (
    await t.db.query.findFirstOrThrow({ where: { destination: { name: "Rome" } }, orderBy: { sourceId: "asc" } })
  ).id;
});
after(async () => t.drop());

test("demo requests come with a DRAFT version; the editor gets the plans in ChinaTravel's shape and the POI table", async () => {
  const d = await dslEditorData(t.db, queryId, admin);
  assert.equal(d.versions.length, 1);
  assert.equal(d.versions[0].stage, "DRAFT");
  assert.equal(d.versions[0].constraints.length, 3);
  // An admin gets every plan of the request; an expert who was shown none of them gets none (next test).
  assert.ok(d.plans.length >= 2);
  assert.ok(d.plans.every((p) => /^Plan \d$/.test(p.label)));
  assert.deepEqual((await dslEditorData(t.db, queryId, expert)).plans, []);
  assert.ok(d.pois.length > 10);
  // The day-count constraint passes on every plan: the demo plans have the requested days.
  const results = d.plans.map((p) => evaluate(d.versions[0].constraints[0].code, planScope(fromJs(p.plan), d.pois)));
  assert.ok(
    results.every((r) => r.error === null && r.result),
    JSON.stringify(results),
  );
  assert.deepEqual((await dslEditorData(t.db, queryId, expert)).canSetStages, []);
  assert.deepEqual(d.canSetStages, ["VERIFIED"]);
  await assert.rejects(dslEditorData(t.db, queryId, stranger), /not assigned to you/);
});

test("an expert's editor lists the plans they were shown: the pair they hold, left then right, evaluated as their screen shows them", async () => {
  const shown = asSessionUser(await createTestExpert(t.db, "dsl-shown@t.test", ["Rome"]));
  const settings = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
  const claim = (await claimNext(t.db, shown.id, settings))!;
  const pair = await t.db.pair.findUniqueOrThrow({ where: { id: claim.pairId }, include: { query: true } });
  const right = claim.view.leftPlanId === pair.planAId ? pair.planBId : pair.planAId;
  const d = await dslEditorData(t.db, pair.queryId, shown);
  assert.deepEqual(
    d.plans.map((p) => [p.id, p.label]),
    [
      [claim.view.leftPlanId, "Plan 1 (left)"],
      [right, "Plan 2 (right)"],
    ],
  );
  const left = await t.db.plan.findUniqueOrThrow({ where: { id: claim.view.leftPlanId } });
  const destination = await t.db.destination.findUniqueOrThrow({ where: { id: pair.query.destinationId } });
  assert.deepEqual(
    d.plans[0].plan,
    chinaTravelView(left.itinerary as unknown as Itinerary, {
      targetCity: destination.name,
      people: pair.query.people,
    }),
  );
  // Every plan of the request stays the admin's.
  assert.equal(
    (await dslEditorData(t.db, pair.queryId, admin)).plans.length,
    await t.db.plan.count({ where: { queryId: pair.queryId } }),
  );
});

test("saves make new versions; a stale save is refused with the newer version; a retry does not duplicate", async () => {
  const v1 = (await dslEditorData(t.db, queryId, expert)).versions[0];
  const mine = [...v1.constraints, { code: "result = people_count(plan) >= 1", note: "travellers" }];
  const saved = await saveDslVersion(
    t.db,
    queryId,
    { parentId: v1.id, constraints: mine, note: "added travellers" },
    expert,
  );
  assert.deepEqual(
    [saved.version.version, saved.version.stage, saved.version.parentId, saved.duplicate],
    [2, "REVISED", v1.id, false],
  );
  const retry = await saveDslVersion(
    t.db,
    queryId,
    { parentId: v1.id, constraints: mine, note: "added travellers" },
    expert,
  );
  assert.equal(retry.duplicate, true);
  assert.equal(retry.version.id, saved.version.id);
  const other = [{ code: "result = False", note: "" }];
  await assert.rejects(
    saveDslVersion(t.db, queryId, { parentId: v1.id, constraints: other }, admin),
    (e: StaleVersion) => {
      assert.ok(e instanceof StaleVersion);
      assert.equal(e.latest.version, 2);
      assert.match(e.message, /Your text is kept/);
      return true;
    },
  );
  assert.equal(await t.db.dslVersion.count({ where: { queryId } }), 2);
  // Two saves on the same parent at once: one wins, one is refused.
  const both = await Promise.allSettled([
    saveDslVersion(
      t.db,
      queryId,
      { parentId: saved.version.id, constraints: [{ code: "result = 1", note: "" }] },
      expert,
    ),
    saveDslVersion(
      t.db,
      queryId,
      { parentId: saved.version.id, constraints: [{ code: "result = 2", note: "" }] },
      admin,
    ),
  ]);
  assert.deepEqual(both.map((b) => b.status).sort(), ["fulfilled", "rejected"]);
  assert.equal(await t.db.dslVersion.count({ where: { queryId } }), 3);
});

test("only admins verify and then finalize the latest version", async () => {
  const versions = (await dslEditorData(t.db, queryId, admin)).versions;
  const latest = versions[versions.length - 1];
  await assert.rejects(setDslStage(t.db, queryId, { versionId: latest.id, stage: "VERIFIED" }, expert), /Only admins/);
  await assert.rejects(
    setDslStage(t.db, queryId, { versionId: latest.id, stage: "FINAL" }, admin),
    /cannot become final/,
  );
  const verified = await setDslStage(t.db, queryId, { versionId: latest.id, stage: "VERIFIED" }, admin);
  assert.deepEqual([verified.stage, verified.parentId], ["VERIFIED", latest.id]);
  assert.deepEqual(verified.constraints, latest.constraints);
  await assert.rejects(setDslStage(t.db, queryId, { versionId: latest.id, stage: "FINAL" }, admin), StaleVersion);
  const final = await setDslStage(t.db, queryId, { versionId: verified.id, stage: "FINAL" }, admin);
  assert.equal(final.stage, "FINAL");
  assert.equal(await t.db.auditEvent.count({ where: { action: { in: ["dsl.verified", "dsl.final"] } } }), 2);
});

test("annotation export: every version, or only the newest final one per request, authors pseudonymous", async () => {
  const { annotationRecords } = await import("../../exports/store");
  const all = [];
  for await (const r of annotationRecords(t.db, {})) all.push(r);
  assert.equal(all.length, await t.db.dslVersion.count());
  const mine = all.filter((r) => r.query_id === queryId);
  assert.deepEqual(
    mine.map((r) => r.version),
    [1, 2, 3, 4, 5],
  );
  assert.deepEqual(
    mine.map((r) => r.parent_version),
    [null, 1, 2, 3, 4],
  );
  assert.equal(mine[0].author, null);
  assert.match(mine[1].author!, /^expert-[0-9a-f]{10}$/);
  const finals = [];
  for await (const r of annotationRecords(t.db, { finalOnly: true })) finals.push(r);
  assert.deepEqual(
    finals.map((r) => [r.query_id, r.version, r.stage]),
    [[queryId, 5, "FINAL"]],
  );
  assert.equal(finals[0].constraints.length, mine[2].constraints.length);
});

test("a paused or qualifying expert reads the constraints but cannot save a version; an active one can", async () => {
  const latest = async () => (await dslEditorData(t.db, queryId, expert)).versions.at(-1)!;
  for (const standing of ["PAUSED", "QUALIFYING", "QUALIFICATION_FAILED"] as const) {
    await t.db.user.update({ where: { id: expert.id }, data: { standing } });
    const d = await dslEditorData(t.db, queryId, expert);
    assert.equal(d.canSave, false);
    const before = d.versions.length;
    await assert.rejects(
      saveDslVersion(
        t.db,
        queryId,
        { parentId: d.versions.at(-1)!.id, constraints: [{ code: `result = '${standing}'`, note: "" }] },
        expert,
      ),
      (e: Error & { code?: string }) => e.code === "forbidden" && /cannot save constraint versions now/.test(e.message),
    );
    assert.equal((await dslEditorData(t.db, queryId, expert)).versions.length, before);
  }
  await t.db.user.update({ where: { id: expert.id }, data: { standing: "ACTIVE" } });
  assert.equal((await dslEditorData(t.db, queryId, expert)).canSave, true);
  const saved = await saveDslVersion(
    t.db,
    queryId,
    { parentId: (await latest()).id, constraints: [{ code: "result = 'active again'", note: "" }] },
    expert,
  );
  assert.equal(saved.duplicate, false);
});
