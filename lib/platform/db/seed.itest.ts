import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { seed, DEMO_EXPERTS } from "./seed";
import { waitingPairsByDestination } from "../../judging/store";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
});
after(async () => t.drop());

async function counts() {
  const db = t.db;
  return {
    users: await db.user.count(),
    destinations: await db.destination.count(),
    pois: await db.poi.count(),
    queries: await db.query.count(),
    plans: await db.plan.count(),
    pairs: await db.pair.count(),
    datasets: await db.dataset.count(),
    expertDestinations: await db.expertDestination.count(),
  };
}

test("seeding twice does not duplicate; credentials are reported only the first time", async () => {
  const first = await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  assert.equal(first.length, 1 + DEMO_EXPERTS.length);
  assert.equal(first.filter((c) => c.role === "ADMIN").length, 1);
  // The admin never shares the demo experts' password (ADMIN_PASSWORD, else a generated one).
  assert.notEqual(first.find((c) => c.role === "ADMIN")!.password, "pw-for-tests-1");
  const c1 = await counts();
  assert.ok(c1.destinations >= 3 && c1.queries >= 28 && c1.pairs >= c1.queries && c1.plans >= 2 * c1.queries);
  const second = await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  assert.deepEqual(second, []);
  assert.deepEqual(await counts(), c1);
});

test("each destination has at least three experts, so every pair can be judged three times", async () => {
  const rows = await t.db.destination.findMany({ include: { _count: { select: { experts: true } } } });
  for (const d of rows) assert.ok(d._count.experts >= 3, d.name);
});

test("an expert's waiting pairs are the open pairs of their destinations", async () => {
  const amelie = await t.db.user.findUniqueOrThrow({ where: { email: "amelie@demo.tripjudge" } });
  const waiting = await waitingPairsByDestination(t.db, amelie.id);
  assert.deepEqual(waiting.map((w) => w.name).sort(), ["Paris", "Rome", "Tokyo"]);
  for (const w of waiting) {
    const pairs = await t.db.pair.count({ where: { query: { destinationId: w.destinationId } } });
    assert.equal(w.waiting, pairs, w.name);
  }
  // A pair fully claimed by three others is no longer waiting for her.
  const paris = waiting.find((w) => w.name === "Paris")!;
  const pair = await t.db.pair.findFirstOrThrow({ where: { query: { destinationId: paris.destinationId } } });
  const others = await t.db.user.findMany({ where: { role: "EXPERT", NOT: { id: amelie.id } }, take: 3 });
  for (const [i, u] of others.entries()) {
    await t.db.assignment.create({
      data: {
        pairId: pair.id,
        userId: u.id,
        slot: i + 1,
        leftPlanId: pair.planAId,
        leaseExpiresAt: new Date(Date.now() + 60_000),
      },
    });
  }
  // (Claims normally go through claimNext, which keeps this counter.)
  await t.db.pair.update({ where: { id: pair.id }, data: { claimedCount: 3 } });
  const after = await waitingPairsByDestination(t.db, amelie.id);
  assert.equal(after.find((w) => w.name === "Paris")!.waiting, paris.waiting - 1);
});
