/**
 * The Leaderboard page's prediction-powered board and its "judgments still needed", on a real database: experts
 * judge the Paris pairs of the demo, a judge's verdicts are uploaded for every pair. The board equals the module's
 * output on the same battles (read the way `tripjudge leaderboard --judge-battles` reads its files), λ̂ is in [0, 1]
 * and no planner's interval widens much; the projection equals the pure one on the same battles and waiting pairs, and
 * its widest planner now is the leaderboard table's.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import {
  A_WINS,
  B_WINS,
  PredictionPoweredBuilder,
  predictionPoweredLeaderboard,
  projectNeededForTable,
  readPredictionPoweredFiles,
  TIE,
  type PredictionPoweredLeaderboard,
} from "../leaderboard";
import { importJudgeVerdicts } from "./alignment";
import { leaderboardBattles, leaderboardReport } from "./leaderboard";
import { judgmentsNeeded, servingOrderOf, waitingPairs } from "./needed";
import { judgeInScope, judgesInScope, predictionPoweredBattles, predictionPoweredReport } from "./prediction-powered";
import { poolOf, seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
let dir: string;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
type Verdict = "A" | "B" | "NEITHER";
let pairs: { id: string; queryId: string; modelA: string; modelB: string }[];
const STRENGTH: Record<string, number> = { "voyager-pro": 2, "meridian-70b": 1, "atlas-7b": 0 };
/** FNV-1a, as a share of 2³²: a draw that is the same on every run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h / 2 ** 32;
}
let judgments: { id: string; pairId: string; verdict: Verdict }[];
/** llm-one's single verdict on each pair. */
const one = new Map<string, Verdict>();

before(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), "tj-pp-"));
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `pp${i}@t.test`, ["Paris"])));
  const rows = await t.db.pair.findMany({
    select: {
      id: true,
      queryId: true,
      query: { select: { sourceId: true } },
      planA: { select: { model: true } },
      planB: { select: { model: true } },
    },
  });
  pairs = rows.map((p) => ({ id: p.id, queryId: p.queryId, modelA: p.planA.model, modelB: p.planB.model }));
  // Verdicts that do not depend on the random ids: from each pair's request and planners, and how many judgments
  // it has had. Planted strengths (voyager-pro ahead, atlas-7b behind) with noise: stronger wins 55 %, a tie 20 %.
  const key = new Map(rows.map((p) => [p.id, `${p.query.sourceId}/${p.planA.model}/${p.planB.model}`]));
  const draw = (pairId: string, k: number): Verdict => {
    const p = pairs.find((x) => x.id === pairId)!;
    const u = hash(`${key.get(pairId)}#${k}`);
    const aStronger = STRENGTH[p.modelA] > STRENGTH[p.modelB];
    return u < 0.55 ? (aStronger ? "A" : "B") : u < 0.75 ? "NEITHER" : aStronger ? "B" : "A";
  };
  // The screen's sides are random: the experts judge, then each pair's k-th judgment is given its verdict.
  await judgeUntilDone(t.db, experts, () => "neither", S, "pp");
  const done = await t.db.judgment.findMany({ select: { id: true, pairId: true }, orderBy: { id: "asc" } });
  const k = new Map<string, number>();
  judgments = done.map((j) => {
    const n = k.get(j.pairId) ?? 0;
    k.set(j.pairId, n + 1);
    return { ...j, verdict: draw(j.pairId, n) };
  });
  await poolOf(t.db).query(
    `UPDATE "Judgment" j SET verdict = s.verdict::"Verdict" FROM unnest($1::text[], $2::text[]) s(id, verdict) WHERE j.id = s.id`,
    [judgments.map((j) => j.id), judgments.map((j) => j.verdict)],
  );
  const judged = new Set(judgments.map((j) => j.pairId));
  assert.ok(judged.size >= 5 && pairs.length - judged.size >= 10, `${judged.size} of ${pairs.length} pairs judged`);
  // llm-one: on a judged pair the first expert's verdict, elsewhere a draw like the experts' (a judge that agrees
  // with them often); llm-two: two runs on every judged pair (both orders), one on the others.
  pairs.forEach((p) => one.set(p.id, draw(p.id, 0)));
  const lines: { pair_id: string; judge: string; verdict: Verdict; order?: string }[] = [
    ...pairs.map((p) => ({ pair_id: p.id, judge: "llm-one", verdict: one.get(p.id)! })),
    ...pairs.flatMap((p) =>
      judged.has(p.id)
        ? [
            { pair_id: p.id, judge: "llm-two", verdict: one.get(p.id)!, order: "ab" },
            { pair_id: p.id, judge: "llm-two", verdict: draw(p.id, 7), order: "ba" },
          ]
        : [{ pair_id: p.id, judge: "llm-two", verdict: draw(p.id, 8) }],
    ),
  ];
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  await importJudgeVerdicts(t.db, lines.map((l) => JSON.stringify(l)).join("\n"), "judges.jsonl", admin.id);
});
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.drop();
});

