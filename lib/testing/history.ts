/**
 * A judging history written straight into the database (generate_series, no HTTP): `pairs` complete
 * pairs of one query each, three judgments per pair by `experts` experts in rotation, verdicts that
 * mostly agree (a fixed pattern, so the figures are reproducible). For benchmarks of what reads
 * judgments: exports, analytics, the adjudication queue. `adaptive`: the dataset has adaptive raters, and its pairs
 * whose first two verdicts agree (i ≡ 0 mod 3, not mod 7) stopped at two; seedQualityControl adds gold pairs, their
 * answers and qualification sets. `texts`: rationales and request texts vary (English and Chinese, below) instead of
 * "because" and "request N", for what searches them (the pair browser).
 */
import { poolOf, type Db } from "../platform/db";
import { emptyItem, itemCount, type Itinerary } from "../datasets";
import { planStyle } from "../results/leaderboard";
import { makeGoldPairs } from "../quality/store";

const FEATURES = JSON.stringify({
  format: 1,
  commonsense: 1,
  schedule_density: 1,
  hotel_consistency: 0.5,
  daytime_utilization: 1,
  unique_attractions: 0.79,
  location_clustering: 0.9,
  iconic_landmarks: 0.75,
  attraction_diversity: 0.5,
  attraction_prioritization: 0.6,
  pacing: 1,
  budget: 0,
  physical_effort: null,
  user_request: 0.5,
  violations: [],
});

/** A small valid itinerary (three days, an attraction and a meal each), so that what reads plans (style control, the judge board) reads real shapes. */
const itinerary = (variant: string): Itinerary => ({
  title: `History plan ${variant}`,
  startCity: null,
  targetCity: "Historyville",
  people: 2,
  judgedScores: null,
  days: [1, 2, 3].map((day) => ({
    day,
    title: null,
    items: [
      { ...emptyItem("attraction", `Sight ${variant}${day}`), startTime: "10:00", endTime: "12:00" },
      { ...emptyItem("meal", `Lunch ${day}`), startTime: "12:30", endTime: "13:30" },
    ],
  })),
});

/**
 * The phrases `texts` rationales are made of: judgment (i, s) writes two different ones of one language's, Chinese for one in four
 * (i + s ≡ 0 mod 4), so each English phrase is in about 1 rationale in 8 and each Chinese one in 1 in 24; one pair in
 * 997 adds a rare phrase in both. Request i is English or (i ≡ 0 mod 3) Chinese, naming one of REQUEST_WISHES.
 */
export const HISTORY_PHRASES = {
  en: [
    "plan A keeps the museum opening hours right",
    "plan B misses the opening hours of the castle",
    "the hotel is far from the metro",
    "too much walking on day two",
    "the lunch stop is closed on Mondays",
    "a better route along the river",
    "the evening is left empty",
    "transfers waste the whole morning",
    "great food choices near the old town",
    "the luxury hotel ignores the budget",
    "sights for children come first",
    "the train times do not match",
  ],
  zh: [
    "故宫的开放时间写错了",
    "酒店离地铁站太远",
    "第二天走路太多",
    "午餐的餐厅周一不营业",
    "沿着河边的路线更好",
    "晚上没有安排",
    "换乘浪费了整个上午",
    "老城附近的美食很好",
    "豪华酒店超出预算",
    "先去适合孩子的景点",
    "火车时刻对不上",
    "博物馆要提前预约",
  ],
  rare: { en: "the ferry pier is shut in winter", zh: "冬天渡口关闭" },
} as const;
const REQUEST_WISHES = {
  en: ["museums and food", "a slow pace with kids", "night markets", "temples and gardens"],
  zh: ["博物馆和美食", "带孩子慢慢玩", "夜市", "寺庙和园林"],
};

