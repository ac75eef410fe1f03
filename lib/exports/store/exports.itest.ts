import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { majority } from "../../results/agreement";
import { claimNext, submitJudgment } from "../../judging/store";
import { judgmentRecords, labelledPairRecords, labelledPairRows, trainingPairs } from "./exports";
import { dawidSkene, ratingMatrix } from "../../quality/reliability";
import { seedHistory } from "../../testing/history";
import { poolOf, seed } from "../../platform/db";
import { pseudonym } from "../records";
import { exportQuery, filtersOf } from "../kinds";
import { exportCount } from "./export-counts";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { type Verdict } from "../../judging/verdict";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
let n = 0;

async function judgeAll(
  experts: string[],
  pick: (pairId: string, expert: number) => "left" | "right" | "neither",
  limit = Infinity,
) {
  let done = 0;
  for (;;) {
    let progressed = false;
    for (const [i, u] of experts.entries()) {
      if (done >= limit) return;
      const c = await claimNext(t.db, u, S);
      if (!c) continue;
      await submitJudgment(
        t.db,
        u,
        {
          assignmentId: c.assignmentId,
          choice: pick(c.pairId, i),
          rationale: "r",
          timeOnTaskMs: 1,
          clientRequestId: `x-${++n}`,
        },
        S,
      );
      progressed = true;
      done++;
    }
    if (!progressed) return;
  }
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
});
after(async () => t.drop());

test("training pairs: one per complete pair with a majority; 1-1-1 splits wait for adjudication", async () => {
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `x${i}@t.test`, ["Paris"])));
  // Expert i picks by a hash of the pair, so some pairs split 1-1-1.
  await judgeAll(
    experts,
    (pairId, i) => (["left", "right", "neither"] as const)[(pairId.charCodeAt(3) + i * (pairId.charCodeAt(5) % 2)) % 3],
  );
  const rows = [];
  for await (const r of labelledPairRows(t.db)) rows.push(r);
  const paris = await t.db.pair.count({ where: { query: { destination: { name: "Paris" } } } });
  assert.equal(rows.length, paris);
  const split = rows.filter((r) => majority(r.verdicts as Verdict[]).label === null);
  const out = [];
  for await (const p of trainingPairs(t.db)) out.push(p);
  assert.equal(out.length, rows.length - split.length);
  for (const p of out)
    assert.ok(
      [1, -1, 0].includes(p.label) && typeof p.plan_a.reward === "number" && p.plan_a.features.format !== undefined,
    );
  if (split.length) {
    await t.db.adjudication.create({ data: { pairId: split[0].pairId, label: "A" } });
    const again = [];
    for await (const p of trainingPairs(t.db)) again.push(p);
    assert.equal(again.length, out.length + 1);
    assert.equal(again.find((p) => p.pair_id === split[0].pairId)?.label, 1);
  }
});

test("an export taken while experts keep judging holds no snapshot: every pair once, whole, as its page found it", async () => {
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `y${i}@t.test`, ["Rome"])));
  await judgeAll(experts, () => "left", 30);
  const complete = async () =>
    new Set((await t.db.pair.findMany({ where: { status: "COMPLETE" }, select: { id: true } })).map((p) => p.id));
  const before = await complete();
  const pool = poolOf(t.db);
  const idleWithSnapshot = async () =>
    (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle%' AND backend_xmin IS NOT NULL AND pid <> pg_backend_pid()`,
      )
    ).rows[0].n;
  // Pages of 2,000 pairs: the demo's complete pairs fit in one, so the reading is over before judging resumes.
  const it = labelledPairRows(t.db);
  const first = await it.next();
  assert.ok(!first.done);
  assert.equal(await idleWithSnapshot(), 0, "no transaction or cursor waits open between an export's pages");
  await judgeAll(experts, () => "right"); // more pairs complete meanwhile
  const seen = [first.value!];
  for (let r = await it.next(); !r.done; r = await it.next()) seen.push(r.value);
  const ids = seen.map((r) => r.pairId);
  assert.equal(new Set(ids).size, ids.length, "no pair twice");
  assert.deepEqual([...ids].sort(), ids, "in key order");
  for (const id of before) assert.ok(ids.includes(id), "every pair complete when the export began is in it");
  const after = await complete();
  assert.ok(after.size > before.size);
  for (const r of seen) {
    assert.ok(after.has(r.pairId));
    assert.equal(r.verdicts.length, r.requiredRaters, "each pair whole");
  }
});

