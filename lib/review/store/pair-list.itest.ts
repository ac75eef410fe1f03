/**
 * The pair browser on a real PostgreSQL: every filter selects exactly the pairs an independent reading of the tables
 * says (an oracle in TypeScript over every pair's row, judgments and verdicts), every sort pages by key through every
 * pair exactly once either way, the full-text search finds English words by their stems and Chinese phrases of one,
 * two and more characters, and a scope of destinations keeps the others out.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { giveFourthRaters, HISTORY_PHRASES, seedHistory, seedJudgeVerdicts } from "../../testing/history";
import { seedJudgeDecisions } from "../../testing/judge-decisions";
import { poolOf } from "../../platform/db";
import { labelOf } from "../../results/agreement";
import type { Verdict } from "../../judging/verdict";
import { parsePairQuery, pairQueryParams, issuesText, type PairQuery } from "../pair-filter";
import { EVERY_DESTINATION, type ReviewScope } from "../scope";
import { pairCount, pairFilterOptions, pairPage } from "./pair-list";
import { pairFilterSql } from "./pair-filter-sql";
import { searchPlan } from "./search-plan";
import { reviewJudgment } from "./actions";

let t: TestDatabase;

interface Truth {
  id: string;
  status: string;
  submitted: number;
  claimed: number;
  datasetId: string;
  destinationId: string;
  text: string;
  a: string;
  b: string;
  adjudicated: Verdict | null;
  js: { v: Verdict; s: number | null; u: string; r: string; d: Record<string, { v: string }> | null }[];
  jvs: { judge: string; v: Verdict }[];
  gold: boolean;
  corrected: boolean;
  verification: boolean;
}
let truth: Truth[] = [];

before(async () => {
  t = await createTestDatabase();
  const sql = (text: string, values: unknown[] = []) => poolOf(t.db).query(text, values);
  // Historyville: 240 complete pairs (adaptive: some stopped at two), English and Chinese rationales and requests.
  await seedHistory(t.db, 240, { experts: 5, texts: true, adaptive: true });
  // Another destination and dataset, with strength and two dimensions.
  await seedHistory(t.db, 60, {
    prefix: "k",
    experts: 4,
    texts: true,
    dimensions: [{ key: "route" }, { key: "pacing" }],
  });
  await giveFourthRaters(t.db, 3, { experts: 5 });
  await seedJudgeVerdicts(t.db, 240);
  await seedJudgeDecisions(t.db, 12);
  // Waiting and in-progress pairs (the k plans the other way round), created over several minutes.
  await sql(
    `INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", status, "claimedCount", "createdAt", priority)
     SELECT 'kopen' || i, 'kq' || i, 'kp' || i || 'b', 'kp' || i || 'a', 'OPEN', CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END,
            now() - (i % 4) * interval '1 minute', (i % 5) / 5.0
       FROM generate_series(1, 15) i`,
  );
  // Created at a few distinct times (many pairs share one: ties broken by id).
  await sql(`UPDATE "Pair" SET "createdAt" = "createdAt" - (length(id) % 3) * interval '1 hour', priority = (length(id) % 4) / 4.0
              WHERE id LIKE 'hpair%'`);
  // A split adjudicated (pair 28: its three verdicts differ), a pair promoted to gold, a correction and its verification pair.
  await sql(`INSERT INTO "Adjudication" ("pairId", label) VALUES ('hpair28', 'A')`);
  await sql(
    `INSERT INTO "GoldPair" (id, "datasetId", "queryId", "destinationId", origin, "planAId", "planBId", label, "sourcePairId")
     VALUES ('gold5', 'hds', 'hq5', 'hd', 'PROMOTED', 'hp5a', 'hp5b', 'B', 'hpair5')`,
  );
  await sql(
    `INSERT INTO "Plan" (id, "queryId", "sourceId", model, raw, itinerary, "contentHash")
       SELECT 'hp7x', "queryId", 'x', model, raw, itinerary, 'hx' FROM "Plan" WHERE id = 'hp7a'`,
  );
  await sql(
    `INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", status) VALUES ('hvpair7', 'hq7', 'hp7x', 'hp7a', 'OPEN')`,
  );
  await sql(
    `INSERT INTO "Correction" (id, "sourcePlanId", "planId", "userId", "clientRequestId", ops, edits, "timeOnTaskMs", checks,
                               "featuresBefore", "featuresAfter", "rewardBefore", "rewardAfter", "constraintsBefore", "constraintsAfter", "verificationPairId")
     VALUES ('c7', 'hp7a', 'hp7x', 'hu1', 'c7', '[]', '[]', 1000, '{}', '{}', '{}', 0, 0, '[]', '[]', 'hvpair7')`,
  );
  // One rationale in both languages (the search's words and phrases are looked for in one text).
  await sql(`UPDATE "Judgment" SET rationale = 'The metro is far, and 故宫的开放时间写错了。' WHERE id = 'hj6-1'`);
  await sql(`UPDATE "Judgment" SET rationale = '开放的时间不对，放时也晚' WHERE "pairId" = 'hpair10'`);
  // The rare phrases (one pair in 997 of a large history) in two pairs of this small one.
  await sql(`UPDATE "Judgment" SET rationale = rationale || ' Also ' || $1 || '.' WHERE id = 'hj9-2'`, [
    HISTORY_PHRASES.rare.en,
  ]);
  await sql(`UPDATE "Judgment" SET rationale = rationale || $1 WHERE id = 'kj8-1'`, [HISTORY_PHRASES.rare.zh]);
  await sql("ANALYZE");
  const { rows } = await sql(
    `SELECT p.id, p.status, p."submittedCount" AS submitted, p."claimedCount" AS claimed, q."datasetId", q."destinationId", q.text,
            pa.model AS a, pb.model AS b, (SELECT label FROM "Adjudication" x WHERE x."pairId" = p.id) AS adjudicated,
            coalesce((SELECT json_agg(json_build_object('v', j.verdict, 's', j.strength, 'u', j."userId", 'r', j.rationale, 'd', j.dimensions))
                        FROM "Judgment" j WHERE j."pairId" = p.id), '[]') AS js,
            coalesce((SELECT json_agg(json_build_object('judge', v.judge, 'v', v.verdict)) FROM "JudgeVerdict" v WHERE v."pairId" = p.id), '[]') AS jvs,
            EXISTS (SELECT 1 FROM "GoldPair" g WHERE g."sourcePairId" = p.id) AS gold,
            EXISTS (SELECT 1 FROM "Correction" c WHERE c."sourcePlanId" IN (p."planAId", p."planBId")) AS corrected,
            EXISTS (SELECT 1 FROM "Correction" c WHERE c."verificationPairId" = p.id) AS verification
       FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"`,
  );
  truth = rows as Truth[];
});
after(async () => t?.drop());

const query = (params: Record<string, string>): PairQuery => {
  const r = parsePairQuery(new URLSearchParams(params));
  assert.ok(r.success, r.success ? "" : issuesText(r.error));
  return r.data;
};

/** Every pair a query matches, following its "next" links from the first page; no pair twice. */
async function everyPair(params: Record<string, string>, scope: ReviewScope = EVERY_DESTINATION) {
  const ids: string[] = [];
  let q = query({ size: "10", ...params });
  for (let pages = 0; ; pages++) {
    assert.ok(pages < 100, "too many pages");
    const page = await pairPage(t.db, q, scope);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.next) break;
    q = query({ size: "10", ...params, after: page.next });
  }
  assert.equal(new Set(ids).size, ids.length, `a pair twice: ${JSON.stringify(params)}`);
  return ids;
}

