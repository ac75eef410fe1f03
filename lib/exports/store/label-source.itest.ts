/**
 * Every export says where its labels come from (issue 45): with label_source=experts (the default) the pairs a judge
 * decided are left out and the records are those of the same database with those pairs still open (as before
 * escalation), each saying "experts"; with label_source=all they come in, labelled by the judge's verdict and naming
 * it, its threshold and its confidence — the same rows in JSONL and Parquet, counted alike by the export counts.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { exportQuery, filtersOf, optionsOf, type ExportKind, type ExportOptions } from "../kinds";
import type { ExportFilters, ExportRecord } from "../records";
import { trainingLabel, type Verdict } from "../../judging/verdict";
import { seedHistory } from "../../testing/history";
import { seedJudgeDecisions } from "../../testing/judge-decisions";
import { assertParquetMatchesJsonl } from "../../testing/exports";
import { poolOf } from "../../platform/db";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { exportCount } from "./export-counts";
import { preferenceCard, records, sftCard } from "./exports";

let t: TestDatabase;
const DECIDED = 12;
/** Each decided pair's decision as the helper wrote it. */
const decisions = new Map<string, { judge: string; verdict: Verdict; confidence: number; threshold: number }>();

before(async () => {
  t = await createTestDatabase();
  await seedHistory(t.db, 60, { experts: 5 });
  await poolOf(t.db).query(`UPDATE "Query" SET split = NULL`);
  await seedJudgeDecisions(t.db, DECIDED);
  const { rows } = await poolOf(t.db).query<{
    pairId: string;
    judge: string;
    verdict: Verdict;
    confidence: number;
    threshold: number;
  }>(`SELECT "pairId", judge, verdict, confidence, threshold FROM "JudgeDecision" WHERE NOT audit`);
  for (const r of rows) decisions.set(r.pairId, r);
  assert.equal(decisions.size, DECIDED);
});
after(async () => t.drop());

/** The kinds built from pairs' labels, with options that show every label field (metadata, a votes margin). */
const KINDS: [ExportKind, Record<string, string>][] = [
  ["labelled-pairs", {}],
  ["training-pairs", {}],
  ["battles", {}],
  ["preference-pairs", { with_metadata: "1", margin: "votes" }],
  ["sft", { with_metadata: "1" }],
];

const queryOf = (q: Record<string, string>) => exportQuery.parse(q);
async function all(kind: ExportKind, q: Record<string, string>): Promise<Record<string, unknown>[]> {
  const p = queryOf(q);
  const out: Record<string, unknown>[] = [];
  for await (const r of records(kind, t.db, filtersOf(p), optionsOf(p))) out.push(r as Record<string, unknown>);
  return out;
}
const judged = (r: Record<string, unknown>) => r.label_source === "judge";
const expertsFields = (r: Record<string, unknown>) => [
  r.label_source,
  r.label_judge,
  r.label_threshold,
  r.label_confidence,
];

test("label_source=experts: the records of the same database with the decided pairs still open, each saying experts", async () => {
  const byDefault = new Map<ExportKind, Record<string, unknown>[]>();
  for (const [kind, q] of KINDS) byDefault.set(kind, await all(kind, q));
  // As before escalation: the same pairs open, no decision labels them.
  await poolOf(t.db).query(`UPDATE "Pair" SET status = 'OPEN' WHERE status = 'DECIDED'`);
  try {
    for (const [kind, q] of KINDS) assert.deepEqual(await all(kind, q), byDefault.get(kind), kind);
  } finally {
    await poolOf(t.db).query(`UPDATE "Pair" SET status = 'DECIDED' WHERE id LIKE 'hdpair%'`);
  }
  for (const [kind, q] of KINDS) {
    const rows = await all(kind, { ...q, label_source: "experts" });
    assert.deepEqual(rows, byDefault.get(kind), `${kind}: experts is the default`);
    assert.ok(rows.length > 20, kind);
    for (const r of rows) assert.deepEqual(expertsFields(r), ["experts", null, null, null], kind);
    if (kind !== "sft" && kind !== "battles")
      // Battles are judgments: an expert's verdict on a pair before the judge decided it stays an expert's battle.
      for (const r of rows) assert.ok(!decisions.has(r.pair_id as string), `${kind}: ${String(r.pair_id)} left out`);
  }
  // The audit pair: decided and judged by its experts, it is theirs.
  const audit = (await all("labelled-pairs", { label_source: "all" })).find((r) => r.pair_id === "hpair1")!;
  assert.deepEqual(expertsFields(audit), ["experts", null, null, null]);
  assert.equal(audit.label_basis, "majority");
  // Labelled pairs' keys: today's, the label's basis where its source was, and the four label-source columns.
  assert.deepEqual(Object.keys(audit), [
    "pair_id",
    "query_id",
    "destination",
    "plan_a",
    "plan_b",
    "verdicts",
    "label",
    "label_basis",
    "label_source",
    "label_judge",
    "label_threshold",
    "label_confidence",
    "agreement",
    "ds_label",
    "ds_posterior",
    "split",
  ]);
});