export async function seedHistory(
  db: Db,
  pairs: number,
  opts: {
    experts?: number;
    prefix?: string;
    dimensions?: readonly { key: string }[];
    adaptive?: boolean;
    texts?: boolean;
  } = {},
) {
  const experts = opts.experts ?? 3;
  const x = opts.prefix ?? "h";
  const adaptive = opts.adaptive ?? false;
  // With adaptive raters, pair i asked two raters when this holds (its first two verdicts agree, below).
  const two = (flag: string) => `(${flag}::boolean AND i % 3 = 0 AND i % 7 <> 0)`;
  const sql = (text: string, values: unknown[] = []) => poolOf(db).query(text, values);
  await sql(
    // One destination per history (its prefix in the name, past the default's, so several histories can coexist).
    `INSERT INTO "Destination" (id, name, country, lat, lon) VALUES ($1 || 'd', 'Historyville' || CASE WHEN $1 = 'h' THEN '' ELSE ' ' || $1 END, 'Nowhere', 0, 0)`,
    [x],
  );
  // With dimensions: the dataset asks them and preference strength, and every judgment answers them (below).
  const dims = opts.dimensions ?? [];
  await sql(
    `INSERT INTO "Dataset" (id, name, format, "contentHash", counts, "preferenceStrength", dimensions, "dimensionsVersion", "adaptiveRaters")
     VALUES ($1 || 'ds', 'history', 'CANONICAL', $1 || 'hash', '{}', $2, $3::jsonb, $4, $5)`,
    [x, dims.length > 0, dims.length ? JSON.stringify(dims) : null, dims.length ? 1 : 0, adaptive],
  );
  await sql(
    `INSERT INTO "User" (id, email, name, role, "updatedAt") SELECT $1 || 'u' || i, $1 || 'u' || i || '@history.test', 'History expert ' || i, 'EXPERT', now() FROM generate_series(1, $2) i`,
    [x, experts],
  );
  await sql(
    `INSERT INTO "Query" (id, "datasetId", "destinationId", "sourceId", text, days, preferences, raw, split)
             SELECT $1 || 'q' || i, $1 || 'ds', $1 || 'd', 'q' || i,
                    CASE WHEN NOT $3::boolean THEN 'request ' || i
                         WHEN i % 3 = 0 THEN '第' || i || '号请求：三天，想看' || ($5::text[])[1 + i % 4]
                         ELSE 'Request ' || i || ': three days in Historyville, we love ' || ($4::text[])[1 + i % 4] END,
                    3, '{}', '{}', CASE WHEN i % 5 = 0 THEN 'test' ELSE 'train' END FROM generate_series(1, $2) i`,
    [x, pairs, opts.texts ?? false, REQUEST_WISHES.en, REQUEST_WISHES.zh],
  );
  await sql(
    // With their style covariates, as an import writes them (lib/datasets/importers/encoded.ts).
    `INSERT INTO "Plan" (id, "queryId", "sourceId", model, raw, itinerary, features, "contentHash", "itemCount", style)
             SELECT $1 || 'p' || i || s, $1 || 'q' || i, s, 'm' || s, '{}', CASE WHEN s = 'a' THEN $4::json ELSE $5::json END, $3::jsonb, 'h',
                    CASE WHEN s = 'a' THEN $6::int ELSE $7::int END, CASE WHEN s = 'a' THEN $8::jsonb ELSE $9::jsonb END
             FROM generate_series(1, $2) i, (VALUES ('a'), ('b')) v(s)`,
    [
      x,
      pairs,
      FEATURES,
      JSON.stringify(itinerary("a")),
      JSON.stringify(itinerary("b")),
      itemCount(itinerary("a")),
      itemCount(itinerary("b")),
      JSON.stringify(planStyle(itinerary("a"))),
      JSON.stringify(planStyle(itinerary("b"))),
    ],
  );
  await sql(
    `INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", status, "submittedCount", "requiredRaters")
             SELECT $1 || 'pair' || i, $1 || 'q' || i, $1 || 'p' || i || 'a', $1 || 'p' || i || 'b', 'OPEN', n, n
             FROM generate_series(1, $2) i, LATERAL (SELECT CASE WHEN ${two("$3")} THEN 2 ELSE 3 END AS n) r`,
    [x, pairs, adaptive],
  );
  // Slot s of pair i goes to expert (i + s) mod experts, so every two experts share pairs.
  await sql(
    `INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt")
             SELECT $1 || 'a' || i || '-' || s, $1 || 'pair' || i, $1 || 'u' || (1 + (i + s) % $3), s, 'SUBMITTED', $1 || 'p' || i || CASE WHEN (i + s) % 2 = 0 THEN 'a' ELSE 'b' END, now()
             FROM generate_series(1, $2) i, generate_series(1, 3) s WHERE NOT (s = 3 AND ${two("$4")})`,
    [x, pairs, experts, adaptive],
  );
  await sql(
    // The dimension answers repeat with i mod 12 and the slot: built once per combination, joined by it.
    `WITH answers AS (
       SELECT r, s, jsonb_object_agg(k.key, CASE WHEN (r + s * 3 + k.n) % 4 = 3 THEN jsonb_build_object('v', 'SAME')
              ELSE jsonb_build_object('v', CASE WHEN (r + s * 3 + k.n) % 4 < 2 THEN 'A' ELSE 'B' END, 's', 1 + (r + k.n) % 3) END) AS d
         FROM generate_series(0, 11) r, generate_series(1, 3) s, jsonb_array_elements_text($5::jsonb) WITH ORDINALITY k(key, n)
        GROUP BY r, s
     )
     INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, strength, dimensions, rationale, "timeOnTaskMs", "clientRequestId", "createdAt")
             SELECT g.id, g.aid, g.pid, g.uid, g.v, CASE WHEN $4::boolean AND g.v <> 'NEITHER' THEN 1 + (g.i + g.s) % 3 END,
                    CASE WHEN $4::boolean THEN ans.d END, ${opts.texts ? RATIONALE : "'because'"}, g.t, g.rid, g.at
             FROM (SELECT $1 || 'j' || i || '-' || s AS id, $1 || 'a' || i || '-' || s AS aid, $1 || 'pair' || i AS pid, $1 || 'u' || (1 + (i + s) % $3) AS uid,
                          (ARRAY['A','B','NEITHER'])[1 + (i + CASE WHEN s = 3 AND i % 4 = 0 THEN 1 ELSE 0 END + CASE WHEN s = 2 AND i % 7 = 0 THEN 2 ELSE 0 END) % 3]::"Verdict" AS v,
                          20000 + ((i::bigint * 7919 + s * 104729) % 120000)::int AS t, $1 || 'r' || i || '-' || s AS rid, now() - (i % 30) * interval '1 day' AS at, i, s
                     FROM generate_series(1, $2) i, generate_series(1, 3) s WHERE NOT (s = 3 AND ${two("$6")})) g
             LEFT JOIN answers ans ON ans.r = g.i % 12 AND ans.s = g.s`,
    [
      x,
      pairs,
      experts,
      dims.length > 0,
      JSON.stringify(dims.map((d) => d.key)),
      adaptive,
      ...(opts.texts ? [HISTORY_PHRASES.en, HISTORY_PHRASES.zh, HISTORY_PHRASES.rare.en, HISTORY_PHRASES.rare.zh] : []),
    ],
  );
  // Completing the pairs (after their judgments exist) is what fills the analytics tallies, as in real judging.
  const c = await poolOf(db).connect();
  try {
    await c.query("BEGIN");
    await c.query("SELECT tj_bulk_pairs_begin()");
    await c.query(`UPDATE "Pair" SET status = 'COMPLETE' WHERE id LIKE $1 || 'pair%'`, [x]);
    await c.query("SELECT tj_bulk_pairs_end()");
    await c.query("COMMIT");
  } finally {
    c.release();
  }
  await sql("VACUUM ANALYZE");
}