const WINNER = { A: "model_a", B: "model_b", NEITHER: "tie" } as const;
const OUTCOME = { A: A_WINS, B: B_WINS, NEITHER: TIE } as const;

function sameBoard(got: PredictionPoweredLeaderboard, want: PredictionPoweredLeaderboard, tol = 1e-6) {
  const near = (x: number, y: number, what: string) => assert.ok(Math.abs(x - y) <= tol, `${what}: ${x} vs ${y}`);
  near(got.lambda, want.lambda, "λ");
  near(got.effectiveSampleRatio, want.effectiveSampleRatio, "effective sample ratio");
  near(got.labelled, want.labelled, "labelled");
  near(got.judgeBattles, want.judgeBattles, "judge battles");
  assert.deepEqual(
    got.models.map((m) => m.model),
    want.models.map((m) => m.model),
  );
  got.models.forEach((m, i) => {
    const w = want.models[i];
    near(m.rating, w.rating, `${m.model} rating`);
    near(m.ci95[0], w.ci95[0], `${m.model} lower`);
    near(m.ci95[1], w.ci95[1], `${m.model} upper`);
    near(m.expertsOnly.rating, w.expertsOnly.rating, `${m.model} experts-only rating`);
    near(m.expertsOnly.ci95[0], w.expertsOnly.ci95[0], `${m.model} experts-only lower`);
    near(m.expertsOnly.ci95[1], w.expertsOnly.ci95[1], `${m.model} experts-only upper`);
  });
}