test("label_source=all adds the decided pairs, labelled by the judge's verdict and naming it; the experts' rows are unchanged", async () => {
  for (const [kind, q] of KINDS) {
    const experts = await all(kind, q);
    const rows = await all(kind, { ...q, label_source: "all" });
    if (kind !== "sft")
      assert.deepEqual(
        rows.filter((r) => !judged(r)),
        experts,
        `${kind}: the experts' rows`,
      );
    const judges = rows.filter(judged);
    for (const r of judges) {
      if (kind === "sft") continue;
      const d = decisions.get(r.pair_id as string)!;
      assert.ok(d, `${kind}: ${String(r.pair_id)} is a decided pair`);
      assert.deepEqual(
        [r.label_judge, r.label_threshold, r.label_confidence],
        [d.judge, d.threshold, d.confidence],
        kind,
      );
    }
    const ids = new Set(judges.map((r) => r.pair_id));
    if (kind === "labelled-pairs") {
      assert.equal(ids.size, DECIDED);
      for (const r of judges) {
        const d = decisions.get(r.pair_id as string)!;
        assert.equal(r.label, d.verdict);
        assert.equal(r.label_basis, "judge");
        assert.equal(r.agreement, null);
        assert.deepEqual([r.ds_label, r.ds_posterior], [null, null], "Dawid–Skene is the experts'");
        // Every third had one expert's verdict before the judge decided: it is listed, the label is the judge's.
        assert.deepEqual(r.verdicts, Number(String(r.pair_id).slice(6)) % 3 === 0 ? ["B"] : []);
      }
    }
    if (kind === "training-pairs") {
      assert.equal(ids.size, DECIDED);
      for (const r of judges) assert.equal(r.label, trainingLabel(decisions.get(r.pair_id as string)!.verdict));
    }
    if (kind === "battles") {
      // One battle per decision, a planner against itself (the last) left out.
      assert.equal(judges.length, DECIDED - 1);
      assert.ok(!ids.has(`hdpair${DECIDED}`));
      const winner = { A: "model_a", B: "model_b", NEITHER: "tie" };
      for (const r of judges) {
        const d = decisions.get(r.pair_id as string)!;
        assert.deepEqual([r.winner, r.judge, r.left, r.model_b], [winner[d.verdict], d.judge, null, "mc"]);
      }
    }
    if (kind === "preference-pairs") {
      // Neither labels give no preference row, as for the experts' pairs.
      const sided = [...decisions].filter(([, d]) => d.verdict !== "NEITHER").map(([id]) => id);
      assert.deepEqual([...ids].sort(), sided.sort());
      for (const r of judges) {
        assert.equal(r.margin, 1, "a judge's one vote");
        assert.deepEqual([r.ds_posterior, r.signed_preference], [null, null]);
      }
      const card = await preferenceCard(
        t.db,
        filtersOf(queryOf({ label_source: "all" })),
        optionsOf(queryOf(q)).preference!,
      );
      assert.deepEqual(card.label_sources, { experts: experts.length, judge: sided.length });
      assert.equal(card.rows, rows.length);
    }
    if (kind === "sft") {
      // A request's row says "judge" when a judge decided one of its labelled pairs.
      assert.ok(judges.length > 0);
      for (const r of judges) assert.ok((r.judge_pairs as number) >= 1);
      for (const r of rows.filter((x) => !judged(x))) assert.equal(r.judge_pairs, 0);
      const card = await sftCard(t.db, filtersOf(queryOf({ label_source: "all" })), optionsOf(queryOf(q)).preference!);
      assert.deepEqual(card.label_sources, { experts: rows.length - judges.length, judge: judges.length });
    }
  }
});

