/**
 * The pairs export (lib/exports/store/pairs.ts) on the demo: every pair of the experts' queue once, its state as the
 * queue has it (open, in progress, complete, decided), its escalation part (calibration, audit), both plans as the
 * dataset published them; the filters (dataset, destination, status, planner) select what they say and the card
 * counts what the export streams; gold pairs are not among the records; JSONL and Parquet hold the same rows; and a
 * large export streams page by page, holding no snapshot between pages.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { claimNext, submitJudgment } from "../../judging/store";
import { makeGoldPairs } from "../../quality/store";
import { poolOf, seed } from "../../platform/db";
import { seedHistory } from "../../testing/history";
import { assertParquetMatchesJsonl } from "../../testing/exports";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { exportQuery, exportRefusal, filtersOf, optionsOf } from "../kinds";
import type { ExportFilters, PairRecord } from "../records";
import { exportCount } from "./export-counts";
import { records, scopeProblem } from "./exports";
import { pairsCard } from "./pairs";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
/** Pairs by what was done to them: complete (3 judgments), in progress (one judgment; one only claimed), decided, calibration, audit. */
const made = { complete: "", judgedOnce: "", claimed: "", decided: "", calibration: "", audit: "" };
let datasetId = "";

async function all(f: ExportFilters = {}): Promise<PairRecord[]> {
  const out: PairRecord[] = [];
  for await (const r of records("pairs", t.db, f)) out.push(r as PairRecord);
  return out;
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  datasetId = (await t.db.dataset.findFirstOrThrow()).id;
  // Three Tokyo experts complete one pair; one of them judges one more, then claims a third and keeps it.
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `pairs${i}@t.test`, ["Tokyo"])));
  const judge = async (u: string, pairId?: string) => {
    const c = (await claimNext(t.db, u, S))!;
    assert.ok(!pairId || c.pairId === pairId, "the queue serves the pair being judged first");
    await submitJudgment(
      t.db,
      u,
      {
        assignmentId: c.assignmentId,
        choice: "left",
        rationale: "r",
        timeOnTaskMs: 1,
        clientRequestId: `c-${u}-${c.pairId}`,
      },
      S,
    );
    return c.pairId;
  };
  made.complete = await judge(experts[0]);
  await judge(experts[1], made.complete);
  await judge(experts[2], made.complete);
  made.judgedOnce = await judge(experts[0]);
  made.claimed = (await claimNext(t.db, experts[0], S))!.pairId;
  // Guaranteed escalation's marks: a calibration pair, a decided pair and an audit pair, among the Paris pairs.
  const paris = await t.db.pair.findMany({
    where: { query: { destination: { name: "Paris" } }, status: "OPEN" },
    orderBy: { id: "asc" },
    take: 3,
  });
  [made.calibration, made.decided, made.audit] = paris.map((p) => p.id);
  await t.db.pair.update({ where: { id: made.calibration }, data: { escalationCalibration: true } });
  await t.db.pair.update({ where: { id: made.decided }, data: { status: "DECIDED" } });
  const decision = { datasetId, judge: "llm", verdict: "A" as const, confidence: 0.95, threshold: 0.9 };
  await t.db.judgeDecision.create({ data: { pairId: made.decided, ...decision } });
  await t.db.judgeDecision.create({ data: { pairId: made.audit, ...decision, audit: true } });
  // Gold pairs of the demo's plans, after the judging (a gold pair is served like a real one).
  await makeGoldPairs(t.db, datasetId, { plans: 10, seed: 1 }, null);
  assert.ok((await t.db.goldPair.count()) > 0);
});
after(async () => t.drop());

test("every pair once, with its state, judgments, escalation part and both plans as published", async () => {
  const rows = await all();
  const pairs = await t.db.pair.findMany({
    include: { planA: true, planB: true, query: { include: { destination: true, dataset: true } } },
  });
  assert.equal(rows.length, pairs.length);
  assert.equal(new Set(rows.map((r) => r.pair_id)).size, rows.length, "each pair once");
  const byId = new Map(rows.map((r) => [r.pair_id, r]));
  const status = (id: string) => byId.get(id)!.status;
  assert.equal(status(made.complete), "complete");
  assert.equal(status(made.judgedOnce), "in_progress");
  assert.equal(status(made.claimed), "in_progress");
  assert.equal(status(made.decided), "decided");
  assert.equal(status(made.calibration), "open");
  assert.equal(status(made.audit), "open");
  assert.deepEqual(
    [made.complete, made.judgedOnce, made.claimed, made.decided].map((id) => byId.get(id)!.judgments),
    [3, 1, 0, 0],
  );
  assert.equal(byId.get(made.calibration)!.escalation, "calibration");
  assert.equal(byId.get(made.audit)!.escalation, "audit");
  assert.equal(byId.get(made.decided)!.escalation, null, "a decided pair is no audit pair");
  assert.equal(rows.filter((r) => r.escalation).length, 2);
  for (const p of pairs) {
    const r = byId.get(p.id)!;
    assert.deepEqual(
      {
        dataset_id: r.dataset_id,
        dataset: r.dataset,
        destination: r.destination,
        query_id: r.query_id,
        query_text: r.query_text,
        required_raters: r.required_raters,
        verification: r.verification,
        plan_a: r.plan_a,
        plan_a_planner: r.plan_a_planner,
        plan_b: r.plan_b,
        plan_b_planner: r.plan_b_planner,
      },
      {
        dataset_id: p.query.datasetId,
        dataset: p.query.dataset.name,
        destination: p.query.destination.name,
        query_id: p.queryId,
        query_text: p.query.text,
        required_raters: p.requiredRaters,
        verification: false,
        plan_a: p.planAId,
        plan_a_planner: p.planA.model,
        plan_b: p.planBId,
        plan_b_planner: p.planB.model,
      },
    );
    // The plans' text is each imported record's plan as published (TripScore's demo: the record itself).
    assert.deepEqual(JSON.parse(r.plan_a_text), p.planA.raw);
    assert.deepEqual(JSON.parse(r.plan_b_text), p.planB.raw);
    assert.notEqual(r.plan_a_text, r.plan_b_text);
  }
});

