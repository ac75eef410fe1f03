/** Per-dimension verdicts (issue 27): a versioned set chosen before judging starts, asked on the screen, checked and stored by tj_submit. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { assignmentViewSchema } from "../assignment/view";
import {
  DEFAULT_DIMENSIONS,
  dimensionSetSchema,
  type DimensionChoices,
  type DimensionVerdict,
  dimensionSummary,
} from "../../results/dimensions";
import type { AppError } from "../../kernel";
import { claimNext, submitJudgment } from "./judging";
import { renderView } from "./judging-view";
import { assignmentOverview, updateDataset } from "./assignment-overview";
import { seed, poolOf } from "../../platform/db";
import { importBundle } from "../../datasets/store";
import { exampleBundle } from "../../testing/bundles";
import { battleRecords, judgmentRecords, labelledPairRecords, trainingPairs } from "../../exports/store";
import { type JudgmentRecord, type LabelledPairRecord, type TrainingPair } from "../../exports";
import { agreementSummary, labelsByValue, scaleAgreements, type RatingRow } from "../../results/agreement";
import { scalePatternOf } from "../../testing/agreement";
import { scaleTallies, dimensionReport, leaderboardBattles, leaderboardReport } from "../../results/store";
import { readBattlesFile, winTable } from "../../results/leaderboard";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { dimensionSignedPreference } from "../verdict";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 5 };
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
});
after(async () => t.drop());

/** A dataset's dimension set and its version, as the admin's overview shows them. */
async function dimensionSetOf(datasetId: string) {
  const d = (await assignmentOverview(t.db)).datasets.find((x) => x.id === datasetId)!;
  return { dimensions: d.dimensions, version: d.dimensionsVersion };
}

let n = 0;
const submit = (
  userId: string,
  assignmentId: string,
  choice: "left" | "right" | "neither",
  dimensions: DimensionChoices | null,
  strength?: 1 | 2 | 3,
) =>
  submitJudgment(
    t.db,
    userId,
    {
      assignmentId,
      choice,
      strength,
      dimensions,
      rationale: "because of the route",
      timeOnTaskMs: 1000,
      clientRequestId: `d-${++n}`,
    },
    S,
  );
const refusal = (code: string) => (e: unknown) => (e as AppError).code === code;

// Three of the defaults and one of the admin's own that allows neither "about the same" nor "not applicable".
const SET = dimensionSetSchema.parse([
  DEFAULT_DIMENSIONS[0],
  DEFAULT_DIMENSIONS[3],
  DEFAULT_DIMENSIONS[4],
  {
    key: "food",
    name: "Food",
    description: "Meals where the traveller is",
    allowSame: false,
    allowNotApplicable: false,
  },
]);
const all = (choice: "left" | "right" | "same" | "na"): DimensionChoices =>
  Object.fromEntries(SET.map((d) => [d.key, { choice }]));