/** Judgment (g.i, g.s)'s rationale from HISTORY_PHRASES ($7 English, $8 Chinese, $9 and $10 the rare phrases). */
const RATIONALE = `CASE WHEN (g.i + g.s) % 4 = 0
    THEN ($8::text[])[1 + (g.i * 7 + g.s * 3) % 12] || '，' || ($8::text[])[1 + ((g.i * 7 + g.s * 3) % 12 + 1 + (g.i * 5 + g.s) % 11) % 12] || '。'
         || CASE WHEN g.i % 997 = 0 THEN $10::text ELSE '' END
    ELSE initcap(left(($7::text[])[1 + (g.i * 7 + g.s * 3) % 12], 1)) || substr(($7::text[])[1 + (g.i * 7 + g.s * 3) % 12], 2)
         || '; ' || ($7::text[])[1 + ((g.i * 7 + g.s * 3) % 12 + 1 + (g.i * 5 + g.s) % 11) % 12] || '.'
         || CASE WHEN g.i % 997 = 0 THEN ' Also ' || $9::text || '.' ELSE '' END END`;

/**
 * Gives the history's first `count` pairs a fourth rater, as "one more rater" and a fourth judgment leave them:
 * complete with four ratings (their tally pattern -1; the Agreement page's figures are then heavy ones, decision 008).
 * The fourth is expert (i + 4) mod `experts` (at least 4: not one of the pair's three).
 */
