/**
 * The SQL mirrors of lib/judging/verdict/'s encodings (its header lists them), each run on a migrated database on every value
 * and held equal to the function it mirrors; and a submit through tj_submit, which stores the verdict
 * verdictFromSide gives for each choice on either screen arrangement.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../assignment/policy";
import { scalePatternOf } from "../../testing/agreement";
import { dimensionAnswersBySide } from "../../results/dimensions";
import { poolOf, seed } from "../../platform/db";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { claimNext, submitJudgment } from "../store/judging";
import {
  dimensionSignedPreference,
  sideOf,
  signedPreference,
  verdictCode,
  verdictFromSide,
  verdictPattern,
  VERDICTS,
  verdictsBySide,
  type Choice,
  type Verdict,
} from ".";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
});
after(async () => t.drop());

const CHOICES: readonly Choice[] = ["left", "right", "neither"];
const STRENGTHS = [null, 1, 2, 3];
const SLOTS = [1, 2, 3];

async function sql<R>(text: string, values: unknown[] = []): Promise<R[]> {
  return (await poolOf(t.db).query(text, values)).rows as R[];
}

/** Every way to fill slots 1–3 with one of `values` or nothing (null). */
function fillings<V>(values: readonly V[]): (V | null)[][] {
  const one = [null, ...values];
  return one.flatMap((a) => one.flatMap((b) => one.map((c) => [a, b, c])));
}

test("the database's verdicts are VERDICTS, in their order", async () => {
  const [r] = await sql<{ verdicts: string[] }>(`SELECT enum_range(NULL::"Verdict")::text[] AS verdicts`);
  assert.deepEqual(r.verdicts, VERDICTS);
});

test("tj_verdict_code is verdictCode", async () => {
  const rows = await sql<{ code: number }>(`SELECT tj_verdict_code(v) AS code FROM unnest($1::"Verdict"[]) v`, [
    VERDICTS,
  ]);
  assert.deepEqual(
    rows.map((r) => r.code),
    VERDICTS.map(verdictCode),
  );
});

test("63 minus tj_verdict_pattern_bits over the slots is verdictPattern, for every filling of three slots", async () => {
  const all = fillings(VERDICTS);
  const cells = all.flatMap((bySlot, i) => bySlot.flatMap((v, s) => (v ? [{ i, slot: s + 1, v }] : [])));
  const rows = await sql<{ pattern: number }>(
    `SELECT 63 - coalesce(sum(tj_verdict_pattern_bits(c.v, c.slot)), 0)::integer AS pattern
       FROM generate_series(0, $1 - 1) i
       LEFT JOIN unnest($2::int[], $3::int[], $4::"Verdict"[]) c(i, slot, v) ON c.i = i.i
      GROUP BY i.i ORDER BY i.i`,
    [all.length, cells.map((c) => c.i), cells.map((c) => c.slot), cells.map((c) => c.v)],
  );
  assert.deepEqual(
    rows.map((r) => r.pattern),
    all.map(verdictPattern),
  );
});

test("tj_signed_preference is signedPreference, for every verdict and strength", async () => {
  const cases = VERDICTS.flatMap((v) => STRENGTHS.map((s) => ({ v, s })));
  const rows = await sql<{ value: number | null }>(
    `SELECT tj_signed_preference(c.v, c.s) AS value FROM unnest($1::"Verdict"[], $2::smallint[]) WITH ORDINALITY c(v, s, k) ORDER BY k`,
    [cases.map((c) => c.v), cases.map((c) => c.s)],
  );
  assert.deepEqual(
    rows.map((r) => r.value),
    cases.map((c) => signedPreference(c.v, c.s)),
  );
});

test("tj_dimension_signed_preference is dimensionSignedPreference, for every answer (none: no value)", async () => {
  const answers: ({ v: "A" | "B" | "SAME" | "NA"; s?: number } | null)[] = [
    null,
    { v: "NA" },
    { v: "SAME" },
    ...(["A", "B"] as const).flatMap((v) => [{ v }, ...[1, 2, 3].map((s) => ({ v, s }))]),
  ];
  const rows = await sql<{ value: number | null }>(
    `SELECT tj_dimension_signed_preference(a) AS value FROM unnest($1::jsonb[]) WITH ORDINALITY x(a, k) ORDER BY k`,
    [answers.map((a) => (a ? JSON.stringify(a) : null))],
  );
  assert.deepEqual(
    rows.map((r) => r.value),
    answers.map((a) => (a ? dimensionSignedPreference(a) : null)),
  );
});

