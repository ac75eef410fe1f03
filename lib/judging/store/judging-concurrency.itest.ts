import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { claimNext, submitJudgment } from "./judging";
import { seed } from "../../platform/db";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 5 };
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
});
after(async () => t.drop());

const expert = (email: string, destinations: string[]) => createTestExpert(t.db, email, destinations);

let n = 0;
const submit = (userId: string, assignmentId: string, choice: "left" | "right" | "neither") =>
  submitJudgment(
    t.db,
    userId,
    { assignmentId, choice, rationale: "because of the route", timeOnTaskMs: 1000, clientRequestId: `crowd-${++n}` },
    S,
  );

test("simultaneous claims of one expert never pass the per-expert limit", async () => {
  const u = await expert("eager@t.test", ["Paris", "Tokyo", "Rome", "Nanjing"]);
  for (let round = 0; round < 5; round++) {
    const claims = await Promise.all(Array.from({ length: 4 }, () => claimNext(t.db, u, S)));
    const live = await t.db.assignment.findMany({ where: { userId: u, status: "CLAIMED" } });
    assert.ok(
      live.length <= S.maxClaimsPerExpert,
      `round ${round}: ${live.length} live claims, limit ${S.maxClaimsPerExpert}`,
    );
    // Claimed one after another, the later calls resume the first claim.
    assert.equal(new Set(claims.map((c) => c?.assignmentId)).size, 1);
    for (const a of live) await submit(u, a.id, "left");
  }
});

test("50 experts claiming and submitting in parallel keep every invariant", async () => {
  const destinations = ["Paris", "Tokyo", "Rome", "Nanjing"];
  const experts = await Promise.all(Array.from({ length: 50 }, (_, i) => expert(`crowd${i}@t.test`, destinations)));
  const work = async (u: string) => {
    for (;;) {
      const c = await claimNext(t.db, u, S);
      if (!c) return;
      await submit(u, c.assignmentId, (["left", "right", "neither"] as const)[c.pairId.charCodeAt(0) % 3]);
    }
  };
  await Promise.all(experts.map(work));
  const pairs = await t.db.pair.findMany({ include: { assignments: true, judgments: true } });
  for (const p of pairs) {
    const submitted = p.assignments.filter((a) => a.status === "SUBMITTED");
    assert.equal(p.status, "COMPLETE", `pair ${p.id} complete`);
    assert.equal(submitted.length, 3, `pair ${p.id}: 3 submitted`);
    assert.equal(p.judgments.length, 3, `pair ${p.id}: 3 judgments`);
    assert.equal(new Set(p.judgments.map((j) => j.userId)).size, 3, `pair ${p.id}: 3 distinct experts`);
    assert.deepEqual(submitted.map((a) => a.slot).sort(), [1, 2, 3]);
  }
  // Every expert who judged a pair has its destination.
  const bad = await t.db.$queryRaw<{ n: number }[]>`
    SELECT COUNT(*)::int AS n FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
    WHERE NOT EXISTS (SELECT 1 FROM "ExpertDestination" ed WHERE ed."userId" = j."userId" AND ed."destinationId" = q."destinationId")`;
  assert.equal(bad[0].n, 0);
});