test("a dimension set before judging: versioned, shown without its signals, required, checked and stored in the pair's terms", async () => {
  const dataset = await t.db.dataset.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  // Before: no dimensions in the view, and answers to them are refused (nothing stored: judging has not started).
  const q = await createTestExpert(t.db, "dq@t.test", ["Tokyo"]);
  const before = (await claimNext(t.db, q, S))!;
  assert.deepEqual(assignmentViewSchema.parse(JSON.parse(await renderView(t.db, before.view))).dimensions, []);
  await assert.rejects(submit(q, before.assignmentId, "left", all("left")), refusal("dimensions_not_asked"));
  await updateDataset(t.db, dataset.id, { dimensions: SET.slice(0, 2) }, admin.id);
  await updateDataset(t.db, dataset.id, { dimensions: SET }, admin.id);
  await updateDataset(t.db, dataset.id, { dimensions: SET }, admin.id); // the same set again: no new version
  const state = await dimensionSetOf(dataset.id);
  assert.equal(state.version, 2);
  assert.deepEqual(state.dimensions, SET);
  const versions = await t.db.dimensionSet.findMany({ where: { datasetId: dataset.id }, orderBy: { version: "asc" } });
  assert.deepEqual(
    versions.map((v) => [v.version, (v.dimensions as { key: string }[]).map((d) => d.key)]),
    [
      [1, ["feasibility", "route"]],
      [2, ["feasibility", "route", "pacing", "food"]],
    ],
  );

  const [x, y] = await Promise.all(["dx@t.test", "dy@t.test"].map((e) => createTestExpert(t.db, e, ["Tokyo"])));
  const c = (await claimNext(t.db, x, S))!;
  const view = assignmentViewSchema.parse(JSON.parse(await renderView(t.db, c.view)));
  assert.deepEqual(
    view.dimensions,
    SET.map((d) => ({
      key: d.key,
      name: d.name,
      description: d.description,
      allowSame: d.allowSame,
      allowNotApplicable: d.allowNotApplicable,
    })),
  );
  await assert.rejects(submit(x, c.assignmentId, "left", null), refusal("dimensions_required"));
  await assert.rejects(
    submit(x, c.assignmentId, "left", { feasibility: { choice: "left" } }),
    refusal("dimensions_required"),
  );
  await assert.rejects(
    submit(x, c.assignmentId, "left", { ...all("left"), wifi: { choice: "left" } }),
    refusal("dimensions_invalid"),
  );
  // "food" allows neither neutral answer; a strength is not asked on this dataset.
  await assert.rejects(
    submit(x, c.assignmentId, "left", { ...all("left"), food: { choice: "same" } }),
    refusal("dimensions_invalid"),
  );
  await assert.rejects(
    submit(x, c.assignmentId, "left", { ...all("left"), food: { choice: "na" } }),
    refusal("dimensions_invalid"),
  );
  await assert.rejects(
    submit(x, c.assignmentId, "left", { ...all("left"), route: { choice: "left", strength: 2 } }),
    refusal("dimensions_invalid"),
  );
  const choices: DimensionChoices = {
    feasibility: { choice: "same" },
    route: { choice: "left" },
    pacing: { choice: "na" },
    food: { choice: "right" },
  };
  const stored = await submit(x, c.assignmentId, "left", choices);
  const j = await t.db.judgment.findUniqueOrThrow({
    where: { id: stored.judgmentId },
    include: { assignment: true, pair: true },
  });
  const leftIsA = j.assignment.leftPlanId === j.pair.planAId;
  assert.deepEqual(j.dimensions, {
    feasibility: { v: "SAME" },
    route: { v: leftIsA ? "A" : "B" },
    pacing: { v: "NA" },
    food: { v: leftIsA ? "B" : "A" },
  });
  // A retry finds the stored judgment, whatever it sends.
  const again = await submitJudgment(
    t.db,
    x,
    {
      assignmentId: c.assignmentId,
      choice: "left",
      dimensions: null,
      rationale: "because of the route",
      timeOnTaskMs: 1,
      clientRequestId: `d-${n}`,
    },
    S,
  );
  assert.deepEqual(again, { judgmentId: stored.judgmentId, duplicate: true });

  // Judging has started: the set stays; the same set changes nothing.
  await assert.rejects(updateDataset(t.db, dataset.id, { dimensions: SET.slice(0, 3) }, admin.id), refusal("conflict"));
  await assert.rejects(updateDataset(t.db, dataset.id, { dimensions: null }, admin.id), refusal("conflict"));
  await updateDataset(t.db, dataset.id, { dimensions: SET }, admin.id);
  assert.equal((await dimensionSetOf(dataset.id)).version, 2);
  void y;
});

