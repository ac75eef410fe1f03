import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { BattleSetBuilder, leaderboard, battleLineSchema, planStyle } from "../leaderboard";
import { exportCount, battleRecords } from "../../exports/store";
import { leaderboardBattles, leaderboardReport } from "./leaderboard";
import { deleteJudgeImport, importJudgeVerdicts, judgeBoard } from "./alignment";
import { AppError } from "../../kernel";
import { itinerarySchema } from "../../datasets";
import { poolOf, seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `lb${i}@t.test`, ["Paris"])));
  await judgeUntilDone(
    t.db,
    experts,
    // About half the pairs are ties by all three experts: three battles of one pair, two of them with the same plan
    // on the left, so identical battles exist whatever the random ids (the grouping test needs some).
    (pairId, i) =>
      pairId.charCodeAt(4) % 2 === 0
        ? "neither"
        : (["left", "right", "neither", "left"] as const)[(pairId.charCodeAt(4) + i) % 4],
    S,
    "lb",
  );
});
after(async () => t.drop());

test("the exported battles and the database's grouped battles give the same leaderboard", async () => {
  const exported = [];
  for await (const r of battleRecords(t.db)) exported.push(r);
  assert.ok(exported.length > 20, `only ${exported.length} battles`);
  assert.equal(await exportCount(t.db, "battles"), exported.length);
  for (const r of exported)
    assert.ok(battleLineSchema.safeParse(r).success && r.model_a !== r.model_b && /^expert-/.test(r.judge));
  const fromFile = new BattleSetBuilder();
  for (const r of exported) fromFile.addLine(battleLineSchema.parse(r));
  const { set } = await leaderboardBattles(t.db, {});
  assert.ok(set.size < exported.length, "the database groups identical battles");
  const a = leaderboard(fromFile.build(), { bootstrap: 100, seed: 3 });
  const b = leaderboard(set, { bootstrap: 100, seed: 3 });
  assert.equal(b.battles, exported.length);
  for (const m of a.models) {
    const other = b.models.find((x) => x.model === m.model)!;
    assert.ok(Math.abs(other.rating - m.rating) < 1e-9);
    assert.deepEqual([other.wins, other.losses, other.ties], [m.wins, m.losses, m.ties]);
  }
  assert.deepEqual(b.pairs, a.pairs);
  assert.deepEqual(b.left, a.left);
  // The same queries are the resampling units either way, so the intervals agree too.
  assert.equal(a.bootstrap.units, b.bootstrap.units);
});

test("filters select battles; style control reads the plans", async () => {
  const all = (await leaderboardBattles(t.db, {})).set;
  const none = (await leaderboardBattles(t.db, { days: 59 })).set;
  assert.equal(none.size, 0);
  const gated = (await leaderboardBattles(t.db, { bothGates: true })).set;
  const total = (s: typeof all) => s.weight.reduce((x, y) => x + y, 0);
  assert.ok(total(gated) <= total(all));
  const r = await leaderboardReport(t.db, {}, { style: true, bootstrap: 50, seed: 1 });
  assert.ok(r.report?.style);
  assert.equal(r.report.style.ratings.length, r.report.models.length);
  assert.ok(r.tripLengths.length >= 1);
  const empty = await leaderboardReport(t.db, { days: 59 }, { style: false, bootstrap: 50, seed: 1 });
  assert.equal(empty.report, null);
});

test("style control keeps each plan's covariates the first time: the same leaderboard, the itineraries read once", async () => {
  await poolOf(t.db).query(`UPDATE "Plan" SET style = NULL`);
  const first = await leaderboardReport(t.db, {}, { style: true, bootstrap: 50, seed: 1 });
  const { rows: plans } = await poolOf(t.db).query<{ itinerary: unknown; style: unknown }>(
    `SELECT itinerary, style FROM "Plan" WHERE style IS NOT NULL`,
  );
  assert.ok(plans.length > 10, `${plans.length} plans kept their style`);
  for (const p of plans) assert.deepEqual(p.style, planStyle(itinerarySchema.parse(p.itinerary)));
  // Read from the kept covariates, the leaderboard is the same to the last digit; a kept value is what is read.
  const again = await leaderboardReport(t.db, {}, { style: true, bootstrap: 50, seed: 1 });
  assert.deepEqual(again.report?.style, first.report?.style);
  await poolOf(t.db).query(`UPDATE "Plan" SET style = jsonb_set(style, '{items}', '1000') WHERE style IS NOT NULL`);
  const skewed = await leaderboardReport(t.db, {}, { style: true, bootstrap: 50, seed: 1 });
  assert.notDeepEqual(skewed.report?.style, first.report?.style);
  await poolOf(t.db).query(`UPDATE "Plan" SET style = NULL`);
});

