/**
 * Removing a verdict file that a dataset's escalation uses, on a real database: the Judges page's list says which
 * escalations use each file; removal is refused (409, naming the datasets) unless confirmed; confirmed, the pairs its
 * judge decided go back to the experts and the escalation recalibrates without its verdicts. A file no escalation
 * uses goes as before.
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
import { AppError } from "../../kernel";
import { generateBundle } from "../../testing/generate-bundle";
import { poolOf } from "../../platform/db";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { deleteJudgeImport, importJudgeVerdicts, listJudgeImports } from "./alignment";
import { escalationStatus, runEscalation, setEscalation } from "./escalation";

let t: TestDatabase;
let datasetId = "";
let admin = "";
let experts: string[] = [];
const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
const sql = (text: string, values: unknown[] = []) => poolOf(t.db).query(text, values);
const truth = (pairId: string) => (createHash("md5").update(pairId).digest()[0] % 2 ? "A" : "B");
const count = async (where: string) => Number((await sql(`SELECT count(*) AS n FROM "Pair" WHERE ${where}`)).rows[0].n);

before(async () => {
  t = await createTestDatabase();
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "tj-escalation-removal-")), "bundle");
  await generateBundle(dir, 200, 11);
  const r = await importBundle(
    t.db,
    new Map(readdirSync(dir).map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))])),
  );
  assert.ok(r.ok);
  datasetId = r.datasetId;
  const city = (await t.db.query.findFirstOrThrow({ where: { datasetId }, include: { destination: true } })).destination
    .name;
  admin = (await t.db.user.create({ data: { email: "admin@t.test", name: "admin", role: "ADMIN" } })).id;
  experts = await Promise.all([0, 1, 2].map((i) => createTestExpert(t.db, `rm${i}@t.test`, [city])));
});
after(async () => t.drop());

/** Each expert claims and answers the truth `rounds` times. */
async function judge(rounds: number) {
  for (let i = 0; i < rounds; i++)
    for (const u of experts) {
      const c = await claimNext(t.db, u, S);
      if (!c) continue;
      const pair = await t.db.pair.findUniqueOrThrow({ where: { id: c.pairId } });
      const wantA = truth(c.pairId) === "A";
      await submitJudgment(
        t.db,
        u,
        {
          assignmentId: c.assignmentId,
          choice: wantA === (c.view.leftPlanId === pair.planAId) ? "left" : "right",
          rationale: "r",
          timeOnTaskMs: 1,
          clientRequestId: `rm-${c.assignmentId}`,
        },
        S,
      );
    }
}

test("a verdict file an escalation uses is named on the list, refused unless confirmed, then recalibrated without", async () => {
  const pairs = (await sql(`SELECT id FROM "Pair" ORDER BY id`)).rows.map((r) => r.id as string);
  assert.ok(pairs.length > 80, `${pairs.length} pairs`);
  // judge-p: right and sure (0.97) on every pair. judge-x: another file, named by no escalation.
  const used = await importJudgeVerdicts(
    t.db,
    pairs
      .map((id) =>
        JSON.stringify({
          pair_id: id,
          judge: "judge-p",
          ...(truth(id) === "A" ? { p_a: 0.97, p_b: 0.03 } : { p_a: 0.03, p_b: 0.97 }),
        }),
      )
      .join("\n"),
    "judge-p.jsonl",
    admin,
  );
  const unused = await importJudgeVerdicts(
    t.db,
    pairs.map((id) => JSON.stringify({ pair_id: id, judge: "judge-x", verdict: "A" })).join("\n"),
    "judge-x.jsonl",
    admin,
  );
  await setEscalation(t.db, datasetId, { judges: ["judge-p"], calibrationPairs: 30, auditShare: 0 }, admin);
  await judge(30);
  assert.equal((await runEscalation(t.db, datasetId))?.phase, "deciding");
  const decided = await count(`status = 'DECIDED'`);
  assert.ok(decided > 30, `${decided} decided`);

  // The page's list says which escalation uses which file.
  const list = new Map((await listJudgeImports(t.db)).map((i) => [i.id, i.escalations]));
  const dataset = (await t.db.dataset.findUniqueOrThrow({ where: { id: datasetId } })).name;
  assert.deepEqual(list.get(used.id), [{ datasetId, dataset, judges: ["judge-p"] }]);
  assert.deepEqual(list.get(unused.id), []);

  // Unconfirmed: refused with the dataset named, nothing changed.
  await assert.rejects(
    deleteJudgeImport(t.db, used.id, admin),
    (e) =>
      e instanceof AppError &&
      e.code === "conflict" &&
      e.message.includes(`the guaranteed escalation of ${dataset} (judge-p)`) &&
      JSON.stringify(e.extra) === JSON.stringify({ escalations: [{ datasetId, dataset, judges: ["judge-p"] }] }),
  );
  assert.equal(await t.db.judgeImport.count({ where: { id: used.id } }), 1);
  assert.equal(await count(`status = 'DECIDED'`), decided);

  // A file no escalation uses goes without a question.
  assert.deepEqual(await deleteJudgeImport(t.db, unused.id, admin), { escalations: [] });

  // Confirmed: the file goes, its judge's decisions go back to the experts, and the escalation recalibrates at once
  // on the labelled sample, where judge-p now has no verdict: it abstains on all.
  const r = await deleteJudgeImport(t.db, used.id, admin, { confirm: true });
  assert.deepEqual(r.escalations, [{ datasetId, dataset, judges: ["judge-p"] }]);
  assert.equal(await t.db.judgeImport.count({ where: { id: used.id } }), 0);
  assert.equal(await count(`status = 'DECIDED'`), 0);
  assert.equal(Number((await sql(`SELECT count(*) AS n FROM "JudgeDecision"`)).rows[0].n), 0);
  const st = await escalationStatus(t.db, datasetId);
  assert.equal(st.state?.phase, "deciding");
  assert.deepEqual(
    st.state!.stages.map((s) => [s.judge, s.threshold, s.calibrationItems]),
    [["judge-p", null, 30]],
  );
  const event = await t.db.auditEvent.findFirstOrThrow({ where: { action: "judges.delete", targetId: used.id } });
  assert.deepEqual(event.data, { escalations: [datasetId] });
});