test("with preference strength on, a dimension's A or B answer carries a strength and a neutral one none", async () => {
  // A dataset of its own (the example's one-pair Fort Wayne): the demo's has started judging with strength off.
  const imported = await importBundle(t.db, exampleBundle("tripcraft-fortwayne"));
  assert.ok(imported.ok);
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  await updateDataset(t.db, imported.datasetId, { preferenceStrength: true, dimensions: SET.slice(0, 2) }, admin.id);
  const z = await createTestExpert(t.db, "dz@t.test", ["Fort Wayne"]);
  const c = (await claimNext(t.db, z, S))!;
  const answer = (dimensions: DimensionChoices) =>
    submitJudgment(
      t.db,
      z,
      {
        assignmentId: c.assignmentId,
        choice: "left",
        strength: 2,
        dimensions,
        rationale: "the route",
        timeOnTaskMs: 1,
        clientRequestId: `d-${++n}`,
      },
      S,
    );
  await assert.rejects(
    answer({ feasibility: { choice: "left" }, route: { choice: "same" } }),
    refusal("dimensions_invalid"),
  );
  await assert.rejects(
    answer({ feasibility: { choice: "left", strength: 1 }, route: { choice: "same", strength: 1 } }),
    refusal("dimensions_invalid"),
  );
  const stored = await answer({ feasibility: { choice: "right", strength: 3 }, route: { choice: "same" } });
  const j = await t.db.judgment.findUniqueOrThrow({
    where: { id: stored.judgmentId },
    include: { assignment: true, pair: true },
  });
  const leftIsA = j.assignment.leftPlanId === j.pair.planAId;
  assert.deepEqual(j.dimensions, { feasibility: { v: leftIsA ? "B" : "A", s: 3 }, route: { v: "SAME" } });
  assert.equal(j.strength, 2);
});

test("a dataset without dimensions refuses dimension answers and stores none", async () => {
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  const fresh = await t.db.dataset.create({
    data: { name: "no dims", format: "TRIPSCORE", contentHash: "no-dims", counts: {} },
  });
  assert.equal((await dimensionSetOf(fresh.id)).dimensions, null);
  // Turning them off again before judging leaves the dataset as it was made.
  await updateDataset(t.db, fresh.id, { dimensions: SET }, admin.id);
  await updateDataset(t.db, fresh.id, { dimensions: [] }, admin.id);
  assert.equal((await dimensionSetOf(fresh.id)).dimensions, null);
});

test("three experts' dimension answers reach the exports: as given, and the majority and agreement a recount gives", async () => {
  // The example's one-pair Beijing, with three of the defaults (no strength).
  const imported = await importBundle(t.db, exampleBundle("tripscore-beijing"));
  assert.ok(imported.ok);
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  const dims = SET.slice(0, 3);
  await updateDataset(t.db, imported.datasetId, { dimensions: dims }, admin.id);
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `dbj${i}@t.test`, ["Beijing"])));
  const answers: DimensionChoices[] = [
    { feasibility: { choice: "left" }, route: { choice: "same" }, pacing: { choice: "na" } },
    { feasibility: { choice: "left" }, route: { choice: "right" }, pacing: { choice: "na" } },
    { feasibility: { choice: "right" }, route: { choice: "same" }, pacing: { choice: "left" } },
  ];
  for (const [i, x] of experts.entries()) {
    const c = (await claimNext(t.db, x, S))!;
    // Two experts say A (whichever side it was shown on), the third Neither: the pair gets label A.
    const a = await t.db.assignment.findUniqueOrThrow({ where: { id: c.assignmentId }, include: { pair: true } });
    const sideOfA = a.leftPlanId === a.pair.planAId ? "left" : "right";
    await submit(x, c.assignmentId, i === 2 ? "neither" : sideOfA, answers[i]);
  }
  const f = { datasetId: imported.datasetId };
  const raw: JudgmentRecord[] = [];
  for await (const r of judgmentRecords(t.db, f)) raw.push(r);
  assert.equal(raw.length, 3);
  assert.ok(raw.every((r) => r.dimensions && Object.keys(r.dimensions).length === 3));
  // The recount: each judgment's answers from the raw export, in slot order.
  raw.sort((a, b) => a.slot - b.slot);
  const recount = dimensionSummary(
    raw.map((r) => Object.fromEntries(Object.entries(r.dimensions!).map(([k, v]) => [k, { v: v.verdict }]))),
  )!;
  const labelled: LabelledPairRecord[] = [];
  for await (const r of labelledPairRecords(t.db, f)) labelled.push(r);
  assert.equal(labelled.length, 1);
  assert.deepEqual(labelled[0].dimension_verdicts, recount.dimension_verdicts);
  assert.deepEqual(labelled[0].dimension_majority, recount.dimension_majority);
  assert.deepEqual(labelled[0].dimension_agreement, recount.dimension_agreement);
  // "Not applicable" twice and one side: the applicable answer decides alone; feasibility 2 of 3 on one side.
  assert.equal(labelled[0].dimension_majority!.pacing, raw[2].dimensions!.pacing.verdict);
  assert.equal(labelled[0].dimension_agreement!.route, 1 / 3);
  assert.equal(labelled[0].label, "A");
  const training: TrainingPair[] = [];
  for await (const r of trainingPairs(t.db, f)) training.push(r);
  assert.equal(training.length, 1);
  assert.deepEqual(training[0].dimension_majority, recount.dimension_majority);
});