test("judge verdicts import all or nothing, once per file, and the board holds them and the reward against the experts", async () => {
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  const complete = await t.db.pair.findMany({
    where: { status: "COMPLETE" },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  assert.ok(complete.length >= 5);
  const lines = complete.flatMap((p, i) => [
    { pair_id: p.id, judge: "llm-x", verdict: i % 2 ? "A" : "B", order: "ab" },
    { pair_id: p.id, judge: "llm-x", verdict: "A", order: "ba" },
  ]);
  const text = lines.map((l) => JSON.stringify(l)).join("\n");
  const first = await importJudgeVerdicts(t.db, text, "x.jsonl", admin.id);
  assert.deepEqual([first.created, first.verdicts, first.judges], [true, lines.length, ["llm-x"]]);
  const again = await importJudgeVerdicts(t.db, text, "x.jsonl", admin.id);
  assert.equal(again.created, false);
  assert.equal(await t.db.judgeVerdict.count(), lines.length);
  await assert.rejects(
    importJudgeVerdicts(
      t.db,
      JSON.stringify({ pair_id: "no-such-pair", judge: "y", verdict: "A" }),
      "y.jsonl",
      admin.id,
    ),
    (e: AppError) => e.code === "invalid_request" && /1 pair id/.test(e.message),
  );
  await assert.rejects(
    importJudgeVerdicts(t.db, '{"pair_id":"x","judge":"y","verdict":"maybe"}', "z.jsonl", admin.id),
    (e: AppError) =>
      Array.isArray(e.extra?.problems) && /z\.jsonl:1: verdict/.test(String((e.extra!.problems as string[])[0])),
  );
  // A judge whose name a reader could not tell from one on the board (Cyrillic "х", fullwidth letters) is refused.
  for (const lookalike of ["llm-\u0445", "ＬＬＭ-x"])
    await assert.rejects(
      importJudgeVerdicts(
        t.db,
        JSON.stringify({ pair_id: complete[0].id, judge: lookalike, verdict: "A" }),
        "lookalike.jsonl",
        admin.id,
      ),
      (e: AppError) => String((e.extra?.problems as string[])?.[0]).includes('looks like "llm-x"'),
    );
  assert.equal(await t.db.judgeImport.count(), 1);

  const board = await judgeBoard(t.db);
  const names = board.judges.map((j) => j.judge);
  assert.ok(names.includes("llm-x") && names.includes("TripScore reward (published weights)"));
  const x = board.judges.find((j) => j.judge === "llm-x")!;
  assert.equal(x.verdicts, lines.length);
  assert.equal(x.flipPairs, complete.length);
  assert.equal(x.flipRate, complete.filter((_, i) => i % 2 === 0).length / complete.length);
  const rewardJudge = board.judges.find((j) => j.builtIn)!;
  assert.ok(rewardJudge.kendallTau === null || Math.abs(rewardJudge.kendallTau) <= 1);
  assert.ok(board.differences.some((d) => d.pairs > 0 && d.ci95 !== null));
  assert.equal(board.humans.pairs, complete.length);
  // Read in batches of 3 pairs, and of 3 verdicts (keyset by id), the board is the same.
  assert.deepEqual(await judgeBoard(t.db, { batch: 3 }), board);

  await deleteJudgeImport(t.db, first.id, admin.id);
  assert.equal(await t.db.judgeVerdict.count(), 0);
  await assert.rejects(deleteJudgeImport(t.db, first.id, admin.id), (e: AppError) => e.code === "not_found");
});

test("a verdict file of 20,000 lines imports whole; a built-in judge's name and text that is not valid Unicode are refused by line", async () => {
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  const pairs = await t.db.pair.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 50 });
  // A hundred judges (the board's limit), each judging 50 pairs four times (both orders, twice).
  const lines = Array.from({ length: 100 }, (_, j) =>
    pairs.flatMap((p, i) =>
      [0, 1, 2, 3].map((run) =>
        JSON.stringify({
          pair_id: p.id,
          judge: `bulk-${j}`,
          verdict: (i + j + run) % 3 === 0 ? "NEITHER" : i % 2 ? "A" : "B",
          order: run % 2 ? "ba" : "ab",
        }),
      ),
    ),
  ).flat();
  assert.equal(lines.length, 20_000);
  const r = await importJudgeVerdicts(t.db, lines.join("\n"), "bulk.jsonl", admin.id);
  assert.deepEqual([r.created, r.verdicts], [true, 20_000]);
  assert.equal(await t.db.judgeVerdict.count({ where: { importId: r.id } }), 20_000);
  // One judge more would put 101 on the board: refused, saying why.
  await assert.rejects(
    importJudgeVerdicts(
      t.db,
      JSON.stringify({ pair_id: pairs[0].id, judge: "one-too-many", verdict: "A" }),
      "more.jsonl",
      admin.id,
    ),
    (e: AppError) => e.code === "invalid_request" && /101 judges, over its limit of 100/.test(e.message),
  );
  await deleteJudgeImport(t.db, r.id, admin.id);
  const refused = async (text: string, pattern: RegExp) =>
    assert.rejects(
      importJudgeVerdicts(t.db, text, "bad.jsonl", admin.id),
      (e: AppError) => e.code === "invalid_request" && pattern.test(String((e.extra!.problems as string[])[0])),
    );
  await refused(
    JSON.stringify({ pair_id: pairs[0].id, judge: "TripScore reward (published weights)", verdict: "A" }),
    /bad\.jsonl:1: judge: is \(or looks like\) the name of a built-in judge/,
  );
  await refused(
    JSON.stringify({ pair_id: pairs[0].id, judge: "tripscore reward  (Published Weights)", verdict: "A" }),
    /built-in judge/,
  );
  await refused(
    `{"pair_id":"${pairs[0].id}","judge":"x\\ud800y","verdict":"A"}`,
    /bad\.jsonl:1: judge: holds a NUL character or an unpaired surrogate/,
  );
  assert.equal(await t.db.judgeImport.count({ where: { name: "bad.jsonl" } }), 0);
});
