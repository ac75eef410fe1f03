import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { majority, type Tallies } from "../agreement";
import { tallyPairs } from "../../testing/agreement";
import { EXPORT_KINDS, type ExportFilters } from "../../exports";
import { listDestinations, listUsers } from "../../accounts/store";
import {
  adjudicationQueue,
  analyticsTallies,
  expertMedianSeconds,
  judgmentDays,
  ratedPairs,
  requestExtraRater,
} from "./analytics";
import { poolOf, seed } from "../../platform/db";
import { exportCount, records } from "../../exports/store";
import { claimNext, submitJudgment, assignmentOverview, setRequiredRaters } from "../../judging/store";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { VERDICTS, verdictCode } from "../../judging/verdict";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
let n = 0;
let experts: string[] = [];

/** Every claimable pair judged by `users` in turn; `pick` gives the verdict in the pair's own terms. */
async function judgeAll(users: string[], pick: (pairId: string, expert: number) => "A" | "B" | "NEITHER") {
  for (;;) {
    let progressed = false;
    for (const [i, u] of users.entries()) {
      const c = await claimNext(t.db, u, S);
      if (!c) continue;
      const a = await t.db.assignment.findUniqueOrThrow({ where: { id: c.assignmentId }, include: { pair: true } });
      const verdict = pick(c.pairId, i);
      const sideOfA = a.leftPlanId === a.pair.planAId ? "left" : "right";
      const choice =
        verdict === "NEITHER" ? "neither" : verdict === "A" ? sideOfA : sideOfA === "left" ? "right" : "left";
      await submitJudgment(
        t.db,
        u,
        {
          assignmentId: c.assignmentId,
          choice,
          rationale: "r",
          timeOnTaskMs: 1000 + ((n * 7919) % 50_000),
          clientRequestId: `t-${++n}`,
        },
        S,
      );
      progressed = true;
    }
    if (!progressed) return;
  }
}