export async function giveFourthRaters(db: Db, count: number, opts: { experts?: number; prefix?: string } = {}) {
  const experts = opts.experts ?? 3;
  if (experts < 4) throw new Error("a fourth rater needs a history of at least 4 experts");
  const x = opts.prefix ?? "h";
  const c = await poolOf(db).connect();
  try {
    await c.query("BEGIN");
    await c.query("SELECT tj_bulk_pairs_begin()");
    await c.query(
      `UPDATE "Pair" SET status = 'OPEN', "requiredRaters" = 4, "submittedCount" = 4
        WHERE id = ANY(SELECT $1 || 'pair' || i FROM generate_series(1, $2) i)`,
      [x, count],
    );
    await c.query(
      `INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt")
       SELECT $1 || 'wa' || i, $1 || 'pair' || i, $1 || 'u' || (1 + (i + 4) % $3), 4, 'SUBMITTED', $1 || 'p' || i || 'a', now()
         FROM generate_series(1, $2) i`,
      [x, count, experts],
    );
    await c.query(
      `INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, rationale, "timeOnTaskMs", "clientRequestId")
       SELECT $1 || 'wj' || i, $1 || 'wa' || i, $1 || 'pair' || i, $1 || 'u' || (1 + (i + 4) % $3), 'A', 'because', 30000, $1 || 'wr' || i
         FROM generate_series(1, $2) i`,
      [x, count, experts],
    );
    await c.query(`UPDATE "Pair" SET status = 'COMPLETE' WHERE id LIKE $1 || 'pair%' AND status = 'OPEN'`, [x]);
    await c.query("SELECT tj_bulk_pairs_end()");
    await c.query("COMMIT");
  } catch (e) {
    await c.query("ROLLBACK");
    throw e;
  } finally {
    c.release();
  }
}

/**
 * An uploaded verdict file of two judges ("judge-x", "judge-y") with a verdict on each of the history's first `pairs`
 * pairs (half shown A first, half B first; scores for Kendall's τ), straight into the tables, for the benchmarks of
 * the judge alignment board at scale.
 */
/**
 * A review history: the oldest `n` judgments of a sample of `share` accepted by `reviewerId`, one JudgmentReview row
 * each (ids "bench-<judgment>"), as if a reviewer had worked through them (bench/admin.ts times the queue after).
 */
export async function acceptOldestInSample(db: Db, reviewerId: string, n: number, share: number): Promise<number> {
  const r = await poolOf(db).query(
    `INSERT INTO "JudgmentReview" (id, "judgmentId", "pairId", "expertId", "reviewerId", action, "statusBefore", "statusAfter")
     SELECT 'bench-' || j.id, j.id, j."pairId", j."userId", $1, 'ACCEPT', 'none', 'accepted' FROM "Judgment" j
      WHERE tj_review_draw(j.id) < $3 ORDER BY j."createdAt", j.id LIMIT $2
     ON CONFLICT (id) DO NOTHING`,
    [reviewerId, n, share],
  );
  // Accepted, they leave the review queue's table (lib/review/store/pending.ts) as an accept takes them out.
  await poolOf(db).query(
    `DELETE FROM "ReviewPending" rp USING "JudgmentReview" r WHERE r."judgmentId" = rp."judgmentId" AND r.id LIKE 'bench-%'`,
  );
  return r.rowCount ?? 0;
}

/** Takes back what acceptOldestInSample wrote, and every review claim (a kept benchmark database, run again). */
export async function forgetBenchReviews(db: Db): Promise<void> {
  await poolOf(db).query(`DELETE FROM "JudgmentReview" WHERE id LIKE 'bench-%'`);
  await poolOf(db).query(`DELETE FROM "ReviewClaim"`);
  // The queue's table is filled afresh (it left the accepted ones out).
  await poolOf(db).query(`DELETE FROM "ReviewPending"`);
  await poolOf(db).query(`DELETE FROM "Setting" WHERE key = 'review-pending'`);
}

export async function seedJudgeVerdicts(db: Db, pairs: number, prefix = "h") {
  const sql = (text: string, values: unknown[] = []) => poolOf(db).query(text, values);
  await sql(
    `INSERT INTO "JudgeImport" (id, name, "contentHash", judges, verdicts) VALUES ($1 || 'ji', 'bench-judges.jsonl', $1 || 'judges', ARRAY['judge-x', 'judge-y'], $2)`,
    [prefix, pairs * 2],
  );
  await sql(
    `INSERT INTO "JudgeVerdict" (id, "importId", "pairId", judge, verdict, "order", "scoreA", "scoreB")
     SELECT $1 || 'v' || i || j, $1 || 'ji', $1 || 'pair' || i, j, (ARRAY['A', 'B', 'NEITHER'])[1 + (i * 7 + length(j) + i / 5) % 3]::"Verdict",
            CASE WHEN i % 2 = 0 THEN 'ab' ELSE 'ba' END, (i % 10)::float, (i % 7)::float
     FROM generate_series(1, $2) i, (VALUES ('judge-x'), ('judge-y')) v(j)`,
    [prefix, pairs],
  );
  await sql("VACUUM ANALYZE");
}