test("the board equals the module on the same battles as the command line reads them; λ in [0, 1], no interval much wider", async () => {
  const byId = new Map(pairs.map((p) => [p.id, p]));
  // The command line's two files: every judgment a battle with its id; the judge's verdict under the same id on a
  // judged pair, under the pair's id elsewhere.
  const judged = new Set(judgments.map((j) => j.pairId));
  const battle = (id: string, p: (typeof pairs)[number], v: Verdict) =>
    JSON.stringify({ id, model_a: p.modelA, model_b: p.modelB, winner: WINNER[v], query_id: p.queryId });
  const human = path.join(dir, "human.jsonl"),
    judge = path.join(dir, "judge.jsonl");
  writeFileSync(human, judgments.map((j) => battle(j.id, byId.get(j.pairId)!, j.verdict)).join("\n"));
  writeFileSync(
    judge,
    [
      ...judgments.map((j) => battle(j.id, byId.get(j.pairId)!, one.get(j.pairId)!)),
      ...pairs.filter((p) => !judged.has(p.id)).map((p) => battle(p.id, p, one.get(p.id)!)),
    ].join("\n"),
  );
  const files = await readPredictionPoweredFiles(human, judge, 1 << 24);
  const want = predictionPoweredLeaderboard(files.pp);

  const r = await predictionPoweredReport(t.db, {}, "llm-one", { style: false, bootstrap: 0, seed: 1 });
  assert.equal(r.problem, null);
  assert.ok(r.board);
  sameBoard(r.board, want);
  assert.equal(r.board.labelled, judgments.length);
  assert.equal(r.labelledPairs, judged.size);
  assert.equal(r.judgePairs, pairs.length - judged.size);
  assert.equal(r.expertsWithoutJudge, 0);
  assert.equal(r.board.intervals, "sandwich");
  assert.ok(r.board.lambda >= 0 && r.board.lambda <= 1, `λ ${r.board.lambda}`);
  assert.ok(r.board.lambda > 0, "a judge that agrees with the experts this often is worth something");
  assert.ok(r.board.effectiveSampleRatio >= 1, `effective sample ratio ${r.board.effectiveSampleRatio}`);
  for (const m of r.board.models) {
    const pp = m.ci95[1] - m.ci95[0],
      experts = m.expertsOnly.ci95[1] - m.expertsOnly.ci95[0];
    // λ̂ minimizes the total variance, not each planner's (docs/prediction-powered.md); with a judge this close to the
    // experts each planner's interval narrows too (here by 37–53 %; the ratio is 3.8).
    assert.ok(pp <= experts + 1e-9, `${m.model}: ${pp} against ${experts} experts only`);
  }
  // Without the judge (λ = 0) the experts-only ratings are the leaderboard's own.
  const plain = await leaderboardReport(t.db, {}, { style: false, bootstrap: 20, seed: 1 });
  for (const m of r.board.models) {
    const own = plain.report!.models.find((x) => x.model === m.model)!;
    assert.ok(Math.abs(own.rating - m.expertsOnly.rating) < 1e-6, `${m.model}`);
  }
});

test("several verdicts of the judge on one pair count as their average; the page's report carries the board", async () => {
  // The module on battles built one judgment at a time, each carrying the judge's verdicts at weight 1/m.
  const verdicts = await t.db.judgeVerdict.findMany({
    where: { judge: "llm-two" },
    select: { pairId: true, verdict: true },
  });
  const of = new Map<string, Verdict[]>();
  for (const v of verdicts) of.set(v.pairId, [...(of.get(v.pairId) ?? []), v.verdict as Verdict]);
  const b = new PredictionPoweredBuilder();
  const judged = new Set(judgments.map((j) => j.pairId));
  for (const j of judgments) {
    const p = pairs.find((x) => x.id === j.pairId)!;
    const vs = of.get(p.id)!;
    for (const v of vs) b.addLabelled(p.modelA, p.modelB, OUTCOME[j.verdict], OUTCOME[v], p.queryId, 1 / vs.length);
  }
  for (const p of pairs.filter((x) => !judged.has(x.id)))
    for (const v of of.get(p.id)!) b.addJudge(p.modelA, p.modelB, OUTCOME[v], p.queryId, 1 / of.get(p.id)!.length);
  const want = predictionPoweredLeaderboard(b.build());
  const read = await predictionPoweredBattles(t.db, {}, "llm-two", { rangeSize: 7 });
  assert.ok(read.pp);
  sameBoard(predictionPoweredLeaderboard(read.pp), want);

  const page = await leaderboardReport(
    t.db,
    {},
    { style: false, bootstrap: 50, seed: 3, judge: "llm-two", intervals: "bootstrap" },
  );
  assert.deepEqual(page.judges, ["llm-one", "llm-two"]);
  assert.ok(page.report && page.predictionPowered?.board);
  assert.equal(page.predictionPowered.board.intervals, "bootstrap");
  assert.equal(page.predictionPowered.board.bootstrap?.replicates, 50);
  const withStyle = await predictionPoweredReport(t.db, {}, "llm-two", { style: true, bootstrap: 0, seed: 1 });
  assert.ok(withStyle.board?.style?.length || withStyle.problem, "style control fits or says why not");
});

