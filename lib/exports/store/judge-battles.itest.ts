/**
 * Battles for the prediction-powered leaderboard, exported (docs/prediction-powered.md): every experts' battle says
 * its pair under lmarena's `id`; `battles --judge NAME` writes an uploaded judge's verdicts as battles, one a pair
 * under the same id. Read back as `tripjudge leaderboard --battles EXPERTS --judge-battles JUDGE` reads them, they give
 * the Leaderboard page's board with that judge — from the module, and from the three commands end to end.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { DEFAULT_SETTINGS } from "../../judging";
import { predictionPoweredLeaderboard, readPredictionPoweredFiles } from "../../results/leaderboard";
import { importJudgeVerdicts, predictionPoweredReport } from "../../results/store";
import { seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../../testing/database";
import { exportBytes, exportQuery, exportRefusal, filtersOf } from "../kinds";
import type { BattleRecord, ExportFilters } from "../records";
import { exportCount } from "./export-counts";
import { records, scopeProblem } from "./exports";

let t: TestDatabase;
let dir: string;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
type Verdict = "A" | "B" | "NEITHER";
/** A draw that is the same on every run (FNV-1a of the text, as a share of 2³²). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h / 2 ** 32;
}
/** llm-one's one verdict a pair; llm-two's verdicts where it judged a pair more than once. */
const one = new Map<string, Verdict>();
const two = new Map<string, Verdict[]>();
/** Each pair's place in the upload's order: llm-sure's probabilities or samples depend on it. */
const place = new Map<string, number>();

before(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), "tj-judge-battles-"));
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  // Three experts judge every Paris pair, the plan of the stronger planner mostly; the judges judge every pair.
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `jb${i}@t.test`, ["Paris"])));
  const pairs = await t.db.pair.findMany({
    select: { id: true, planAId: true, query: { select: { sourceId: true } }, planA: { select: { model: true } } },
  });
  const key = new Map(pairs.map((p) => [p.id, `${p.query.sourceId}/${p.planA.model}`]));
  const planA = new Map(pairs.map((p) => [p.id, p.planAId]));
  // Each expert's verdict is drawn for the plans, not the screen sides: the same on every run.
  await judgeUntilDone(
    t.db,
    experts,
    (pairId, i, leftPlanId) => {
      const u = hash(`${key.get(pairId)}#${i}`);
      const aOnLeft = leftPlanId === planA.get(pairId);
      return u < 0.8 ? (u < 0.5 === aOnLeft ? "left" : "right") : "neither";
    },
    S,
    "jb",
  );
  const verdict = (id: string, k: number): Verdict => {
    const u = hash(`${key.get(id)}@${k}`);
    return u < 0.45 ? "A" : u < 0.8 ? "B" : "NEITHER";
  };
  // llm-one follows the first expert's verdict on four pairs in five: a judge that tells something. Every draw is
  // fixed by the pair's request and planner (ids differ between runs), so λ̂ is the same, above 0, on every run.
  const first = new Map<string, Verdict>();
  for (const j of await t.db.judgment.findMany({
    where: { userId: experts[0] },
    select: { pairId: true, verdict: true },
  }))
    first.set(j.pairId, j.verdict);
  for (const p of pairs) {
    const k = key.get(p.id)!;
    one.set(p.id, first.has(p.id) && hash(`${k}@follow`) < 0.8 ? first.get(p.id)! : verdict(p.id, 0));
    two.set(p.id, hash(k) < 0.5 ? [verdict(p.id, 1), verdict(p.id, 2)] : [verdict(p.id, 3)]);
  }
  pairs.forEach((p, i) => place.set(p.id, i));
  const lines = [
    ...pairs.map((p) => ({ pair_id: p.id, judge: "llm-one", verdict: one.get(p.id) })),
    // llm-sure says how sure it is: probabilities on even pairs (two uploads' worth on the first), samples on odd ones.
    ...pairs.flatMap((p, i): object[] =>
      i % 2 === 0
        ? [
            { pair_id: p.id, judge: "llm-sure", p_a: 0.7, p_b: 0.2, p_neither: 0.1 },
            ...(i === 0 ? [{ pair_id: p.id, judge: "llm-sure", p_a: 0.9, p_b: 0.1 }] : []),
          ]
        : [{ pair_id: p.id, judge: "llm-sure", samples: ["B", "B", "A", "B"] }],
    ),
    ...pairs.flatMap((p) => two.get(p.id)!.map((v) => ({ pair_id: p.id, judge: "llm-two", verdict: v }))),
  ];
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  await importJudgeVerdicts(t.db, lines.map((l) => JSON.stringify(l)).join("\n"), "judges.jsonl", admin.id);
});
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.drop();
});

async function battles(f: ExportFilters): Promise<BattleRecord[]> {
  const out: BattleRecord[] = [];
  for await (const r of records("battles", t.db, f)) out.push(r as BattleRecord);
  return out;
}
/** The export's JSONL, as the download and `tripjudge export` write it, in a file. */
async function file(name: string, f: ExportFilters): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const c of exportBytes("battles", "jsonl", records("battles", t.db, f))) chunks.push(c);
  const out = path.join(dir, name);
  writeFileSync(out, Buffer.concat(chunks));
  return out;
}