/**
 * Quality control on a history (seedHistory's `prefix`): gold pairs made from `goldPlans` of its plans (as an admin
 * makes them), every expert's answers to every tenth of them (shifted by the expert; 9 in 10 right), the first five
 * of each expert's answers their qualification set, and `qualifying` new experts of the destination still in theirs
 * (two answered each) and one whose qualification failed. Answers: their count.
 */
export async function seedQualityControl(db: Db, opts: { prefix?: string; goldPlans: number; qualifying?: number }) {
  const x = opts.prefix ?? "h";
  const sql = (text: string, values: unknown[] = []) => poolOf(db).query(text, values);
  const made = await makeGoldPairs(db, `${x}ds`, { plans: opts.goldPlans, seed: 1 }, null);
  const experts = `SELECT u.id, substr(u.id, length($1) + 2)::int AS k FROM "User" u WHERE u.id LIKE $1 || 'u%'`;
  const gold = `SELECT g.id, g.label, row_number() OVER (ORDER BY g.id)::int AS n FROM "GoldPair" g WHERE g."datasetId" = $1 || 'ds'`;
  const answered = await sql(
    `INSERT INTO "GoldAnswer" (id, "goldPairId", "userId", purpose, "leftIsA", status, "leaseExpiresAt", "claimedAt", "completedAt",
                               verdict, correct, rationale, "timeOnTaskMs", "clientRequestId")
     SELECT $1 || 'ga' || a.n || '-' || a.k, a.gid, a.uid,
            CASE WHEN row_number() OVER (PARTITION BY a.uid ORDER BY a.n) <= 5 THEN 'QUALIFICATION' ELSE 'CHECK' END::"GoldPurpose",
            a.n % 2 = 0, 'SUBMITTED', now(), now() - (a.n % 30) * interval '1 day', now() - (a.n % 30) * interval '1 day',
            CASE WHEN a.right THEN a.label ELSE (CASE a.label WHEN 'A' THEN 'B' WHEN 'B' THEN 'NEITHER' ELSE 'A' END)::"Verdict" END,
            a.right, 'because', 30000, $1 || 'gr' || a.n || '-' || a.k
       FROM (SELECT g.id AS gid, g.label, g.n, u.id AS uid, u.k, (g.n / 10 + u.k) % 10 <> 0 AS right
               FROM (${gold}) g, (${experts}) u WHERE (g.n + u.k) % 10 = 0) a`,
    [x],
  );
  const qualifying = opts.qualifying ?? 3;
  await sql(
    `INSERT INTO "User" (id, email, name, role, standing, "updatedAt")
     SELECT $1 || 'nq' || i, $1 || 'nq' || i || '@history.test', 'New expert ' || i, 'EXPERT',
            CASE WHEN i > $2 THEN 'QUALIFICATION_FAILED' ELSE 'QUALIFYING' END::"Standing", now()
       FROM generate_series(1, $2 + 1) i`,
    [x, qualifying],
  );
  await sql(
    `INSERT INTO "ExpertDestination" ("userId", "destinationId", familiarity) SELECT u.id, $1 || 'd', 4 FROM "User" u WHERE u.id LIKE $1 || 'nq%'`,
    [x],
  );
  const newcomers = await sql(
    `INSERT INTO "GoldAnswer" (id, "goldPairId", "userId", purpose, "leftIsA", status, "leaseExpiresAt", "completedAt", verdict, correct, "clientRequestId")
     SELECT $1 || 'gq' || g.n || '-' || u.id, g.id, u.id, 'QUALIFICATION', true, 'SUBMITTED', now(), now(), g.label, u.id NOT LIKE '%' || ($2 + 1), $1 || 'gqr' || g.n || '-' || u.id
       FROM (${gold}) g, "User" u WHERE u.id LIKE $1 || 'nq%' AND g.n <= 2`,
    [x, qualifying],
  );
  await sql("VACUUM ANALYZE");
  return { goldPairs: made.made, answers: (answered.rowCount ?? 0) + (newcomers.rowCount ?? 0) };
}