test("judges in scope; a judge the experts' scope cannot rectify is a problem said, not a failure", async () => {
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  assert.deepEqual(await judgesInScope(t.db, { destinationId: paris.id }), ["llm-one", "llm-two"]);
  assert.equal(await judgeInScope(t.db, {}, "llm-one"), true);
  assert.equal(await judgeInScope(t.db, {}, "nobody"), false);
  assert.equal(await judgeInScope(t.db, { days: 59 }, "llm-one"), false);
  // In Paris every pair was judged by the experts: the judge adds no battle, and the module says so.
  const r = await predictionPoweredReport(t.db, { destinationId: paris.id }, "llm-one", {
    style: false,
    bootstrap: 0,
    seed: 1,
  });
  assert.equal(r.board, null);
  assert.match(r.problem ?? "", /no judge battle beside the expert-labelled ones/);
  assert.equal(r.judgePairs, 0);
  assert.ok(r.labelledPairs > 0);
});

test("judgments still needed: the waiting pairs in the claim's order, projected in the dataset's serving order", async () => {
  const waiting = await waitingPairs(t.db, {}, "oldest");
  const open = await t.db.pair.findMany({
    where: { status: "OPEN" },
    select: { requiredRaters: true, submittedCount: true, createdAt: true, priority: true },
  });
  assert.equal(
    waiting.reduce((s, w) => s + w.judgments, 0),
    open.reduce((s, p) => s + p.requiredRaters - p.submittedCount, 0),
  );
  const { set } = await leaderboardBattles(t.db, {});
  const target = 40;
  const boot = { bootstrap: 200, seed: 3 };
  const got = await judgmentsNeeded(t.db, {}, { target, queueOrder: "oldest", ...boot });
  const want = projectNeededForTable(set, waiting, { order: "imported", target, ...boot });
  assert.deepEqual({ ...got, datasetId: undefined }, { ...want, datasetId: undefined });
  assert.equal(got.datasetId, null);
  // The widest now is the table's: the planner with the widest interval on the page, at half its width.
  const { report } = await leaderboardReport(t.db, {}, { style: false, ...boot });
  const table = report!.models.map((m) => ({ model: m.model, half: (m.ci95[1] - m.ci95[0]) / 2 }));
  const widest = table.reduce((w, m) => (m.half > w.half ? m : w));
  assert.equal(got.now.model, widest.model);
  assert.ok(Math.abs(got.now.halfWidth - widest.half) < 1e-9, `${got.now.halfWidth} vs ${widest.half}`);
  assert.ok(got.waiting > 0);
  assert.ok(got.needed === null ? got.end.judgments === got.waiting : got.end.halfWidth < target);

  // A dataset's serving order is its own; the pairs of a higher priority come first.
  const dataset = await t.db.dataset.findFirstOrThrow();
  await t.db.dataset.update({ where: { id: dataset.id }, data: { servingOrder: "balanced" } });
  assert.equal(await servingOrderOf(t.db, dataset.id), "balanced");
  assert.equal(await servingOrderOf(t.db, null), "imported");
  const balanced = await judgmentsNeeded(
    t.db,
    { datasetId: dataset.id },
    { target, queueOrder: "completion", ...boot },
  );
  assert.equal(balanced.order, "balanced");
  assert.equal(balanced.datasetId, dataset.id);
  const last = (await waitingPairs(t.db, {}, "oldest")).at(-1)!;
  const { rows } = await poolOf(t.db).query<{ id: string }>(
    `UPDATE "Pair" SET priority = 1 WHERE id = (SELECT p.id FROM "Pair" p JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
      WHERE p.status = 'OPEN' AND pa.model = $1 AND pb.model = $2 ORDER BY p."createdAt" DESC, p.id DESC LIMIT 1) RETURNING id`,
    [last.modelA, last.modelB],
  );
  assert.equal(rows.length, 1);
  const first = (await waitingPairs(t.db, {}, "oldest"))[0];
  assert.deepEqual([first.modelA, first.modelB], [last.modelA, last.modelB]);
});