test("gold pairs are not pairs of the queue: none is exported, and the card says how many were left out", async () => {
  const gold = await t.db.goldPair.findMany({ select: { id: true, planAId: true, alteredRef: true } });
  assert.ok(gold.length > 0);
  const rows = await all();
  const ids = new Set(rows.flatMap((r) => [r.pair_id, r.plan_a, r.plan_b]));
  for (const g of gold) assert.ok(!ids.has(g.id) && !(g.alteredRef && ids.has(g.alteredRef)), g.id);
  const card = await pairsCard(t.db, {});
  assert.equal(card.left_out.gold_pairs, gold.length);
  assert.deepEqual(card.statuses, {
    open: rows.filter((r) => r.status === "open").length,
    in_progress: 2,
    complete: 1,
    decided: 1,
  });
  // Counted in the export's scope: another destination's gold pairs are not.
  const rome = (await t.db.destination.findFirstOrThrow({ where: { name: "Rome" } })).id;
  assert.equal(
    (await pairsCard(t.db, { destinationId: rome })).left_out.gold_pairs,
    await t.db.goldPair.count({ where: { destinationId: rome } }),
  );
});

test("status, planner, dataset and destination select what they say; the count is the export's", async () => {
  const rows = await all();
  const paris = (await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } })).id;
  const decidedBy = rows.find((r) => r.status === "decided")!.plan_b_planner;
  const cases: [Record<string, string>, (r: PairRecord) => boolean][] = [
    [{ status: "waiting" }, (r) => r.status === "open" || r.status === "in_progress"],
    [{ status: "open" }, (r) => r.status === "open"],
    [{ status: "in_progress" }, (r) => r.status === "in_progress"],
    [{ status: "complete" }, (r) => r.status === "complete"],
    [{ status: "decided" }, (r) => r.status === "decided"],
    [{ planner: "atlas-7b" }, (r) => r.plan_a_planner === "atlas-7b" || r.plan_b_planner === "atlas-7b"],
    [{ status: "waiting", destination: paris }, (r) => r.destination === "Paris" && r.status === "open"],
    [{ status: "decided", planner: decidedBy }, (r) => r.status === "decided"],
    [{ dataset: datasetId }, () => true],
  ];
  for (const [raw, keep] of cases) {
    const q = exportQuery.parse(raw);
    assert.equal(exportRefusal("pairs", q), null);
    const f = filtersOf(q);
    const got = await all(f);
    const want = rows.filter(keep);
    assert.ok(want.length > 0, JSON.stringify(raw));
    assert.deepEqual(
      got.map((r) => r.pair_id),
      want.map((r) => r.pair_id),
      JSON.stringify(raw),
    );
    assert.equal(await exportCount(t.db, "pairs", f), got.length, JSON.stringify(raw));
    const card = await pairsCard(t.db, f);
    assert.equal(
      Object.values(card.statuses).reduce((a, b) => a + b, 0),
      got.length,
    );
  }
  // The demo's waiting pairs: every pair but the one complete and the one decided.
  assert.equal((await all({ pairStatus: "waiting" })).length, rows.length - 2);
  // A planner or judge no plan or verdict names is said, never answered with an empty file.
  assert.match((await scopeProblem(t.db, { planner: "atlas-8b" }))!, /no plan has the planner "atlas-8b"/);
  assert.equal(await scopeProblem(t.db, { planner: "atlas-7b" }), null);
});

test("JSONL, CSV and Parquet hold the same pairs", async () => {
  const q = exportQuery.parse({ status: "waiting" });
  const lines = await assertParquetMatchesJsonl(t.db, "pairs", optionsOf(q), filtersOf(q));
  assert.equal(lines.length, (await all(filtersOf(q))).length);
});

test("a large export streams page by page: every pair once, in key order, and no snapshot held between pages", async () => {
  // 4,500 more pairs (complete, one query each): three pages of 2,000.
  await seedHistory(t.db, 4500, { experts: 3, prefix: "big" });
  const total = await t.db.pair.count();
  const idleWithSnapshot = async () =>
    (
      await poolOf(t.db).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle%' AND backend_xmin IS NOT NULL AND pid <> pg_backend_pid()`,
      )
    ).rows[0].n;
  let n = 0;
  const seen = new Set<string>();
  const held: number[] = [];
  for await (const r of records("pairs", t.db, {})) {
    const p = r as PairRecord;
    seen.add(p.pair_id);
    if (++n % 1500 === 0) held.push(await idleWithSnapshot());
    // A pair added while the export runs, after the pages read so far, is in it when its page comes.
    if (n === 100)
      await poolOf(t.db).query(
        `INSERT INTO "Pair" (id, "queryId", "planAId", "planBId") SELECT 'zz-late', "queryId", "planBId", "planAId" FROM "Pair" WHERE id = $1`,
        [p.pair_id],
      );
  }
  assert.equal(n, total + 1);
  assert.equal(seen.size, n, "each pair once");
  assert.ok(seen.has("zz-late"));
  assert.deepEqual(held, [0, 0, 0]);
  assert.equal(await exportCount(t.db, "pairs", {}), n);
});