test("511 minus tj_scale_pattern_bits over the slots is scalePatternOf, for every filling with −3…+3", async () => {
  const all = fillings([-3, -2, -1, 0, 1, 2, 3]);
  const cells = all.flatMap((bySlot, i) => bySlot.flatMap((v, s) => (v === null ? [] : [{ i, slot: s + 1, v }])));
  const rows = await sql<{ pattern: number }>(
    `SELECT 511 - coalesce(sum(tj_scale_pattern_bits(c.v, c.slot)), 0)::integer AS pattern
       FROM generate_series(0, $1 - 1) i
       LEFT JOIN unnest($2::int[], $3::int[], $4::int[]) c(i, slot, v) ON c.i = i.i
      GROUP BY i.i ORDER BY i.i`,
    [all.length, cells.map((c) => c.i), cells.map((c) => c.slot), cells.map((c) => c.v)],
  );
  assert.deepEqual(
    rows.map((r) => r.pattern),
    all.map(scalePatternOf),
  );
  // As the tallies call it: a verdict and its strength in one slot (none where the strength is missing).
  const cases = VERDICTS.flatMap((v) => STRENGTHS.flatMap((s) => SLOTS.map((slot) => ({ v, s, slot }))));
  const one = await sql<{ pattern: number }>(
    `SELECT 511 - tj_scale_pattern_bits(tj_signed_preference(c.v, c.s), c.slot) AS pattern
       FROM unnest($1::"Verdict"[], $2::smallint[], $3::int[]) WITH ORDINALITY c(v, s, slot, k) ORDER BY k`,
    [cases.map((c) => c.v), cases.map((c) => c.s), cases.map((c) => c.slot)],
  );
  assert.deepEqual(
    one.map((r) => r.pattern),
    cases.map((c) => scalePatternOf(SLOTS.map((slot) => (slot === c.slot ? signedPreference(c.v, c.s) : null)))),
  );
});

test("tj_screen_side is sideOf, for every verdict on either screen arrangement", async () => {
  const cases = VERDICTS.flatMap((v) => [true, false].map((leftIsA) => ({ v, leftIsA })));
  const rows = await sql<{ side: string | null }>(
    `SELECT tj_screen_side(c.v, c.l) AS side FROM unnest($1::"Verdict"[], $2::boolean[]) WITH ORDINALITY c(v, l, k) ORDER BY k`,
    [cases.map((c) => c.v), cases.map((c) => c.leftIsA)],
  );
  assert.deepEqual(
    rows.map((r) => r.side),
    cases.map((c) => sideOf(c.v, c.leftIsA)),
  );
});

test("tj_pick_by_side picks verdictFromSide's verdict (and dimension answers) from the two verdictsBySide sends", async () => {
  const cases = CHOICES.flatMap((choice) => [true, false].map((leftIsA) => ({ choice, leftIsA })));
  const rows = await sql<{ verdict: Verdict; answers: unknown }>(
    `SELECT tj_pick_by_side(c.l, c.a, c.b) AS verdict, tj_pick_by_side(c.l, c.da, c.db) AS answers
       FROM unnest($1::boolean[], $2::"Verdict"[], $3::"Verdict"[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY c(l, a, b, da, db, k)
      ORDER BY k`,
    [
      cases.map((c) => c.leftIsA),
      cases.map((c) => verdictsBySide(c.choice).leftIsA),
      cases.map((c) => verdictsBySide(c.choice).leftIsB),
      cases.map((c) => JSON.stringify(dimensionAnswersBySide({ d: dimensionChoice(c.choice) }).ifLeftIsA)),
      cases.map((c) => JSON.stringify(dimensionAnswersBySide({ d: dimensionChoice(c.choice) }).ifLeftIsB)),
    ],
  );
  assert.deepEqual(
    rows.map((r) => r.verdict),
    cases.map((c) => verdictFromSide(c.choice, c.leftIsA)),
  );
  assert.deepEqual(
    rows.map((r) => r.answers),
    cases.map((c) => ({ d: { v: c.choice === "neither" ? "SAME" : verdictFromSide(c.choice, c.leftIsA) } })),
  );
});

const dimensionChoice = (c: Choice) => ({ choice: c === "neither" ? ("same" as const) : c });

test("tj_submit stores the verdict verdictFromSide gives, for each choice on either screen arrangement", async () => {
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  const expert = await createTestExpert(t.db, "mirror@t.test", ["Paris"]);
  const S = { ...DEFAULT_SETTINGS, rationaleMinLength: 1 };
  let n = 0;
  for (const choice of CHOICES)
    for (const leftIsA of [true, false]) {
      const c = await claimNext(t.db, expert, S);
      assert.ok(c, "a pair to judge");
      // The side shown is drawn at random: set here, before the submit reads it.
      await sql(
        `UPDATE "Assignment" a SET "leftPlanId" = CASE WHEN $2 THEN p."planAId" ELSE p."planBId" END
           FROM "Pair" p WHERE p.id = a."pairId" AND a.id = $1`,
        [c.assignmentId, leftIsA],
      );
      await submitJudgment(
        t.db,
        expert,
        { assignmentId: c.assignmentId, choice, rationale: "r", timeOnTaskMs: 1, clientRequestId: `mirror-${++n}` },
        S,
      );
      const [j] = await sql<{ verdict: Verdict }>(`SELECT verdict FROM "Judgment" WHERE "assignmentId" = $1`, [
        c.assignmentId,
      ]);
      assert.equal(
        j.verdict,
        verdictFromSide(choice, leftIsA),
        `${choice}, plan A on the ${leftIsA ? "left" : "right"}`,
      );
    }
});