test("removing experts' judgments while others judge: no deadlock reaches anyone, and the tallies equal a rebuild", async () => {
  const { mkdtempSync, readdirSync, readFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const { generateBundle } = await import("../../testing/generate-bundle");
  const { importBundle } = await import("../../datasets/store");
  const { removeJudgments } = await import("../../quality/store");
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "tj-removal-")), "bundle");
  await generateBundle(dir, 600, 5);
  const r = await importBundle(
    t.db,
    new Map(readdirSync(dir).map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))])),
  );
  assert.ok(r.ok);
  const city = (
    await t.db.query.findFirstOrThrow({ where: { datasetId: r.datasetId }, include: { destination: true } })
  ).destination.name;
  const admin = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  const ids = await Promise.all(Array.from({ length: 9 }, (_, i) => expert(`crowd-rm-${i}@t.test`, [city])));
  const judge = async (u: string, rounds: number) => {
    for (let i = 0; i < rounds; i++) {
      const c = await claimNext(t.db, u, S);
      if (!c) return;
      await submit(u, c.assignmentId, (["left", "right", "neither"] as const)[(i + u.length) % 3]);
    }
  };
  // Three experts judge first; then their judgments are removed while six others judge at full speed.
  await Promise.all(ids.slice(0, 3).map((u) => judge(u, 40)));
  const failures: unknown[] = [];
  const guard = (p: Promise<unknown>) => p.catch((e) => failures.push(e));
  await Promise.all([
    ...ids.slice(3).map((u) => guard(judge(u, 40))),
    ...ids
      .slice(0, 3)
      .map((u, i) => guard(new Promise((res) => setTimeout(res, 30 * i)).then(() => removeJudgments(t.db, u, admin)))),
  ]);
  assert.deepEqual(
    failures.map((e) => `${(e as { code?: string }).code}: ${(e as Error).message}`),
    [],
  );
  for (const u of ids.slice(0, 3)) assert.equal(await t.db.judgment.count({ where: { userId: u } }), 0);
  const snapshot = async () => ({
    agreement: await t.db.agreementTally.findMany({
      orderBy: [{ datasetId: "asc" }, { destinationId: "asc" }, { pattern: "asc" }],
    }),
    experts: await t.db.expertTally.findMany({ orderBy: { userId: "asc" } }),
    expertPairs: await t.db.expertPairTally.findMany({
      orderBy: [{ userA: "asc" }, { userB: "asc" }, { verdictA: "asc" }, { verdictB: "asc" }],
    }),
    days: await t.db.judgmentDayTally.findMany({ orderBy: [{ day: "asc" }, { userId: "asc" }] }),
    pairs: await t.db.pair.findMany({
      where: { query: { datasetId: r.datasetId } },
      select: { id: true, status: true, submittedCount: true, claimedCount: true },
      orderBy: { id: "asc" },
    }),
  });
  const kept = await snapshot();
  const { poolOf } = await import("../../platform/db");
  await poolOf(t.db).query("SELECT tj_rebuild_tallies()");
  assert.deepEqual(await snapshot(), kept);
  // The pairs' counters agree with their assignments and judgments.
  for (const p of kept.pairs) {
    assert.equal(p.submittedCount, await t.db.judgment.count({ where: { pairId: p.id } }), p.id);
    assert.equal(p.claimedCount, await t.db.assignment.count({ where: { pairId: p.id, status: "CLAIMED" } }), p.id);
  }
});

test("a removal waits for a submit that holds the judgment-day tally and wants the pair tallies, without a deadlock", async () => {
  // A completing submit touches the tally tables in this order: the judgment's day (on insert), then the
  // pair's tallies. The removal's LOCK TABLE takes its list one by one, so it must keep that order.
  const { poolOf } = await import("../../platform/db");
  const open = await t.db.pair.findFirstOrThrow({
    where: { status: "OPEN" },
    include: { query: { include: { destination: true } } },
  });
  const u = await expert("crowd-rm-order@t.test", [open.query.destination.name]);
  const c = await claimNext(t.db, u, S);
  assert.ok(c);
  await submit(u, c.assignmentId, "left");
  const admin = (await t.db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  const submitLike = await poolOf(t.db).connect();
  try {
    await submitLike.query("BEGIN");
    await submitLike.query('LOCK TABLE "JudgmentDayTally" IN ROW EXCLUSIVE MODE');
    // The statement itself, without removeJudgments' retry (which would hide a deadlock).
    const removal = poolOf(t.db)
      .query<{ o_judgments: number; o_pairs: number }>(
        "SELECT * FROM tj_remove_judgments($1, $2, 'audit-order-test')",
        [admin, u],
      )
      .then(
        (r) => ({ judgments: r.rows[0].o_judgments, pairs: r.rows[0].o_pairs }),
        (e: Error) => e,
      );
    await new Promise((res) => setTimeout(res, 300)); // the removal now waits for the day tally
    await submitLike.query("SET LOCAL lock_timeout = '5s'");
    await submitLike.query('LOCK TABLE "AgreementTally", "ExpertTally", "ExpertPairTally" IN ROW EXCLUSIVE MODE');
    await submitLike.query("COMMIT");
    const r = await removal;
    assert.ok(!(r instanceof Error), `removal failed: ${(r as Error).message}`);
    assert.deepEqual(r, { judgments: 1, pairs: 1 });
  } finally {
    submitLike.release();
  }
});

test("a claim waits for a pair another statement holds for a moment rather than say nothing is left", async () => {
  // The last open pair of a destination, held by another transaction (as another expert's submit holds it).
  const { poolOf } = await import("../../platform/db");
  const open = await t.db.pair.findFirstOrThrow({
    where: { status: "OPEN", claimedCount: 0 },
    include: { query: { include: { destination: true } } },
    orderBy: { createdAt: "desc" },
  });
  const others = await t.db.pair.updateMany({
    where: { status: "OPEN", query: { destinationId: open.query.destinationId }, NOT: { id: open.id } },
    data: { status: "COMPLETE" },
  });
  assert.ok(others.count >= 0);
  const u = await expert("crowd-wait@t.test", [open.query.destination.name]);
  const holder = await poolOf(t.db).connect();
  try {
    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM "Pair" WHERE id = $1 FOR UPDATE`, [open.id]);
    const claim = claimNext(t.db, u, S);
    await new Promise((r) => setTimeout(r, 300));
    await holder.query("COMMIT");
    const c = await claim;
    assert.equal(c?.pairId, open.id);
  } finally {
    holder.release();
  }
});