test("export counts and the Parquet files agree with the records, for either label source", async () => {
  for (const [kind, q] of KINDS)
    for (const source of ["experts", "all"]) {
      const p = queryOf({ ...q, label_source: source });
      const f: ExportFilters = filtersOf(p);
      const o: ExportOptions = optionsOf(p);
      const n = (await all(kind, { ...q, label_source: source })).length;
      if (kind !== "preference-pairs" && kind !== "sft")
        assert.equal(await exportCount(t.db, kind, f), n, `${kind} ${source}: count`);
      const lines = await assertParquetMatchesJsonl(t.db, kind, o, f);
      assert.equal(lines.length, n, `${kind} ${source}: Parquet`);
    }
});

test("a date range selects a judge's decisions by their date", async () => {
  const future = { label_source: "all", from: "2100-01-01" };
  for (const kind of ["labelled-pairs", "training-pairs", "battles"] as const) {
    assert.equal((await all(kind, future)).filter(judged).length, 0, kind);
    assert.equal(await exportCount(t.db, kind, filtersOf(queryOf(future))), 0, kind);
  }
  const today = new Date().toISOString().slice(0, 10);
  const rows = await all("labelled-pairs", { label_source: "all", from: today, to: today });
  assert.equal(rows.filter(judged).length, DECIDED);
});

test("tripjudge export battles --label-source all writes the judges' battles too", async () => {
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "export", "battles", ...args], {
      env: { ...process.env, DATABASE_URL: t.url },
      maxBuffer: 64 << 20,
    });
  const lines = (out: string) =>
    out
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as ExportRecord & Record<string, unknown>);
  const withJudges = lines((await run(["--label-source", "all"])).stdout);
  const experts = lines((await run([])).stdout);
  assert.equal(withJudges.length, experts.length + DECIDED - 1);
  assert.deepEqual(withJudges.slice(0, experts.length), experts);
  assert.ok(withJudges.slice(experts.length).every((r) => r.label_source === "judge"));
});

test("a date range that keeps part of a complete pair's judgments exports it as incomplete: no label, left out of training", async () => {
  const pool = poolOf(t.db);
  const today = new Date().toISOString().slice(0, 10);
  const { rows } = await pool.query<{ pairId: string; id: string; createdAt: Date }>(
    `SELECT j."pairId", j.id, j."createdAt" FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId"
      WHERE p.status = 'COMPLETE' AND j."createdAt"::date = $1::date ORDER BY j."pairId", j.id LIMIT 1`,
    [today],
  );
  assert.equal(rows.length, 1, "a complete pair judged today");
  const [{ pairId, id, createdAt }] = rows;
  await pool.query(`UPDATE "Judgment" SET "createdAt" = "createdAt" - interval '3 days' WHERE id = $1`, [id]);
  try {
    const range = { from: today, to: today };
    const row = (await all("labelled-pairs", range)).find((r) => r.pair_id === pairId)!;
    assert.equal(row.label_basis, "incomplete");
    assert.equal(row.label, null);
    assert.equal((row.verdicts as unknown[]).length, 2, "the judgments within the range only");
    assert.ok(!(await all("training-pairs", range)).some((r) => r.pair_id === pairId), "no label, no training pair");
    // Without the range the pair is whole again.
    assert.equal((await all("labelled-pairs", {})).find((r) => r.pair_id === pairId)!.label_basis, "majority");
  } finally {
    await pool.query(`UPDATE "Judgment" SET "createdAt" = $2 WHERE id = $1`, [id, createdAt]);
  }
});
