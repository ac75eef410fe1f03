/**
 * Decision 016 names every writer of judging state outside the PostgreSQL functions (prisma/functions/): this test
 * finds the SQL and Prisma writes of those tables in the app's code and fails on one the decision does not name, or
 * on a named one that is gone. Test files are left out (they set up states directly).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const TABLES = [
  "Pair",
  "Assignment",
  "Judgment",
  "GoldAnswer",
  "GoldPair",
  "Adjudication",
  "GoldCorrection",
  "RejectedJudgment",
  "JudgmentReview",
];

/** file → tables it writes, as decision 016 names them (its "These writers stay outside the functions"). */
const NAMED: Record<string, string[]> = {
  "lib/datasets/store/import-sink.ts": ["Pair"],
  "lib/quality/store/gold-pairs.ts": ["GoldPair"],
  "lib/results/store/analytics.ts": ["Adjudication"],
  "lib/corrections/store/gold-corrections.ts": ["GoldCorrection"],
  "lib/judging/store/priorities.ts": ["Pair"],
  "lib/review/store/actions.ts": ["JudgmentReview"],
  "lib/testing/history.ts": ["Assignment", "GoldAnswer", "Judgment", "JudgmentReview", "Pair"],
  "lib/testing/judge-decisions.ts": ["Assignment", "Judgment", "Pair"],
};

const root = path.dirname(path.dirname(path.dirname(new URL(import.meta.url).pathname)));
const DECISION = "docs/decisions/016-judging-state-writers.md";

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
    if (statSync(path.join(root, rel)).isDirectory()) sources(rel, out);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.(i?test)\.ts$/.test(name)) out.push(rel);
  }
  return out;
}

const sqlWrite = () =>
  new RegExp(String.raw`\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|COPY|TRUNCATE)\s+"(${TABLES.join("|")})"`, "gi");
// Prisma's model accessors are the table names with a lower-case first letter.
const prismaWrite = () =>
  new RegExp(
    String.raw`\.(${TABLES.map((t) => t[0].toLowerCase() + t.slice(1)).join("|")})\.(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\b`,
    "g",
  );
const table = (name: string) => TABLES.find((t) => t.toLowerCase() === name.toLowerCase())!;

/** The tables of TABLES that a text writes, by SQL or through Prisma. */
function tablesWritten(text: string): string[] {
  const hits = [...text.matchAll(sqlWrite()), ...text.matchAll(prismaWrite())];
  return [...new Set(hits.map((m) => table(m[1])))].sort();
}

test("the scan sees a write in either form, and not a read", () => {
  assert.deepEqual(tablesWritten('await tx.query(`INSERT INTO "Pair" (id) VALUES ($1)`)'), ["Pair"]);
  assert.deepEqual(tablesWritten("await db.adjudication.upsert({ where })"), ["Adjudication"]);
  assert.deepEqual(tablesWritten('UPDATE "GoldPair" SET x = 1; delete from "Judgment" WHERE false'), [
    "GoldPair",
    "Judgment",
  ]);
  assert.deepEqual(tablesWritten('SELECT 1 FROM "Pair" p JOIN "Judgment" j ON j."pairId" = p.id'), []);
  assert.deepEqual(tablesWritten("db.pair.findUnique({ where })"), []);
});

test("every writer of judging state outside prisma/functions/ is one decision 016 names", () => {
  const files = ["app", "components", "lib", "scripts", "bench"].flatMap((d) => sources(d));
  assert.ok(files.includes("lib/judging/store/judging.ts"), "the walk reaches the code");
  const writers = Object.fromEntries(
    files.map((f) => [f, tablesWritten(readFileSync(path.join(root, f), "utf8"))] as const).filter(([, t]) => t.length),
  );
  assert.deepEqual(
    writers,
    NAMED,
    `a write of ${TABLES.join(", ")} outside prisma/functions/ is a decision: name it in ${DECISION} and here, or move it into a function`,
  );
});

test("decision 016 names each of those files", () => {
  const decision = readFileSync(path.join(root, DECISION), "utf8");
  for (const f of Object.keys(NAMED)) assert.ok(decision.includes(`\`${f}\``), `${DECISION} names ${f}`);
});
