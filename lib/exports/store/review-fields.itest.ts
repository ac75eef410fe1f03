/**
 * Judgment exports and reviews (docs/reviewers.md): every record says its review (status, reviewer pseudonymous or by
 * address with names, reason); a rejected judgment is left out, and with include_rejected comes after the others from
 * RejectedJudgment, marked rejected; the card counts what the file holds; every other kind leaves it out as it should.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { pseudonymSalt } from "../../judging/store";
import { seed } from "../../platform/db";
import { reviewJudgment } from "../../review/store";
import { createTestDatabase, createTestExpert, judgeUntilDone, type TestDatabase } from "../../testing/database";
import { assertParquetMatchesJsonl } from "../../testing/exports";
import { exportQuery, filtersOf, pseudonym, type JudgmentRecord } from "..";
import { exportCount } from "./export-counts";
import { records } from "./exports";
import type { Asker } from "../../accounts";

let t: TestDatabase;
const collect = async <T>(rows: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
};
let experts: string[];
let reviewer: Asker;
const ids: { accepted?: string; commented?: string; rejected?: string } = {};

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `rf${i}@t.test`, ["Rome"])));
  await judgeUntilDone(t.db, experts, () => "left", { ...DEFAULT_SETTINGS, rationaleMinLength: 1 }, "rf");
  const id = await createTestExpert(t.db, "rf-reviewer@t.test", ["Rome"]);
  await t.db.user.update({ where: { id }, data: { role: "REVIEWER" } });
  reviewer = { id, role: "REVIEWER" };
  const js = await t.db.judgment.findMany({ where: { userId: experts[0] }, orderBy: { id: "asc" }, take: 3 });
  [ids.accepted, ids.commented, ids.rejected] = js.map((j) => j.id);
  await reviewJudgment(t.db, reviewer, ids.accepted!, { action: "accept" });
  await reviewJudgment(t.db, reviewer, ids.commented!, { action: "comment", text: "Check the opening hours." });
  await reviewJudgment(t.db, reviewer, ids.rejected!, { action: "reject", reason: "Says Paris: wrong request." });
});
after(async () => t.drop());

const judgments = async (query: Record<string, string> = {}) => {
  const q = exportQuery.parse({ ...query, format: "jsonl" });
  return (await collect(records("judgments", t.db, filtersOf(q), { names: q.names === "1" }))) as JudgmentRecord[];
};

test("each judgment says its review; a rejected one is left out by default", async () => {
  const salt = await pseudonymSalt(t.db);
  const rows = await judgments();
  assert.equal(rows.length, await t.db.judgment.count());
  assert.equal(rows.length, await exportCount(t.db, "judgments", filtersOf(exportQuery.parse({}))));
  const byStatus = (s: string) => rows.filter((r) => r.review_status === s);
  assert.equal(byStatus("rejected").length, 0);
  assert.deepEqual(
    byStatus("accepted").map((r) => [r.reviewed_by, r.review_reason]),
    [[pseudonym(reviewer.id, salt), null]],
  );
  assert.deepEqual(
    byStatus("commented").map((r) => [r.reviewed_by, r.review_reason]),
    [[pseudonym(reviewer.id, salt), "Check the opening hours."]],
  );
  assert.equal(byStatus("none").length, rows.length - 2);
  assert.ok(byStatus("none").every((r) => r.reviewed_by === null && r.review_reason === null));
});

test("include_rejected adds the rejected judgment after the others, whole and marked; names give addresses", async () => {
  const all = await judgments({ include_rejected: "true", names: "1" });
  const plain = await judgments({ names: "1" });
  assert.equal(all.length, plain.length + 1);
  assert.deepEqual(all.slice(0, plain.length), plain);
  const last = all[all.length - 1];
  const r = await t.db.rejectedJudgment.findUniqueOrThrow({ where: { id: ids.rejected! } });
  assert.equal(last.review_status, "rejected");
  assert.equal(last.reviewed_by, "rf-reviewer@t.test");
  assert.equal(last.review_reason, "Says Paris: wrong request.");
  assert.equal(last.expert, "rf0@t.test");
  assert.equal(last.pair_id, r.pairId);
  assert.equal(last.rationale, r.rationale);
  assert.equal(last.slot, r.slot);
  assert.equal(last.submitted_at, r.createdAt.toISOString());
  assert.equal(
    all.length,
    await exportCount(t.db, "judgments", filtersOf(exportQuery.parse({ include_rejected: "true" }))),
  );
  // Complete pairs only: the rejected judgment's pair reopened, so it is left out again.
  const complete = await judgments({ include_rejected: "true", complete: "1" });
  assert.ok(complete.every((x) => x.review_status !== "rejected"));
});

test("the pair-level kinds are built from the judgments that stand", async () => {
  const battles = await collect(records("battles", t.db, filtersOf(exportQuery.parse({}))));
  assert.equal(battles.length, await exportCount(t.db, "battles", filtersOf(exportQuery.parse({}))));
  const pairOfRejected = (await t.db.rejectedJudgment.findUniqueOrThrow({ where: { id: ids.rejected! } })).pairId;
  const labelled = await collect(records("labelled-pairs", t.db, filtersOf(exportQuery.parse({}))));
  assert.ok(
    !labelled.some((l) => (l as { pair_id: string }).pair_id === pairOfRejected),
    "its pair reopened: not labelled",
  );
});

test("Parquet holds the review columns as JSONL does, the rejected judgment included", async () => {
  await assertParquetMatchesJsonl(t.db, "judgments", {}, { includeRejected: true });
});

test("include_rejected under a pair filter: only the rejected judgments of the pairs it matches, counted alike", async () => {
  const r = await t.db.rejectedJudgment.findUniqueOrThrow({ where: { id: ids.rejected! } });
  const pair = await t.db.pair.findUniqueOrThrow({ where: { id: r.pairId } });
  const query = await t.db.query.findUniqueOrThrow({ where: { id: pair.queryId } });
  const count = (q: Record<string, string>) => exportCount(t.db, "judgments", filtersOf(exportQuery.parse(q)));
  // Its pair reopened: a filter of complete pairs leaves it out, one of its destination keeps it.
  const complete = { include_rejected: "true", pair_filter: "status=complete" };
  const rows = await judgments(complete);
  assert.ok(rows.length > 0 && rows.every((x) => x.review_status !== "rejected"));
  assert.equal(rows.length, await count(complete));
  const here = { include_rejected: "true", pair_filter: `destination=${query.destinationId}` };
  const all = await judgments(here);
  assert.deepEqual(
    all.filter((x) => x.review_status === "rejected").map((x) => x.pair_id),
    [r.pairId],
  );
  assert.equal(all.length, await count(here));
});