/** The tallies as stored, rows with a zero count left out, in a fixed order. */
async function stored(): Promise<Tallies> {
  const x = await analyticsTallies(t.db);
  const key = (o: object) => JSON.stringify(Object.values(o).slice(0, -1));
  const sort = <T extends object>(rows: T[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  return { agreement: sort(x.agreement), experts: sort(x.experts), expertPairs: sort(x.expertPairs) };
}

/** The tallies the reference rules give for the complete pairs as they are now. */
async function expected(): Promise<Tallies> {
  const pairs = (await ratedPairs(t.db)).map((p) => ({ ...p, experts: p.userIds! }));
  const x = tallyPairs(pairs);
  const key = (o: object) => JSON.stringify(Object.values(o).slice(0, -1));
  const sort = <T extends object>(rows: T[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  return { agreement: sort(x.agreement), experts: sort(x.experts), expertPairs: sort(x.expertPairs) };
}

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  experts = await Promise.all([0, 1, 2, 3].map((i) => createTestExpert(t.db, `tally${i}@t.test`, ["Paris"])));
  // Verdicts from the order pairs are first met and the expert: every other pair a 1-1-1 split (the three experts
  // choose three different sides), the rest unanimous — whatever ids the pairs were given.
  const order = new Map<string, number>();
  const indexOf = (pairId: string) => order.get(pairId) ?? order.set(pairId, order.size).get(pairId)!;
  await judgeAll(experts.slice(0, 3), (pairId, i) => {
    const k = indexOf(pairId);
    return (["A", "B", "NEITHER"] as const)[(k + i * (k % 2)) % 3];
  });
});
after(async () => t.drop());

test("the triggers keep the tallies equal to the reference rules, through a reopened pair and a fourth rater", async () => {
  assert.ok((await stored()).agreement.length > 0);
  assert.deepEqual(await stored(), await expected());
  // One more rater on a split pair: it leaves the tallies while open, and returns wide (pattern -1) when the fourth expert submits.
  const split = (await adjudicationQueue(t.db, { limit: 1 })).pairs[0];
  assert.ok(split, "the judging made at least one 1-1-1 split");
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  await requestExtraRater(t.db, split.pairId, admin.id);
  assert.deepEqual(await stored(), await expected());
  assert.equal((await t.db.pair.findUniqueOrThrow({ where: { id: split.pairId } })).verdictPattern, null);
  await judgeAll([experts[3]], () => "A");
  const wide = await t.db.pair.findUniqueOrThrow({ where: { id: split.pairId } });
  assert.equal(wide.status, "COMPLETE");
  assert.equal(wide.verdictPattern, -1);
  assert.deepEqual(await stored(), await expected());
  assert.equal((await ratedPairs(t.db, { wideOnly: true })).length, 1);
  // Every complete pair's unresolved flag is the majority rule.
  for (const p of await ratedPairs(t.db)) {
    const pair = await t.db.pair.findUniqueOrThrow({ where: { id: p.pairId } });
    assert.equal(pair.unresolved, majority(p.verdicts).label === null, p.pairId);
  }
});

test("tj_verdict_code numbers the verdicts as verdictCode does (one table, mirrored in SQL)", async () => {
  const { rows } = await poolOf(t.db).query<{ v: string; code: number }>(
    `SELECT v::text AS v, tj_verdict_code(v) AS code FROM unnest(enum_range(NULL::"Verdict")) AS v`,
  );
  assert.deepEqual(
    Object.fromEntries(rows.map((r) => [r.v, r.code])),
    Object.fromEntries(VERDICTS.map((v) => [v, verdictCode(v)])),
  );
});

test("a rebuild from scratch gives the tallies the triggers kept", async () => {
  const before = await stored();
  const days = await judgmentDays(t.db);
  await poolOf(t.db).query("SELECT tj_rebuild_tallies()");
  assert.deepEqual(await stored(), before);
  assert.deepEqual(await judgmentDays(t.db), days);
  assert.equal(
    days.reduce((s, d) => s + d.judgments, 0),
    await t.db.judgment.count(),
  );
});

test("a bulk change of required raters keeps the tallies right (rebuilt once, not row by row)", async () => {
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  const { datasetId } = await t.db.query.findFirstOrThrow({ where: { destinationId: paris.id } });
  const admin = await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  const before = await stored();
  await setRequiredRaters(t.db, datasetId, 5, admin.id);
  assert.deepEqual(await stored(), await expected());
  assert.ok(
    (await stored()).agreement.reduce((s, r) => s + r.pairs, 0) < before.agreement.reduce((s, r) => s + r.pairs, 0),
  );
  await setRequiredRaters(t.db, datasetId, 3, admin.id);
  assert.deepEqual(await stored(), await expected());
  assert.deepEqual(await stored(), before);
});

test("medians are each expert's lower median time on task", async () => {
  const medians = await expertMedianSeconds(t.db);
  for (const u of experts) {
    const times = (await t.db.judgment.findMany({ where: { userId: u }, select: { timeOnTaskMs: true } }))
      .map((j) => j.timeOnTaskMs)
      .sort((a, b) => a - b);
    assert.equal(medians.get(u), times[Math.floor((times.length - 1) / 2)] / 1000);
  }
});

test("the assignment overview's counts and medians (from tallies and an index walk) equal counting every judgment", async () => {
  const overview = await assignmentOverview(t.db);
  const { rows } = await poolOf(t.db).query<{ id: string; judged: number; median: number | null }>(
    `SELECT u.id, (SELECT count(*) FROM "Judgment" j WHERE j."userId" = u.id)::int AS judged,
            (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY j."timeOnTaskMs") / 1000 FROM "Judgment" j WHERE j."userId" = u.id)::float AS median
     FROM "User" u WHERE u.role = 'EXPERT'`,
  );
  assert.ok(rows.some((r) => r.judged > 0));
  for (const r of rows) {
    const e = overview.experts.find((x) => x.id === r.id)!;
    assert.equal(e.judged, r.judged);
    assert.equal(e.medianSeconds, r.median);
  }
  const judgments = await t.db.judgment.count();
  assert.equal(
    overview.destinations.reduce((s, d) => s + d.judgments, 0),
    judgments,
  );
  // Every dataset's and destination's counts equal counting the pairs themselves.
  const { rows: direct } = await poolOf(t.db).query<{
    id: string;
    pairs: number;
    complete: number;
    judgments: number;
    needed: number;
    raters: number | null;
  }>(
    `SELECT x.id, count(p.id)::int AS pairs, count(p.id) FILTER (WHERE p.status = 'COMPLETE')::int AS complete, coalesce(sum(p."submittedCount"), 0)::int AS judgments,
            coalesce(sum(p."requiredRaters"), 0)::int AS needed, max(p."requiredRaters")::int AS raters
     FROM (SELECT id, id AS ds, NULL AS dest FROM "Dataset" UNION ALL SELECT id, NULL, id FROM "Destination") x
     LEFT JOIN "Query" q ON q."datasetId" = x.ds OR q."destinationId" = x.dest LEFT JOIN "Pair" p ON p."queryId" = q.id GROUP BY x.id`,
  );
  for (const d of [...overview.datasets, ...overview.destinations]) {
    const want = direct.find((r) => r.id === d.id)!;
    assert.deepEqual(
      { pairs: d.pairs, complete: d.complete, judgments: d.judgments, needed: d.needed },
      { pairs: want.pairs, complete: want.complete, judgments: want.judgments, needed: want.needed },
      d.id,
    );
  }
  for (const d of overview.datasets) assert.equal(d.raters, direct.find((r) => r.id === d.id)!.raters);
  for (const u of await listUsers(t.db))
    assert.equal(u.judgments, await t.db.judgment.count({ where: { userId: u.id } }), u.email);
  for (const d of await listDestinations(t.db)) {
    assert.equal(d.pairs, await t.db.pair.count({ where: { query: { destinationId: d.id } } }), d.name);
    assert.equal(
      d.completePairs,
      await t.db.pair.count({ where: { query: { destinationId: d.id }, status: "COMPLETE" } }),
      d.name,
    );
    assert.equal(d.queries, await t.db.query.count({ where: { destinationId: d.id } }), d.name);
  }
});

test("the adjudication queue pages through every waiting pair once; a forged cursor is refused", async () => {
  const all = (await ratedPairs(t.db)).filter((p) => majority(p.verdicts).label === null);
  const seen: string[] = [];
  let after: string | null = null;
  let total = -1;
  do {
    const page = await adjudicationQueue(t.db, { after, limit: 2 });
    total = page.total;
    assert.ok(page.pairs.length <= 2);
    for (const p of page.pairs) assert.ok(p.judgments.length >= 3 && p.request.length > 0);
    seen.push(...page.pairs.map((p) => p.pairId));
    after = page.next;
  } while (after);
  assert.equal(total, all.length);
  assert.deepEqual([...seen].sort(), all.map((p) => p.pairId).sort());
  await assert.rejects(adjudicationQueue(t.db, { after: "not-a-cursor" }), /page link is not valid/);
});

test("an export's count from the database equals the records the export streams, for every kind and filter", async () => {
  const paris = await t.db.destination.findFirstOrThrow({ where: { name: "Paris" } });
  const dataset = (await t.db.query.findFirstOrThrow({ where: { destinationId: paris.id } })).datasetId;
  const cases: ExportFilters[] = [
    {},
    { destinationId: paris.id },
    { datasetId: dataset },
    { completeOnly: true },
    { finalOnly: true },
    { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) },
    { from: new Date(Date.now() + 86_400_000) },
  ];
  for (const kind of EXPORT_KINDS) {
    for (const f of cases) {
      let streamed = 0;
      const it = records(kind, t.db, f);
      while (!(await it.next()).done) streamed++;
      assert.equal(await exportCount(t.db, kind, f), streamed, `${kind} ${JSON.stringify(f)}`);
    }
  }
});