test("raw judgments export every judgment once (all, or of complete pairs only), with pseudonymous experts", async () => {
  const all = [];
  for await (const j of judgmentRecords(t.db)) all.push(j);
  assert.equal(all.length, await t.db.judgment.count());
  assert.equal(new Set(all.map((j) => `${j.pair_id}|${j.slot}`)).size, all.length);
  assert.ok(all.every((j) => /^expert-[0-9a-f]{10}$/.test(j.expert)));
  const complete = [];
  for await (const j of judgmentRecords(t.db, { completeOnly: true })) complete.push(j);
  assert.equal(complete.length, await t.db.judgment.count({ where: { pair: { status: "COMPLETE" } } }));
  // to= is inclusive of its day: from=to=today keeps every judgment made today (all of them, here).
  const today = new Date().toISOString().slice(0, 10);
  const range = filtersOf(exportQuery.parse({ from: today, to: today }));
  const todays = [];
  for await (const j of judgmentRecords(t.db, range)) todays.push(j);
  assert.equal(todays.length, all.length);
  assert.equal(await exportCount(t.db, "judgments", range), all.length);
  const named = judgmentRecords(t.db, {}, { names: true });
  const one = await named.next();
  await named.return(undefined); // releases the snapshot's connection
  assert.match((one.value as { expert: string }).expert, /@t\.test$/);
});

test("pseudonyms use one random salt kept in the database: the same whatever secret a process has, not the old constant", async () => {
  const read = async () => {
    const out: string[] = [];
    for await (const r of judgmentRecords(t.db)) out.push(`${r.pair_id}/${r.slot}:${r.expert}`);
    return out.sort();
  };
  const saved = process.env.NEXTAUTH_SECRET;
  try {
    process.env.NEXTAUTH_SECRET = "one-secret";
    const a = await read();
    process.env.NEXTAUTH_SECRET = "another-secret";
    const b = await read();
    assert.ok(a.length > 0);
    assert.deepEqual(a, b);
    const users = await t.db.user.findMany({ select: { id: true } });
    const experts = new Set(a.map((x) => x.split(":")[1]));
    for (const u of users)
      for (const old of ["tripjudge", "one-secret", "another-secret"]) assert.ok(!experts.has(pseudonym(u.id, old)));
  } finally {
    process.env.NEXTAUTH_SECRET = saved;
  }
});

test("soft labels streamed a batch at a time are the full Dawid–Skene fit's posteriors, bit for bit", async () => {
  // 1,200 complete pairs × 3 judgments by 13 experts (lib/testing/history.ts), beside what earlier tests judged.
  await seedHistory(t.db, 1200, { experts: 13, prefix: "soft" });
  const { rows } = await poolOf(t.db).query<{ item: string; rater: string; label: string }>(
    `SELECT j."pairId" AS item, j."userId" AS rater, j.verdict::text AS label
     FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" WHERE p.status = 'COMPLETE' ORDER BY j."pairId", j."userId", j."createdAt", j.id`,
  );
  const m = ratingMatrix(rows, ["A", "B", "NEITHER"]);
  const full = dawidSkene(m);
  const at = new Map(m.items.map((id, i) => [id, i]));
  let n = 0;
  for await (const r of labelledPairRecords(t.db)) {
    const i = at.get(r.pair_id)!;
    assert.ok(r.ds_posterior, r.pair_id);
    assert.deepEqual(
      [r.ds_posterior.A, r.ds_posterior.B, r.ds_posterior.NEITHER],
      [full.posterior[i * 3], full.posterior[i * 3 + 1], full.posterior[i * 3 + 2]],
    );
    n++;
  }
  assert.equal(n, m.items.length);
  assert.ok(n >= 1200);
});
