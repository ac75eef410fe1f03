import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { BattleSetBuilder } from "../leaderboard/battles";
import { leaderboard } from "../leaderboard/leaderboard";
import { battleLineSchema } from "../leaderboard/battles";
import { exportCount } from "./export-counts";
import { battleRecords } from "./exports";
import { claimNext, submitJudgment } from "./judging";
import { leaderboardBattles, leaderboardReport } from "./leaderboard";
import { seed } from "./seed";
import { createTestDatabase, createTestExpert, type TestDatabase } from "./testing";

let t: TestDatabase;
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };

before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  const experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `lb${i}@t.test`, ["Paris"])));
  let n = 0;
  for (let round = 0; round < 200; round++) {
    let progressed = false;
    for (const [i, u] of experts.entries()) {
      const c = await claimNext(t.db, u, S);
      if (!c) continue;
      const choice = (["left", "right", "neither", "left"] as const)[(c.pairId.charCodeAt(4) + i) % 4];
      await submitJudgment(t.db, u, { assignmentId: c.assignmentId, choice, rationale: "r", timeOnTaskMs: 1, clientRequestId: `lb-${++n}` }, S);
      progressed = true;
    }
    if (!progressed) break;
  }
});
after(async () => t.drop());

test("the exported battles and the database's grouped battles give the same leaderboard", async () => {
  const exported = [];
  for await (const r of battleRecords(t.db)) exported.push(r);
  assert.ok(exported.length > 20, `only ${exported.length} battles`);
  assert.equal(await exportCount(t.db, "battles"), exported.length);
  for (const r of exported) assert.ok(battleLineSchema.safeParse(r).success && r.model_a !== r.model_b && /^expert-/.test(r.judge));
  const fromFile = new BattleSetBuilder();
  for (const r of exported) fromFile.addLine(battleLineSchema.parse(r));
  const { set } = await leaderboardBattles(t.db, {});
  assert.ok(set.size < exported.length, "the database groups identical battles");
  const a = leaderboard(fromFile.build(), { bootstrap: 100, seed: 3 });
  const b = leaderboard(set, { bootstrap: 100, seed: 3 });
  assert.equal(b.battles, exported.length);
  for (const m of a.models) {
    const other = b.models.find((x) => x.model === m.model)!;
    assert.ok(Math.abs(other.rating - m.rating) < 1e-9);
    assert.deepEqual([other.wins, other.losses, other.ties], [m.wins, m.losses, m.ties]);
  }
  assert.deepEqual(b.pairs, a.pairs);
  assert.deepEqual(b.left, a.left);
  // The same queries are the resampling units either way, so the intervals agree too.
  assert.equal(a.bootstrap.units, b.bootstrap.units);
});

test("filters select battles; style control reads the plans", async () => {
  const all = (await leaderboardBattles(t.db, {})).set;
  const none = (await leaderboardBattles(t.db, { days: 59 })).set;
  assert.equal(none.size, 0);
  const gated = (await leaderboardBattles(t.db, { bothGates: true })).set;
  const total = (s: typeof all) => s.weight.reduce((x, y) => x + y, 0);
  assert.ok(total(gated) <= total(all));
  const r = await leaderboardReport(t.db, {}, { style: true, bootstrap: 50, seed: 1 });
  assert.ok(r.report?.style);
  assert.equal(r.report.style.ratings.length, r.report.models.length);
  assert.ok(r.tripLengths.length >= 1);
  const empty = await leaderboardReport(t.db, { days: 59 }, { style: false, bootstrap: 50, seed: 1 });
  assert.equal(empty.report, null);
});