const label = (p: Truth) =>
  p.status === "COMPLETE"
    ? labelOf(
        p.js.map((j) => j.v),
        p.js.length,
        p.adjudicated,
      ).label
    : null;

async function expectMatches(params: Record<string, string>, oracle: (p: Truth) => boolean, atLeast = 1) {
  const got = (await everyPair(params)).sort();
  const want = truth
    .filter(oracle)
    .map((p) => p.id)
    .sort();
  assert.ok(want.length >= atLeast, `the fixture has pairs for ${JSON.stringify(params)}`);
  assert.deepEqual(got, want, JSON.stringify(params));
}

test("every sort, either way, pages through every pair exactly once, in the key's order; back pages are the same pages", async () => {
  const pool = poolOf(t.db);
  const columns = { created: `"createdAt"`, judgments: `"submittedCount"`, priority: "priority" };
  for (const sort of ["created", "judgments", "priority"] as const)
    for (const dir of ["asc", "desc"] as const) {
      const ids = await everyPair({ sort, dir });
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM "Pair" ORDER BY ${columns[sort]} ${dir}, id ${dir}`,
      );
      assert.deepEqual(
        ids,
        rows.map((r) => r.id),
        `${sort} ${dir}`,
      );
    }
  // Forward three pages, then back: the same pages; the first says it has none before it.
  const q = (extra: Record<string, string>) => query({ size: "10", sort: "judgments", dir: "asc", ...extra });
  const p1 = await pairPage(t.db, q({}), EVERY_DESTINATION);
  const p2 = await pairPage(t.db, q({ after: p1.next! }), EVERY_DESTINATION);
  const p3 = await pairPage(t.db, q({ after: p2.next! }), EVERY_DESTINATION);
  const b2 = await pairPage(t.db, q({ before: p3.previous! }), EVERY_DESTINATION);
  assert.deepEqual(
    b2.rows.map((r) => r.id),
    p2.rows.map((r) => r.id),
  );
  const b1 = await pairPage(t.db, q({ before: b2.previous! }), EVERY_DESTINATION);
  assert.deepEqual(
    b1.rows.map((r) => r.id),
    p1.rows.map((r) => r.id),
  );
  assert.equal(b1.previous, null);
  assert.equal(p1.previous, null);
  assert.deepEqual(await pairCount(t.db, query({}), EVERY_DESTINATION), { count: truth.length, more: false });
  const complete = truth.filter((p) => p.status === "COMPLETE").length;
  assert.deepEqual(await pairCount(t.db, query({ status: "complete" }), EVERY_DESTINATION), {
    count: complete,
    more: false,
  });
});

test("each filter selects what the tables say", async () => {
  const verdicts = (p: Truth) => p.js.map((j) => j.v);
  await expectMatches({ dataset: "kds" }, (p) => p.datasetId === "kds");
  await expectMatches({ destination: "hd" }, (p) => p.destinationId === "hd");
  await expectMatches({ planner: "mc" }, (p) => p.a === "mc" || p.b === "mc");
  await expectMatches({ planner: "mb", versus: "ma" }, (p) => [p.a, p.b].sort().join() === "ma,mb");
  await expectMatches({ planner: "ma", versus: "ma" }, (p) => p.a === "ma" && p.b === "ma");
  await expectMatches({ status: "waiting" }, (p) => p.status === "OPEN" && p.submitted === 0 && p.claimed === 0);
  await expectMatches({ status: "in_progress" }, (p) => p.status === "OPEN" && (p.submitted > 0 || p.claimed > 0));
  await expectMatches({ status: "complete" }, (p) => p.status === "COMPLETE");
  await expectMatches({ status: "decided" }, (p) => p.status === "DECIDED");
  const complete = (p: Truth) => p.status === "COMPLETE";
  await expectMatches(
    { agreement: "unanimous" },
    (p) => complete(p) && !p.adjudicated && new Set(verdicts(p)).size === 1,
  );
  await expectMatches(
    { agreement: "majority" },
    (p) => complete(p) && !p.adjudicated && new Set(verdicts(p)).size > 1 && label(p) !== null,
  );
  await expectMatches({ agreement: "split" }, (p) => complete(p) && !p.adjudicated && label(p) === null);
  await expectMatches({ agreement: "adjudicated" }, (p) => p.adjudicated !== null);
  await expectMatches({ gold: "gold" }, (p) => p.gold);
  await expectMatches({ gold: "real" }, (p) => !p.gold, 100);
  await expectMatches({ corrected: "corrected" }, (p) => p.corrected);
  await expectMatches({ corrected: "verification" }, (p) => p.verification);
  await expectMatches({ corrected: "none" }, (p) => !p.corrected && !p.verification, 100);
  await expectMatches({ expert: "hu2" }, (p) => p.js.some((j) => j.u === "hu2"));
  await expectMatches({ strength: "3" }, (p) => p.js.some((j) => j.s === 3));
  await expectMatches({ dimension: "route:SAME" }, (p) => p.js.some((j) => j.d?.route?.v === "SAME"));
  await expectMatches({ judge: "judge-x" }, (p) => p.jvs.some((v) => v.judge === "judge-x"));
  await expectMatches(
    { judge: "judge-x", judge_vs: "disagrees" },
    (p) => complete(p) && p.jvs.some((v) => v.judge === "judge-x" && label(p) !== null && v.v !== label(p)),
  );
  await expectMatches(
    { judge: "judge-y", judge_vs: "agrees" },
    (p) =>
      complete(p) &&
      label(p) !== null &&
      p.jvs.some((v) => v.judge === "judge-y") &&
      p.jvs.every((v) => v.judge !== "judge-y" || v.v === label(p)),
  );
  await expectMatches(
    { judge_vs: "disagrees" },
    (p) => complete(p) && label(p) !== null && p.jvs.some((v) => v.v !== label(p)),
  );
  // Several at once: all of them hold.
  await expectMatches(
    { destination: "hd", agreement: "majority", expert: "hu3", sort: "priority", dir: "asc" },
    (p) =>
      p.destinationId === "hd" &&
      complete(p) &&
      !p.adjudicated &&
      new Set(verdicts(p)).size > 1 &&
      label(p) !== null &&
      p.js.some((j) => j.u === "hu3"),
  );
});

test("full-text search: English by stems, Chinese phrases of one, two and more characters, in rationales, requests or both", async () => {
  const inRationale = (p: Truth, s: string) => p.js.some((j) => j.r.includes(s));
  await expectMatches({ q: "opening hours", in: "rationales" }, (p) => inRationale(p, "opening hours"));
  // Stems: "hour" and "opens" find "opening hours"; case does not matter.
  await expectMatches({ q: "Hour OPENS", in: "rationales" }, (p) => inRationale(p, "opening hours"));
  await expectMatches({ q: '"opening hours" castle', in: "rationales" }, (p) =>
    inRationale(p, "opening hours of the castle"),
  );
  await expectMatches({ q: "开放时间", in: "rationales" }, (p) => inRationale(p, "开放时间"));
  await expectMatches({ q: "酒店", in: "rationales" }, (p) => inRationale(p, "酒店"));
  await expectMatches({ q: "宫", in: "rationales" }, (p) => inRationale(p, "宫"));
  // A phrase's grams apart are not the phrase: pair 10's rationales hold 开放, 放时 and 时间, never 开放时间.
  const phrase = await everyPair({ q: "开放时间", in: "rationales" });
  assert.ok(!phrase.includes("hpair10"));
  // Mixed: an English word and a Chinese phrase, both in one rationale.
  await expectMatches({ q: "metro 开放时间", in: "rationales" }, (p) =>
    p.js.some((j) => /metro/.test(j.r) && j.r.includes("开放时间")),
  );
  // A minus (or a full-width one) excludes a Chinese phrase from a rationale as it does an English word.
  for (const q of ["酒店 -地铁", "酒店 －地铁"])
    await expectMatches({ q, in: "rationales" }, (p) =>
      p.js.some((j) => j.r.includes("酒店") && !j.r.includes("地铁")),
    );
  await expectMatches({ q: "开放时间 －metro", in: "rationales" }, (p) =>
    p.js.some((j) => j.r.includes("开放时间") && !/metro/i.test(j.r)),
  );
  // hj6-1's rationale holds 开放时间 and 故宫 (every other 开放时间 of the history is 故宫's).
  const { pairId } = await t.db.judgment.findUniqueOrThrow({ where: { id: "hj6-1" }, select: { pairId: true } });
  assert.ok((await everyPair({ q: "开放时间", in: "rationales" })).includes(pairId));
  assert.ok(!(await everyPair({ q: "开放时间 -故宫", in: "rationales" })).includes(pairId));
  const rare = HISTORY_PHRASES.rare;
  await expectMatches({ q: rare.zh }, (p) => inRationale(p, rare.zh));
  await expectMatches({ q: "ferry pier" }, (p) => inRationale(p, rare.en));
  // The request's text: "博物馆" is in some requests and some rationales.
  await expectMatches({ q: "博物馆", in: "request" }, (p) => p.text.includes("博物馆"));
  await expectMatches({ q: "博物馆" }, (p) => p.text.includes("博物馆") || inRationale(p, "博物馆"));
  await expectMatches({ q: "museums", in: "request" }, (p) => /museums/.test(p.text));
  // A search with a filter, and the rationale column shows a matching rationale.
  const page = await pairPage(
    t.db,
    query({ q: "开放时间", in: "rationales", destination: "kd", cols: "rationale,request" }),
    EVERY_DESTINATION,
  );
  assert.ok(page.rows.length > 0);
  for (const r of page.rows) assert.match(r.rationale ?? "", /开放时间/);
  // Only common words: said, not an empty page.
  await assert.rejects(pairPage(t.db, query({ q: "the and of" }), EVERY_DESTINATION), /only words too common/);
  // Symbols alone are said to be no words, not common ones.
  for (const q of ["%", "* 🙂", "-"])
    await assert.rejects(
      pairPage(t.db, query({ q }), EVERY_DESTINATION),
      /no words to look for \(punctuation and symbols/,
    );
});

test("a search read as a set of its matches or by a walk along the pairs selects the same pairs", async () => {
  const searches: Record<string, string>[] = [
    { q: "opening hours" },
    { q: "开放时间", in: "rationales" },
    { q: "博物馆", in: "request" },
    { q: "宫 metro" },
    { q: "museums", destination: "hd", status: "complete" },
  ];
  for (const params of searches) {
    const f = query(params);
    const ids = async (form: "set" | "walk") => {
      const values: unknown[] = [];
      const where = pairFilterSql(f, EVERY_DESTINATION, (v) => `$${values.push(v)}`, "p", form);
      const { rows } = await poolOf(t.db).query<{ id: string }>(
        `SELECT p.id FROM "Pair" p WHERE ${where} ORDER BY id`,
        values,
      );
      return rows.map((r) => r.id);
    };
    assert.deepEqual(await ids("walk"), await ids("set"), JSON.stringify(params));
  }
  // The plan: a set while the index counts few matching texts (this history's are all under the limit).
  assert.equal(await searchPlan(t.db, query({ q: "ferry pier" })), "set");
  await assert.rejects(searchPlan(t.db, query({ q: "the" })), /q: the search "the" has only words too common/);
});

test("a scope of destinations keeps every other pair out, filters and searches included", async () => {
  const k = { destinationIds: ["kd"] };
  const ids = await everyPair({}, k);
  assert.deepEqual(
    ids.sort(),
    truth
      .filter((p) => p.destinationId === "kd")
      .map((p) => p.id)
      .sort(),
  );
  assert.deepEqual(await everyPair({ destination: "hd" }, k), []);
  const searched = await everyPair({ q: "开放时间" }, k);
  assert.ok(searched.length > 0 && searched.every((id) => id.startsWith("k")));
  assert.deepEqual(await everyPair({}, { destinationIds: [] }), []);
  // An expert of kd, whom the options name.
  const someone = await t.db.user.findFirstOrThrow({ where: { role: "EXPERT" }, orderBy: { id: "asc" } });
  await t.db.expertDestination.upsert({
    where: { userId_destinationId: { userId: someone.id, destinationId: "kd" } },
    create: { userId: someone.id, destinationId: "kd", familiarity: 3 },
    update: {},
  });
  const options = await pairFilterOptions(t.db, k);
  assert.deepEqual(
    options.destinations.map((d) => d.id),
    ["kd"],
  );
  assert.deepEqual(
    options.datasets.map((d) => d.id),
    ["kds"],
  );
  assert.deepEqual(
    options.datasets[0].dimensions.map((d) => d.key),
    ["route", "pacing"],
  );
  // A reviewer's scope offers the experts by their export pseudonyms, never by name.
  assert.ok(options.experts.some((e) => e.id === someone.id));
  assert.ok(
    options.experts.every((e) => /^expert-[0-9a-f]{10}$/.test(e.name)),
    JSON.stringify(options.experts),
  );
});

test("a page's rows: what each column shows, and the filter's choices", async () => {
  const page = await pairPage(
    t.db,
    query({ status: "decided", cols: "request,judges,gold,corrected,rationale,label", sort: "created", dir: "asc" }),
    EVERY_DESTINATION,
  );
  const decided = page.rows.find((r) => r.id === "hdpair2")!;
  assert.equal(decided.status, "decided");
  assert.equal(decided.decidedBy, "judge-large");
  assert.deepEqual(decided.label, { verdict: "NEITHER", source: "judge" });
  const split = (await pairPage(t.db, query({ agreement: "adjudicated", cols: "label" }), EVERY_DESTINATION)).rows[0];
  assert.equal(split.id, "hpair28");
  assert.equal(split.agreement, "adjudicated");
  assert.deepEqual(split.label, { verdict: "A", source: "adjudication" });
  assert.equal(split.verdicts.length, 3);
  const gold = (await pairPage(t.db, query({ gold: "gold", cols: "gold,judges" }), EVERY_DESTINATION)).rows[0];
  assert.equal(gold.gold, true);
  assert.deepEqual(
    gold.judges?.map((j) => j.judge),
    ["judge-x", "judge-y"],
  );
  const verification = (
    await pairPage(t.db, query({ corrected: "verification", cols: "corrected" }), EVERY_DESTINATION)
  ).rows[0];
  assert.equal(verification.corrected, "verification");
  const options = await pairFilterOptions(t.db, EVERY_DESTINATION);
  assert.deepEqual(options.planners, ["ma", "mb", "mc"]);
  assert.deepEqual(options.judges, ["judge-x", "judge-y"]);
  assert.equal(options.experts.length, 9);
  assert.deepEqual(
    options.datasets.map((d) => [d.id, d.strength]),
    [
      ["hds", false],
      ["kds", true],
    ],
  );
  // The address of a page round-trips through the same schema.
  const q = query({ q: "开放时间", status: "complete", sort: "priority" });
  assert.deepEqual(query(Object.fromEntries(pairQueryParams(q))), q);
});

test("reviews: rejected, reviewed and unreviewed pairs, and the review column's counts", async () => {
  const admin = await createTestExpert(t.db, "pairs-admin@t.test", []);
  await t.db.user.update({ where: { id: admin }, data: { role: "ADMIN" } });
  const asker = { id: admin, role: "ADMIN" as const };
  const ids = async (q: Record<string, string>) =>
    (await pairPage(t.db, query({ ...q, size: "200" }), EVERY_DESTINATION)).rows.map((r) => r.id).sort();
  const all = await pairCount(t.db, query({}), EVERY_DESTINATION);
  assert.deepEqual(await ids({ review: "rejected" }), []);
  const [commented, rejected] = await Promise.all(
    ["hpair40", "hpair41"].map((p) => t.db.judgment.findFirstOrThrow({ where: { pairId: p }, orderBy: { id: "asc" } })),
  );
  await reviewJudgment(t.db, asker, commented.id, { action: "comment", text: "Check the opening hours." });
  await reviewJudgment(t.db, asker, rejected.id, { action: "reject", reason: "Another request." });
  assert.deepEqual(await ids({ review: "rejected" }), ["hpair41"]);
  assert.deepEqual(await ids({ review: "reviewed" }), ["hpair40", "hpair41"]);
  const unreviewed = await pairCount(t.db, query({ review: "unreviewed" }), EVERY_DESTINATION);
  assert.equal(unreviewed.count, Math.min(all.count, 1000) - (all.more ? 0 : 2));
  const rows = (await pairPage(t.db, query({ review: "reviewed", cols: "review" }), EVERY_DESTINATION)).rows;
  assert.deepEqual(Object.fromEntries(rows.map((r) => [r.id, r.review])), {
    hpair40: { rejected: 0, reviewed: 1 },
    hpair41: { rejected: 1, reviewed: 0 },
  });
  // Without the column, none is read.
  assert.equal((await pairPage(t.db, query({ review: "reviewed" }), EVERY_DESTINATION)).rows[0].review, null);
});
