/**
 * Preference pairs from a real PostgreSQL: each target's rows, as many as the labelled pairs with an A or B label,
 * the plans' records as stored, no request across splits, and Parquet equal to the JSONL.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { labelOf } from "../../results/agreement";
import { exportQuery, optionsOf } from "../kinds";
import type { LabelledPairRecord } from "../records";
import { seedHistory } from "../../testing/history";
import { poolOf } from "../../platform/db";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { assertParquetMatchesJsonl } from "../../testing/exports";
import { adjudicate } from "../../results/store";
import { labelledPairRecords, preferenceCard, preferencePairRecords, records, sftCard, sftRecords } from "./exports";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
  await seedHistory(t.db, 300, { experts: 5 });
  // Plans as a dataset published them (their own key order and spacing kept), and requests without a split of
  // their own, so the seeded split decides.
  await poolOf(t.db).query(
    `UPDATE "Plan" SET raw = json_build_object('plan', id, 'days', json_build_array(json_build_object('b', 2, 'a', 1)))`,
  );
  await poolOf(t.db).query(`UPDATE "Query" SET split = NULL`);
});
after(async () => t.drop());

const opts = (q: Record<string, string>) => optionsOf(exportQuery.parse(q)).preference!;

async function all<T>(g: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of g) out.push(x);
  return out;
}

test("one TRL row per labelled pair with an A or B label; KTO two; counted reasons for the rest", async () => {
  const labelled: LabelledPairRecord[] = await all(labelledPairRecords(t.db, {}));
  const sided = labelled.filter((l) => l.label === "A" || l.label === "B");
  const tally: Record<string, number> = {};
  const trl = await all(
    preferencePairRecords(t.db, {}, opts({ target: "trl", with_metadata: "1" }), undefined, (_q, _s, _n, skipped) => {
      if (skipped) tally[skipped] = (tally[skipped] ?? 0) + 1;
    }),
  );
  assert.equal(trl.length, sided.length);
  assert.ok(sided.length > 100);
  assert.equal(tally.unlabelled, labelled.filter((l) => l.label === null).length);
  assert.equal(tally.neither, labelled.filter((l) => l.label === "NEITHER").length);
  // The chosen plan is the label's, its record's text as stored.
  const byPair = new Map(labelled.map((l) => [l.pair_id, l]));
  const { rows: raws } = await poolOf(t.db).query<{ id: string; raw: string }>(
    `SELECT id, raw::text AS raw FROM "Plan"`,
  );
  const rawOf = new Map(raws.map((r) => [r.id, r.raw]));
  for (const r of trl.slice(0, 50)) {
    const l = byPair.get(r.pair_id as string)!;
    const chosen = l.label === "A" ? l.plan_a : l.plan_b;
    assert.equal((r.chosen as { content: string }[])[0].content, rawOf.get(chosen));
    assert.deepEqual((r.votes as Record<string, number>)[l.label!], l.verdicts.filter((v) => v === l.label).length);
  }
  const kto = await all(records("preference-pairs", t.db, {}, optionsOf(exportQuery.parse({ target: "kto" }))));
  assert.equal(kto.length, 2 * sided.length);
  // Unanimous only.
  const unanimous = labelled.filter(
    (l) =>
      l.label !== "NEITHER" &&
      l.label !== null &&
      l.verdicts.every((v) => v === l.label) &&
      labelOf(l.verdicts, 3, null).label,
  );
  assert.equal((await all(preferencePairRecords(t.db, {}, opts({ min_agreement: "3" })))).length, unanimous.length);
});

test("a request and all its pairs fall in one split, the shares near those asked", async () => {
  const rows = await all(
    preferencePairRecords(t.db, {}, opts({ with_metadata: "1", split: "train,test=0.7,0.3", seed: "5" })),
  );
  const splitOfQuery = new Map<string, string>();
  for (const r of rows) {
    const q = r.query_id as string;
    assert.equal(splitOfQuery.get(q) ?? r.split, r.split, q);
    splitOfQuery.set(q, r.split as string);
  }
  const train = [...splitOfQuery.values()].filter((s) => s === "train").length / splitOfQuery.size;
  assert.ok(train > 0.55 && train < 0.85, `train share ${train}`);
  // The card counts the same pairs and requests per split.
  const card = await preferenceCard(t.db, {}, opts({ split: "train,test=0.7,0.3", seed: "5" }));
  assert.equal(card.rows, rows.length);
  for (const split of ["train", "test"]) {
    assert.equal(card.splits[split].pairs, rows.filter((r) => r.split === split).length, split);
    assert.equal(card.splits[split].requests, [...splitOfQuery.values()].filter((s) => s === split).length, split);
  }
});

test("margins are never negative, adjudicated 1-1-1 pairs included, and the card says what they measure", async () => {
  // An admin adjudicates every 1-1-1 pair (A for some, B for others), as the adjudication queue does.
  const { rows: split } = await poolOf(t.db).query<{ id: string }>(
    `SELECT id FROM "Pair" WHERE status = 'COMPLETE' AND unresolved ORDER BY id LIMIT 20`,
  );
  assert.ok(split.length >= 2, `${split.length} unresolved pairs`);
  const { rows: admins } = await poolOf(t.db).query<{ id: string }>(`SELECT id FROM "User" LIMIT 1`);
  for (const [i, p] of split.entries()) await adjudicate(t.db, p.id, i % 2 ? "B" : "A", null, admins[0].id);
  for (const target of ["trl", "openrlhf"])
    for (const margin of ["votes", "strength"]) {
      const rows = await all(preferencePairRecords(t.db, {}, opts({ target, margin, with_metadata: "1" })));
      const adjudicated = rows.filter((r) => split.some((p) => p.id === r.pair_id));
      assert.equal(adjudicated.length, split.length, `${target} ${margin}: every adjudicated pair is a row`);
      for (const r of rows)
        assert.ok(r.margin === null || (r.margin as number) >= 0, `${target} ${margin}: ${r.margin}`);
      if (margin === "votes") for (const r of adjudicated) assert.equal(r.margin, 0, `${target}: an adjudicated split`);
    }
  const card = await preferenceCard(t.db, {}, opts({ target: "trl", margin: "votes" }));
  assert.deepEqual(card.margin?.kind, "votes");
  assert.match(card.margin!.rule, /never below 0/);
  assert.equal((await preferenceCard(t.db, {}, opts({}))).margin, null);
});

test("labelled pairs, training pairs and battles carry the same split for each request as the preference pairs", async () => {
  const o = optionsOf(exportQuery.parse({ with_metadata: "1", split: "train,test=0.5,0.5", seed: "9" }));
  const splitOfQuery = new Map<string, string>();
  const preference = (await all(records("preference-pairs", t.db, {}, o))) as Record<string, unknown>[];
  for (const r of preference) splitOfQuery.set(r.query_id as string, r.split as string);
  for (const kind of ["labelled-pairs", "training-pairs", "battles"] as const) {
    const rows = (await all(records(kind, t.db, {}, o))) as { query_id: string; split: string }[];
    assert.ok(rows.length > 0, kind);
    for (const r of rows) if (splitOfQuery.has(r.query_id)) assert.equal(r.split, splitOfQuery.get(r.query_id), kind);
    assert.deepEqual(new Set(rows.map((r) => r.split)), new Set(["train", "test"]), kind);
  }
});

test("Parquet of preference pairs (OpenAI and TRL with margin and metadata), read back by arrow-rs, equals the JSONL", async () => {
  for (const q of [{ target: "openai" }, { target: "trl", margin: "votes", with_metadata: "1" }])
    assert.ok((await assertParquetMatchesJsonl(t.db, "preference-pairs", optionsOf(exportQuery.parse(q)))).length > 50);
});

test("SFT rows: one per request whose experts prefer a plan, that plan's record as stored, the request's split; the card counts them", async () => {
  const o = opts({ with_metadata: "1", split: "train,test=0.5,0.5", seed: "9" });
  const labelled: LabelledPairRecord[] = await all(labelledPairRecords(t.db, {}));
  const left: Record<string, number> = {};
  const rows = await all(
    sftRecords(t.db, {}, o, (_q, _s, skipped) => {
      if (skipped) left[skipped] = (left[skipped] ?? 0) + 1;
    }),
  );
  const requests = new Set(labelled.map((l) => l.query_id));
  assert.equal(rows.length + Object.values(left).reduce((a, b) => a + b, 0), requests.size);
  assert.ok(rows.length > requests.size / 2, `${rows.length} rows of ${requests.size} requests`);
  const { rows: raws } = await poolOf(t.db).query<{ id: string; raw: string; query_id: string }>(
    `SELECT id, raw::text AS raw, "queryId" AS query_id FROM "Plan"`,
  );
  const plan = new Map(raws.map((r) => [r.id, r]));
  const prefSplit = new Map(
    ((await all(preferencePairRecords(t.db, {}, o))) as { query_id: string; split: string }[]).map((r) => [
      r.query_id,
      r.split,
    ]),
  );
  for (const r of rows as { messages: { role: string; content: string }[]; [k: string]: unknown }[]) {
    const p = plan.get(r.plan_id as string)!;
    assert.equal(p.query_id, r.query_id, "the plan is the request's");
    assert.equal(r.messages[2].content, p.raw);
    if (prefSplit.has(r.query_id as string)) assert.equal(r.split, prefSplit.get(r.query_id as string));
    if (r.basis === "won_all") {
      const its = labelled.filter(
        (l) => l.query_id === r.query_id && l.label && (l.plan_a === r.plan_id || l.plan_b === r.plan_id),
      );
      assert.ok(its.length > 0);
      for (const l of its) assert.equal(l.label === "A" ? l.plan_a : l.label === "B" ? l.plan_b : null, r.plan_id);
    }
  }
  const card = await sftCard(t.db, {}, o);
  assert.equal(card.rows, rows.length);
  assert.deepEqual(card.left_out, { unlabelled: 0, no_winner: 0, tied: 0, ...left });
  // OpenAI's rows: the messages alone; Parquet read back by arrow-rs equals the JSONL.
  const lines = await assertParquetMatchesJsonl(t.db, "sft", optionsOf(exportQuery.parse({ target: "openai" })));
  assert.equal(lines.length, rows.length);
  assert.deepEqual(Object.keys(JSON.parse(lines[0])), ["messages"]);
});
