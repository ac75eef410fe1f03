/**
 * Guaranteed escalation on a real database: the calibration sample is served first, a step after the experts
 * labelled it takes the pairs a judge is sure of out of the queue (audit pairs stay), exports and counts follow,
 * a poor audit pauses the decisions and gives the pairs back, and turning it off undoes it all.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { claimNext, submitJudgment } from "../../judging/store";
import { importBundle } from "../../datasets/store";
import { generateBundle } from "../../testing/generate-bundle";
import { poolOf } from "../../platform/db";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { escalationStatus, escalationSweep, runEscalation, setEscalation } from "./escalation";

let t: TestDatabase;
let datasetId = "";
let admin = "";
let experts: string[] = [];
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
const sql = (text: string, values: unknown[] = []) => poolOf(t.db).query(text, values);

/** The experts' answer on a pair (what they would all say), fixed by its id. */
const truth = (pairId: string) => (createHash("md5").update(pairId).digest()[0] % 2 ? "A" : "B");
/**
 * The judge is sure (0.95) on 8 pairs in 10 and right there; on the rest it says the opposite at 0.55. A sample of 60
 * has 30 sure pairs or more (the fewest a threshold is tested on) but with probability ~10⁻⁸.
 */
const sure = (pairId: string) => createHash("md5").update(`${pairId}:sure`).digest()[0] < 0.8 * 256;

before(async () => {
  t = await createTestDatabase();
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "tj-escalation-")), "bundle");
  await generateBundle(dir, 300, 9);
  const r = await importBundle(
    t.db,
    new Map(readdirSync(dir).map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))])),
  );
  assert.ok(r.ok);
  datasetId = r.datasetId;
  const city = (await t.db.query.findFirstOrThrow({ where: { datasetId }, include: { destination: true } })).destination
    .name;
  admin = (await t.db.user.create({ data: { email: "admin@t.test", name: "admin", role: "ADMIN" } })).id;
  experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `esc${i}@t.test`, [city])));
  await sql(
    `INSERT INTO "JudgeImport" (id, name, "contentHash", judges, verdicts) VALUES ('ji', 'judge.jsonl', 'h', ARRAY['judge-p'], 0)`,
  );
  const pairs = (await sql(`SELECT id FROM "Pair"`)).rows.map((r) => r.id as string);
  for (const id of pairs) {
    const v = sure(id) ? truth(id) : truth(id) === "A" ? "B" : "A";
    const p = sure(id) ? 0.95 : 0.55;
    await sql(
      `INSERT INTO "JudgeVerdict" (id, "importId", "pairId", judge, verdict, "pA", "pB") VALUES ($1, 'ji', $2, 'judge-p', $3, $4, $5)`,
      [`v-${id}`, id, v, v === "A" ? p : 1 - p, v === "A" ? 1 - p : p],
    );
  }
});
after(async () => t.drop());

/** Each expert claims and answers the truth `rounds` times; returns the pairs they were served, in order. */
async function judge(rounds: number, answer: (pairId: string) => "A" | "B" = truth): Promise<string[]> {
  const served: string[] = [];
  for (let i = 0; i < rounds; i++)
    for (const u of experts) {
      const c = await claimNext(t.db, u, S);
      if (!c) continue;
      served.push(c.pairId);
      const pair = await t.db.pair.findUniqueOrThrow({ where: { id: c.pairId } });
      const wantA = answer(c.pairId) === "A";
      const leftIsA = c.view.leftPlanId === pair.planAId;
      await submitJudgment(
        t.db,
        u,
        {
          assignmentId: c.assignmentId,
          choice: wantA === leftIsA ? "left" : "right",
          rationale: "r",
          timeOnTaskMs: 1,
          clientRequestId: `esc-${c.assignmentId}`,
        },
        S,
      );
    }
  return served;
}