test("every experts' battle says its pair as its id; a judge's battles are one a pair, under the pair's id", async () => {
  const experts = await battles({});
  assert.equal(experts.length, await t.db.judgment.count());
  assert.ok(experts.every((b) => b.id === b.pair_id));
  const judge = await battles(filtersOf(exportQuery.parse({ judge: "llm-two" })));
  const pairs = await t.db.pair.findMany({ select: { id: true } });
  assert.deepEqual(judge.map((b) => b.id).sort(), pairs.map((p) => p.id).sort());
  const WINNER = { A: "model_a", B: "model_b", NEITHER: "tie" } as const;
  for (const b of judge) {
    const vs = two.get(b.id)!;
    const a = vs.filter((v) => v === "A").length,
      bs = vs.filter((v) => v === "B").length;
    // Several verdicts on a pair: the side more of them chose, a tie when as many chose each.
    assert.equal(b.winner, vs.length === 1 ? WINNER[vs[0]] : a > bs ? "model_a" : bs > a ? "model_b" : "tie", b.id);
    assert.deepEqual(
      [b.judge, b.left, b.label_source, b.label_judge, b.label_threshold, b.label_confidence],
      ["llm-two", null, "judge", "llm-two", null, null],
    );
  }
  assert.ok(
    judge.some((b) => two.get(b.id)!.length === 2),
    "some pairs have two verdicts",
  );
  // A judge that says how sure it is: its mean probability of the winner, else its samples' share of the winner.
  const sure = await battles(filtersOf(exportQuery.parse({ judge: "llm-sure" })));
  assert.equal(sure.length, pairs.length);
  for (const b of sure) {
    const i = place.get(b.id)!;
    if (i % 2 === 0) {
      assert.equal(b.winner, "model_a", b.id);
      assert.ok(Math.abs(b.label_confidence! - (i === 0 ? 0.8 : 0.7)) < 1e-9, `${b.id} (${i}): ${b.label_confidence}`);
    } else assert.deepEqual([b.winner, b.label_confidence], ["model_b", 0.75], b.id);
  }
  // Counted as streamed; a destination selects its pairs; a judge no verdict names is said.
  const rome = (await t.db.destination.findFirstOrThrow({ where: { name: "Rome" } })).id;
  for (const f of [{ judge: "llm-two" }, { judge: "llm-one", destinationId: rome }]) {
    const n = (await battles(f)).length;
    assert.equal(await exportCount(t.db, "battles", f), n);
    assert.ok(n > 0);
  }
  assert.ok((await battles({ judge: "llm-one", destinationId: rome })).every((b) => b.destination === "Rome"));
  assert.match((await scopeProblem(t.db, { judge: "llm-three" }))!, /no uploaded judge is named "llm-three"/);
  assert.equal(exportRefusal("battles", exportQuery.parse({ judge: "llm-one" })), null);
});

test("the experts' and the judge's battle files, read as the command line reads them, give the Leaderboard page's board", async () => {
  const experts = await file("experts.jsonl", {});
  const judge = await file("judge-one.jsonl", { judge: "llm-one" });
  const files = await readPredictionPoweredFiles(experts, judge, 1 << 26);
  const fromFiles = predictionPoweredLeaderboard(files.pp);
  const page = await predictionPoweredReport(t.db, {}, "llm-one", { style: false, bootstrap: 0, seed: 1 });
  assert.equal(page.problem, null);
  assert.ok(page.board);
  assert.equal(page.expertsWithoutJudge, 0);
  assert.equal(fromFiles.labelled, await t.db.judgment.count());
  sameBoard(fromFiles, page.board);
  assert.ok(fromFiles.lambda > 0 && fromFiles.lambda <= 1);
});

test("end to end: tripjudge export battles, export battles --judge, leaderboard --judge-battles", async () => {
  const run = (command: string, args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", command, ...args], {
      env: { ...process.env, DATABASE_URL: t.url },
      maxBuffer: 64 << 20,
    });
  const experts = path.join(dir, "cli-experts.jsonl"),
    judge = path.join(dir, "cli-judge.jsonl");
  await run("export", ["battles", "--out", experts]);
  await run("export", ["battles", "--judge", "llm-one", "--out", judge]);
  const out = JSON.parse((await run("leaderboard", ["--battles", experts, "--judge-battles", judge, "--json"])).stdout);
  const page = await predictionPoweredReport(t.db, {}, "llm-one", { style: false, bootstrap: 0, seed: 1 });
  const board = page.board!;
  assert.ok(Math.abs(out.prediction_powered.lambda - board.lambda) < 1e-9);
  assert.ok(Math.abs(out.prediction_powered.effective_sample_ratio - board.effectiveSampleRatio) < 1e-9);
  assert.equal(out.models.length, board.models.length);
  for (const m of board.models) {
    const got = out.models.find((x: { model: string }) => x.model === m.model);
    for (const [x, y] of [
      [got.rating, m.rating],
      [got.ci95[0], m.ci95[0]],
      [got.ci95[1], m.ci95[1]],
      [got.experts_only.rating, m.expertsOnly.rating],
    ])
      assert.ok(Math.abs(x - y) < 1e-6, `${m.model}: ${x} vs ${y}`);
  }
  // A judge no verdict names is refused before anything is written.
  await assert.rejects(run("export", ["battles", "--judge", "llm-three"]), (e: { code: number; stderr: string }) => {
    assert.equal(e.code, 2);
    assert.match(e.stderr, /no uploaded judge is named "llm-three"/);
    return true;
  });
});

function sameBoard(
  got: ReturnType<typeof predictionPoweredLeaderboard>,
  want: ReturnType<typeof predictionPoweredLeaderboard>,
  tol = 1e-9,
) {
  const near = (x: number, y: number, what: string) => assert.ok(Math.abs(x - y) <= tol, `${what}: ${x} vs ${y}`);
  near(got.lambda, want.lambda, "λ");
  near(got.effectiveSampleRatio, want.effectiveSampleRatio, "effective sample ratio");
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
    near(m.expertsOnly.ci95[1], w.expertsOnly.ci95[1], `${m.model} experts-only upper`);
  });
}