test("per-dimension agreement from the tallies equals agreementSummary on the raw export's ratings, and a rebuild keeps the tallies", async () => {
  // The demo dataset (its dimension set from the first test), its Paris pairs judged by three experts.
  const demo = await t.db.dataset.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `dpa${i}@t.test`, ["Paris"])));
  const choices = ["left", "right", "same", "na"] as const;
  for (let round = 0; round < 40; round++) {
    let progressed = false;
    for (const [i, x] of experts.entries()) {
      const c = await claimNext(t.db, x, S);
      if (!c) continue;
      const h = (k: number) => (c.pairId.charCodeAt(k % c.pairId.length) + i * (k + 1)) % 4;
      const dims: DimensionChoices = Object.fromEntries(
        SET.map((d, k) => {
          let choice: (typeof choices)[number] = choices[h(k + 3)];
          if (d.key === "food" && (choice === "same" || choice === "na")) choice = "left";
          if (d.key === "feasibility" && choice === "na") choice = "right";
          return [d.key, { choice }];
        }),
      );
      await submit(x, c.assignmentId, (["left", "right", "neither"] as const)[h(1) % 3], dims);
      progressed = true;
    }
    if (!progressed) break;
  }
  const f = { datasetId: demo.id, completeOnly: true };
  const raw: JudgmentRecord[] = [];
  for await (const r of judgmentRecords(t.db, f)) raw.push(r);
  assert.ok(raw.length >= 9, `judged ${raw.length}`);
  const { rows, datasets } = await scaleTallies(t.db);
  const reports = scaleAgreements(rows, datasets, 200, 3).filter((s) => s.datasetId === demo.id);
  assert.deepEqual(
    reports.map((s) => s.label),
    SET.map((d) => d.name),
  );
  for (const s of reports) {
    const key = s.scale.slice(4);
    // The recount: each judgment's answer on this dimension as a number, "not applicable" left out.
    const ratings: RatingRow[] = raw.flatMap((r) => {
      const a = r.dimensions?.[key];
      const v = a && dimensionSignedPreference({ v: a.verdict, ...(a.strength ? { s: a.strength as 1 | 2 | 3 } : {}) });
      return v === null || v === undefined
        ? []
        : [{ item: r.pair_id, rater: r.expert, slot: r.slot, label: String(v) }];
    });
    assert.equal(s.report.pairs, new Set(ratings.map((r) => r.item)).size, key);
    for (const level of ["nominal", "ordinal", "interval", "ratio"] as const) {
      const ref = agreementSummary(ratings, labelsByValue(ratings, level), 0, 1, level);
      const same = (a: number | null, b: number | null | undefined) =>
        a === null || b === null || b === undefined ? a === (b ?? null) : Math.abs(a - b) < 1e-12;
      assert.ok(same(s.report.krippendorff_alpha[level], ref.krippendorff_alpha_level), `${key} ${level}`);
      if (level === "nominal") {
        assert.ok(same(s.report.fleiss_kappa, ref.fleiss_kappa), `${key} fleiss`);
        for (const [p, w] of Object.entries(ref.weighted_kappa_by_slot_pair!))
          assert.ok(same(s.report.weighted_kappa_by_slot_pair[p].quadratic, w.quadratic), `${key} ${p}`);
      }
    }
  }
  const before = await poolOf(t.db).query(`SELECT * FROM "ScaleTally" WHERE pairs > 0 ORDER BY 1, 2, 3, 4`);
  assert.ok(before.rows.length > 0);
  await poolOf(t.db).query("SELECT tj_rebuild_tallies()");
  const afterRebuild = await poolOf(t.db).query(`SELECT * FROM "ScaleTally" WHERE pairs > 0 ORDER BY 1, 2, 3, 4`);
  assert.deepEqual(afterRebuild.rows, before.rows);
  // Humans against the reward: each dimension compares the pairs whose majority takes a side or "about the same"
  // (the labelled-pairs export's dimension_majority); the drivers regress every judgment with an overall A or B.
  const report = await dimensionReport(t.db, demo.id);
  const labelled: LabelledPairRecord[] = [];
  for await (const r of labelledPairRecords(t.db, { datasetId: demo.id })) labelled.push(r);
  assert.equal(report.pairs, labelled.length);
  for (const h of report.humansVsReward) {
    const decided = labelled.filter((l) => ["A", "B", "SAME"].includes(l.dimension_majority?.[h.key] ?? "")).length;
    assert.equal(h.compared + h.noSignal, decided, h.key);
    assert.equal(h.notApplicable, labelled.filter((l) => l.dimension_majority?.[h.key] === "NA").length, h.key);
  }
  assert.deepEqual(
    report.humansVsReward.map((h) => h.key),
    SET.filter((d) => d.signal).map((d) => d.key),
  );
  const completeJudgments = raw.length;
  const drivers = report.drivers;
  assert.equal(drivers.judgments + drivers.neither, completeJudgments);
  assert.equal(drivers.neither, raw.filter((r) => r.verdict === "NEITHER").length);

  // The leaderboard per dimension: the database's battles equal the battles export read with --dimension.
  const dir = mkdtempSync(path.join(tmpdir(), "tj-dim-battles-"));
  const file = path.join(dir, "battles.jsonl");
  const lines: string[] = [];
  for await (const b of battleRecords(t.db, { datasetId: demo.id })) lines.push(JSON.stringify(b));
  writeFileSync(file, lines.join("\n"));
  for (const d of SET) {
    const fromDb = await leaderboardBattles(t.db, { datasetId: demo.id, dimension: d.key });
    const fromFile = await readBattlesFile(file, 1e8, { dimension: d.key }).catch(() => null);
    const cells = (rows: ReturnType<typeof winTable>) =>
      rows.map((r) => [r.model_a, r.model_b, r.wins_a, r.wins_b, r.ties]);
    assert.deepEqual(cells(winTable(fromDb.set)), fromFile ? cells(winTable(fromFile.set)) : [], d.key);
  }
  const overall = await leaderboardReport(t.db, { datasetId: demo.id }, { style: false, bootstrap: 20, seed: 1 });
  assert.deepEqual(overall.dimensions.map((d) => d.key).sort(), SET.map((d) => d.key).sort());
  // Strength is off on this dataset: no signed preferences.
  assert.deepEqual(overall.signedPreference, []);

  // The Fort Wayne pair (strength on) is not complete with one judgment: no signed tally yet.
  assert.ok(!rows.some((r) => r.scale === "signed"));
  // Two more experts complete it: its signed-preference and dimension patterns are those of its three judgments.
  const fw = await t.db.destination.findFirstOrThrow({ where: { name: "Fort Wayne" } });
  const more = await Promise.all([0, 1].map((i) => createTestExpert(t.db, `dfw${i}@t.test`, ["Fort Wayne"])));
  for (const [i, x] of more.entries()) {
    const c = (await claimNext(t.db, x, S))!;
    await submitJudgment(
      t.db,
      x,
      {
        assignmentId: c.assignmentId,
        choice: i ? "neither" : "right",
        strength: i ? null : 1,
        dimensions: { feasibility: { choice: "left", strength: 2 }, route: { choice: "na" } },
        rationale: "the route",
        timeOnTaskMs: 1,
        clientRequestId: `d-${++n}`,
      },
      S,
    );
  }
  const judged: JudgmentRecord[] = [];
  for await (const r of judgmentRecords(t.db, { destinationId: fw.id })) judged.push(r);
  judged.sort((a, b) => a.slot - b.slot);
  assert.equal(judged.length, 3);
  const { rows: signed } = await poolOf(t.db).query<{ scale: string; pattern: number; pairs: number }>(
    `SELECT scale, pattern, pairs FROM "ScaleTally" WHERE "destinationId" = $1 ORDER BY scale`,
    [fw.id],
  );
  const dimValue = (a: { verdict: DimensionVerdict; strength: number | null } | undefined) =>
    a ? dimensionSignedPreference({ v: a.verdict, ...(a.strength ? { s: a.strength as 1 | 2 | 3 } : {}) }) : null;
  assert.deepEqual(signed, [
    {
      scale: "dim:feasibility",
      pattern: scalePatternOf(judged.map((j) => dimValue(j.dimensions!.feasibility))),
      pairs: 1,
    },
    { scale: "dim:route", pattern: scalePatternOf(judged.map((j) => dimValue(j.dimensions!.route))), pairs: 1 },
    { scale: "signed", pattern: scalePatternOf(judged.map((j) => j.signed_preference)), pairs: 1 },
  ]);
  // The win table's mean signed preference for the Fort Wayne planners: the mean of the judgments' own, from plan
  // A's planner's side when it comes first alphabetically.
  const fwReport = await leaderboardReport(t.db, { destinationId: fw.id }, { style: false, bootstrap: 20, seed: 1 });
  const pair = await t.db.pair.findFirstOrThrow({
    where: { query: { destinationId: fw.id } },
    include: { planA: true, planB: true },
  });
  const mean = judged.reduce((s, j) => s + j.signed_preference!, 0) / judged.length;
  assert.deepEqual(
    fwReport.signedPreference.map((c) => [c.model_a, c.model_b, c.n, c.mean]),
    pair.planA.model === pair.planB.model
      ? []
      : [
          pair.planA.model < pair.planB.model
            ? [pair.planA.model, pair.planB.model, 3, mean]
            : [pair.planB.model, pair.planA.model, 3, -mean],
        ],
  );
  // The pair taken back (reopened for a fourth rater): its scale counts go to zero and leave no row, as a rebuild
  // from the judgments would have none (tj_tally_pair deletes by the keys it counted down).
  await poolOf(t.db).query(`UPDATE "Pair" SET "requiredRaters" = 4, status = 'OPEN' WHERE id = $1`, [pair.id]);
  const scales = () =>
    poolOf(t.db)
      .query(`SELECT * FROM "ScaleTally" ORDER BY 1, 2, 3, 4`)
      .then((r) => r.rows);
  const kept = await scales();
  assert.ok(!kept.some((r) => r.destinationId === fw.id));
  await poolOf(t.db).query("SELECT tj_rebuild_tallies()");
  assert.deepEqual(await scales(), kept);
});