test("escalation: the sample first, then the judge's sure pairs leave the queue, the audit share stays", async () => {
  const pairs = Number((await sql(`SELECT count(*) AS n FROM "Pair"`)).rows[0].n);
  assert.ok(pairs > 150, `${pairs} pairs`);
  await assert.rejects(
    setEscalation(t.db, datasetId, { judges: ["nobody"] }, admin),
    /No verdicts of "nobody" on this dataset's pairs/,
  );
  const on = await setEscalation(
    t.db,
    datasetId,
    { judges: ["judge-p"], calibrationPairs: 60, auditShare: 0.2 },
    admin,
  );
  assert.equal(on.on, true);
  assert.equal(on.on && on.state?.phase, "calibrating");
  const sample = new Set(
    (await sql(`SELECT id FROM "Pair" WHERE "escalationCalibration" AND priority = 2`)).rows.map((r) => r.id),
  );
  assert.equal(sample.size, 60);

  // The experts are served the sample first: 60 pairs × 3 experts.
  const served = await judge(60);
  assert.equal(served.length, 180);
  assert.ok(
    served.every((id) => sample.has(id)),
    "every claim so far was a calibration pair",
  );
  assert.equal((await runEscalation(t.db, datasetId))?.phase, "deciding");

  const st = await escalationStatus(t.db, datasetId);
  assert.equal(st.state?.phase, "deciding");
  const stage = st.state!.stages[0];
  assert.ok(stage.threshold !== null && stage.threshold > 0.55, `threshold ${stage.threshold}`);
  const decisions = (await sql(`SELECT "pairId", verdict::text, audit, confidence FROM "JudgeDecision"`)).rows;
  const decided = decisions.filter((d) => !d.audit);
  const audits = decisions.filter((d) => d.audit);
  assert.ok(decided.length > 60 && audits.length > 5, `${decided.length} decided, ${audits.length} audits`);
  assert.ok(decisions.every((d) => d.confidence === 0.95 && d.verdict === truth(d.pairId)));
  assert.deepEqual(st.decisions, [
    { judge: "judge-p", decided: decided.length, audit: audits.length, saved: 3 * decided.length },
  ]);
  const statuses = new Map(
    (await sql(`SELECT id, status::text FROM "Pair"`)).rows.map((r) => [r.id as string, r.status as string]),
  );
  for (const d of decided) assert.equal(statuses.get(d.pairId), "DECIDED");
  for (const d of audits) assert.equal(statuses.get(d.pairId), "OPEN");

  // The experts never get a decided pair; they do get the audit pairs.
  const rest = await judge(pairs);
  const decidedIds = new Set(decided.map((d) => d.pairId));
  assert.ok(!rest.some((id) => decidedIds.has(id)), "no decided pair was served");
  assert.ok(
    audits.every((a) => rest.includes(a.pairId)),
    "every audit pair was served",
  );
  const open = Number((await sql(`SELECT count(*) AS n FROM "Pair" WHERE status = 'OPEN'`)).rows[0].n);
  assert.equal(open, 0, "nothing promised that never comes: every pair is complete or decided");

  // The worker's sweep: a step since pairs changed; the audit agrees (the judge is right where it is sure).
  assert.equal(await escalationSweep(t.db), 1);
  assert.equal(await escalationSweep(t.db), 0, "nothing changed since");
  const after = await escalationStatus(t.db, datasetId);
  assert.equal(after.state?.phase, "deciding");
  assert.equal(after.state!.audits[0].audited, audits.length);
  assert.equal(after.state!.audits[0].agreed, audits.length);
});

test("a poor audit pauses the decisions and gives the pairs back; off undoes the rest", async () => {
  // Saved again: a fresh sample, drawn among all pairs; the decided pairs went back to the experts.
  const again = await setEscalation(
    t.db,
    datasetId,
    { judges: ["judge-p"], calibrationPairs: 60, auditShare: 0.2 },
    admin,
  );
  assert.equal(again.on && again.state?.phase, "calibrating");
  assert.equal(Number((await sql(`SELECT count(*) AS n FROM "Pair" WHERE status = 'DECIDED'`)).rows[0].n), 0);
  await judge(200);
  assert.equal((await runEscalation(t.db, datasetId))?.phase, "deciding");
  // A judge confidently wrong on 20 audited pairs (its decisions made by hand, against the experts' labels).
  const victims = (
    await sql(
      `SELECT p.id FROM "Pair" p WHERE p.status = 'COMPLETE' AND NOT p."escalationCalibration"
          AND NOT EXISTS (SELECT 1 FROM "JudgeDecision" d WHERE d."pairId" = p.id) LIMIT 20`,
    )
  ).rows.map((r) => r.id as string);
  assert.equal(victims.length, 20);
  for (const id of victims)
    await sql(
      `INSERT INTO "JudgeDecision" ("pairId", "datasetId", judge, verdict, confidence, threshold, audit)
       VALUES ($1, $2, 'judge-p', $3, 0.95, 0.9, true)`,
      [id, datasetId, truth(id) === "A" ? "B" : "A"],
    );
  const paused = await runEscalation(t.db, datasetId);
  assert.equal(paused?.phase, "paused");
  assert.match(paused!.paused!, /judge-p agreed with the experts on \d+ of \d+ audit pairs .*below the promised 90 %/);
  assert.equal(Number((await sql(`SELECT count(*) AS n FROM "JudgeDecision"`)).rows[0].n), 0);
  assert.equal(Number((await sql(`SELECT count(*) AS n FROM "Pair" WHERE status = 'DECIDED'`)).rows[0].n), 0);
  assert.equal(await escalationSweep(t.db), 0, "a paused escalation takes no step");
  assert.equal((await escalationStatus(t.db, datasetId)).state?.phase, "paused");

  const off = await setEscalation(t.db, datasetId, null, admin);
  assert.deepEqual(off, { on: false, reopened: 0 });
  assert.equal(
    Number((await sql(`SELECT count(*) AS n FROM "Pair" WHERE "escalationCalibration" OR priority <> 0`)).rows[0].n),
    0,
  );
  assert.equal((await escalationStatus(t.db, datasetId)).settings, null);
  // The audit log: turned off, with the settings in force before.
  const e = await t.db.auditEvent.findFirstOrThrow({
    where: { action: "dataset.escalation" },
    orderBy: { createdAt: "desc" },
  });
  const d = e.data as { on: boolean; before: { judges: string[] } | null; after: unknown };
  assert.deepEqual([e.targetId, d.on, d.after], [datasetId, false, null]);
  assert.ok(d.before?.judges.length, "the settings that were on");
});
