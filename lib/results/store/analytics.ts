/** Loads complete pairs for the analytics report, and the adjudication of 1-1-1 splits. */
import { randomUUID } from "node:crypto";
import {
  majority,
  agreementSummary,
  analyticsReport,
  scaleAgreements,
  type RatedPair,
  type AgreementTally,
  type ExpertPairTally,
  type ExpertTally,
  type ScaleTallyRow,
  type Tallies,
} from "../agreement";
import { sideOf, VERDICTS, type Verdict } from "../../judging/verdict";
import { poolOf, type Db } from "../../platform/db";
import { AppError } from "../../kernel";

/**
 * Complete pairs with their verdicts, experts and times, one row each. Only for the rare pairs the
 * tallies cannot summarise (a rating beyond slot 3: `wideOnly`), and for tests as the reference.
 */
export async function ratedPairs(
  db: Db,
  opts: { wideOnly?: boolean; calibrationOnly?: boolean } = {},
): Promise<RatedPair[]> {
  const { rows } = await poolOf(db).query<{
    pairId: string;
    destination: string;
    dataset: string;
    destinationId: string;
    datasetId: string;
    verdicts: Verdict[];
    experts: string[];
    userIds: string[];
    lefts: boolean[];
    times: number[];
  }>(
    `SELECT p.id AS "pairId", d.name AS destination, ds.name AS dataset, d.id AS "destinationId", ds.id AS "datasetId",
            array_agg(j.verdict::text ORDER BY a.slot) AS verdicts,
            array_agg(u.name ORDER BY a.slot) AS experts,
            array_agg(u.id ORDER BY a.slot) AS "userIds",
            array_agg(a."leftPlanId" = p."planAId" ORDER BY a.slot) AS lefts,
            array_agg(j."timeOnTaskMs" ORDER BY a.slot) AS times
     FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" JOIN "Dataset" ds ON ds.id = q."datasetId"
     JOIN "Judgment" j ON j."pairId" = p.id JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "User" u ON u.id = j."userId"
     WHERE p.status = 'COMPLETE' AND (NOT $1::boolean OR p."verdictPattern" = -1) AND (NOT $2::boolean OR p.calibration)
     GROUP BY p.id, d.name, ds.name, d.id, ds.id`,
    [opts.wideOnly ?? false, opts.calibrationOnly ?? false],
  );
  return rows.map((r) => ({
    pairId: r.pairId,
    destination: r.destination,
    dataset: r.dataset,
    destinationId: r.destinationId,
    datasetId: r.datasetId,
    verdicts: r.verdicts,
    experts: r.experts,
    timeOnTaskMs: r.times,
    userIds: r.userIds,
    // A verdict for A with A on the left (or B with B on the left) chose the left plan.
    choseLeft: r.verdicts.map((v, i) => (v === "NEITHER" ? null : sideOf(v, r.lefts[i]) === "left")),
  }));
}

/** The analytics tallies (kept by the database's triggers), with the names the report shows. */
export async function analyticsTallies(
  db: Db,
): Promise<
  Tallies & { names: { users: Map<string, string>; datasets: Map<string, string>; destinations: Map<string, string> } }
> {
  const pool = poolOf(db);
  const [agreement, experts, expertPairs, users, datasets, destinations] = await Promise.all([
    pool.query<AgreementTally>(
      `SELECT "datasetId", "destinationId", pattern, pairs FROM "AgreementTally" WHERE pairs > 0`,
    ),
    pool.query<ExpertTally>(
      `SELECT "userId", pairs, "abChoices", "leftChoices", "othersAgree", "matchedOthers" FROM "ExpertTally" WHERE pairs > 0`,
    ),
    pool.query<ExpertPairTally>(
      `SELECT "userA", "userB", "verdictA"::text AS "verdictA", "verdictB"::text AS "verdictB", pairs FROM "ExpertPairTally" WHERE pairs > 0`,
    ),
    pool.query<{ id: string; name: string }>(`SELECT id, name FROM "User"`),
    pool.query<{ id: string; name: string }>(`SELECT id, name FROM "Dataset"`),
    pool.query<{ id: string; name: string }>(`SELECT id, name FROM "Destination"`),
  ]);
  const names = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  return {
    agreement: agreement.rows,
    experts: experts.rows,
    expertPairs: expertPairs.rows,
    names: { users: names(users.rows), datasets: names(datasets.rows), destinations: names(destinations.rows) },
  };
}

/**
 * The signed-preference and per-dimension tallies (ScaleTally, summed over destinations) with each dataset's name
 * and dimensions: the agreement page's figures per dimension, from counts that do not grow with the judgments.
 */
export async function scaleTallies(db: Db): Promise<{
  rows: ScaleTallyRow[];
  datasets: Map<string, { name: string; dimensions: { key: string; name: string }[] }>;
}> {
  const pool = poolOf(db);
  const [rows, datasets] = await Promise.all([
    pool.query<ScaleTallyRow>(
      `SELECT "datasetId", scale, pattern, sum(pairs)::integer AS pairs FROM "ScaleTally" WHERE pairs > 0 GROUP BY 1, 2, 3`,
    ),
    pool.query<{ id: string; name: string; dimensions: { key: string; name: string }[] | null }>(
      `SELECT id, name, dimensions FROM "Dataset" WHERE id IN (SELECT DISTINCT "datasetId" FROM "ScaleTally")`,
    ),
  ]);
  return {
    rows: rows.rows,
    datasets: new Map(datasets.rows.map((d) => [d.id, { name: d.name, dimensions: d.dimensions ?? [] }])),
  };
}

/**
 * Each expert's median time on task over all their judgments (the lower median), in seconds: one
 * index walk per expert (Judgment(userId, timeOnTaskMs)) to the middle, counts from the day tallies.
 */
export async function expertMedianSeconds(db: Db): Promise<Map<string, number>> {
  const { rows } = await poolOf(db).query<{ userId: string; ms: number | null }>(
    `SELECT t."userId", (SELECT j."timeOnTaskMs" FROM "Judgment" j WHERE j."userId" = t."userId" ORDER BY j."timeOnTaskMs" OFFSET (t.n - 1) / 2 LIMIT 1) AS ms
     FROM (SELECT "userId", sum(judgments)::int AS n FROM "JudgmentDayTally" GROUP BY 1 HAVING sum(judgments) > 0) t`,
  );
  return new Map(rows.filter((r) => r.ms !== null).map((r) => [r.userId, r.ms! / 1000]));
}

export interface AdjudicationPage {
  pairs: {
    pairId: string;
    destination: string;
    request: string;
    judgments: { expert: string; verdict: Verdict; rationale: string }[];
  }[];
  /** Pairs waiting in all. */
  total: number;
  /** Pass as `after` for the next page; null on the last one. */
  next: string | null;
}

// The cursor carries the pair's creation time as the database's own text, so no time zone of this
// process can shift it on the way out and back.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;
const cursorOf = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
function parseCursor(after: string): [string, string] | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as unknown[];
    return typeof at === "string" && TIMESTAMP_TEXT.test(at) && typeof id === "string" && id.length <= 64
      ? [at, id]
      : null;
  } catch {
    return null;
  }
}

/** Complete pairs without a majority and not yet decided, oldest first, a page at a time (Pair.unresolved is kept by the tallies' trigger). */
export async function adjudicationQueue(
  db: Db,
  opts: { after?: string | null; limit?: number } = {},
): Promise<AdjudicationPage> {
  const limit = opts.limit ?? 20;
  const cursor = opts.after ? parseCursor(opts.after) : null;
  if (opts.after && !cursor)
    throw new AppError("invalid_request", "That page link is not valid; open the first page again.");
  const pool = poolOf(db);
  const waiting = `p.unresolved AND p.status = 'COMPLETE' AND NOT EXISTS (SELECT 1 FROM "Adjudication" x WHERE x."pairId" = p.id)`;
  const [page, total] = await Promise.all([
    pool.query<{ id: string; createdAt: string; destination: string; request: string }>(
      `SELECT p.id, p."createdAt"::text AS "createdAt", d.name AS destination, q.text AS request
       FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
       WHERE ${waiting} AND ($1::timestamp IS NULL OR (p."createdAt", p.id) > ($1::timestamp, $2::text))
       ORDER BY p."createdAt", p.id LIMIT $3`,
      [cursor?.[0] ?? null, cursor?.[1] ?? "", limit + 1],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Pair" p WHERE ${waiting}`),
  ]);
  const rows = page.rows.slice(0, limit);
  const judgments = rows.length
    ? (
        await pool.query<{ pairId: string; expert: string; verdict: Verdict; rationale: string }>(
          `SELECT j."pairId", u.name AS expert, j.verdict::text AS verdict, j.rationale FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "User" u ON u.id = j."userId"
         WHERE j."pairId" = ANY($1::text[]) ORDER BY j."pairId", a.slot`,
          [rows.map((r) => r.id)],
        )
      ).rows
    : [];
  const last = rows[rows.length - 1];
  return {
    pairs: rows.map((r) => ({
      pairId: r.id,
      destination: r.destination,
      request: r.request,
      judgments: judgments
        .filter((j) => j.pairId === r.id)
        .map(({ expert, verdict, rationale }) => ({ expert, verdict, rationale })),
    })),
    total: total.rows[0].n,
    next: page.rows.length > limit && last ? cursorOf(last.createdAt, last.id) : null,
  };
}

/** An admin decides a split pair (recorded as an adjudication, not a rating). */
export async function adjudicate(db: Db, pairId: string, label: Verdict, note: string | null, adminId: string) {
  const pair = await db.pair.findUnique({ where: { id: pairId }, include: { judgments: true } });
  if (!pair || pair.status !== "COMPLETE") throw new AppError("conflict", "Only a complete pair can be adjudicated.");
  if (majority(pair.judgments.map((j) => j.verdict)).label !== null)
    throw new AppError("conflict", "This pair has a majority label; there is nothing to adjudicate.");
  await db.$transaction([
    db.adjudication.upsert({
      where: { pairId },
      create: { pairId, label, note, adminId },
      update: { label, note, adminId },
    }),
    db.auditEvent.create({
      data: {
        actorId: adminId,
        action: "pair.adjudicate",
        targetType: "Pair",
        targetId: pairId,
        data: { label, note },
      },
    }),
  ]);
}

/** Instead of deciding, ask one more expert: the pair reopens with one more slot. */
export async function requestExtraRater(db: Db, pairId: string, adminId: string) {
  const { rows } = await poolOf(db).query<{ outcome: string }>("SELECT tj_extra_rater($1, $2, $3) AS outcome", [
    adminId,
    pairId,
    randomUUID(),
  ]);
  if (rows[0].outcome !== "reopened") throw new AppError("conflict", "Only a complete pair can get one more rater.");
}

/** Judgments submitted per UTC day (from the day tallies). */
export async function judgmentDays(db: Db): Promise<{ day: string; judgments: number }[]> {
  const { rows } = await poolOf(db).query<{ day: string; judgments: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(judgments)::int AS judgments FROM "JudgmentDayTally" GROUP BY day HAVING sum(judgments) > 0 ORDER BY day`,
  );
  return rows;
}

/** Skipped assignments per expert (user id). */
export async function skipsByExpert(db: Db): Promise<Map<string, number>> {
  const { rows } = await poolOf(db).query<{ userId: string; skips: number }>(
    `SELECT a."userId", COUNT(*)::int AS skips FROM "Assignment" a WHERE a.status = 'SKIPPED' GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.userId, r.skips]));
}

/**
 * With adaptive raters on somewhere, the statistics that need a fixed number of raters come from the calibration
 * share (always judged three times): Fleiss' κ, Cohen's κ per slot pair and the rest, with bootstrap intervals.
 * null when no dataset has adaptive raters.
 */
export async function adaptiveCalibration(db: Db) {
  const datasets = await db.dataset.findMany({
    where: { adaptiveRaters: true },
    select: { name: true, calibrationShare: true },
  });
  if (!datasets.length) return null;
  const pairs = await ratedPairs(db, { calibrationOnly: true });
  const rows = pairs.flatMap((p) =>
    p.verdicts.map((label, i) => ({ item: p.pairId, rater: p.userIds?.[i] ?? p.experts[i], label, slot: i + 1 })),
  );
  return { datasets, pairs: pairs.length, summary: rows.length ? agreementSummary(rows, VERDICTS, 500) : null };
}

/** Whether some complete pair has a rating beyond slot 3 (an extra rater): the agreement page is heavy then. */
export async function hasWidePairs(db: Db): Promise<boolean> {
  const { rows } = await poolOf(db).query<{ wide: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "AgreementTally" WHERE pattern = -1 AND pairs > 0) AS wide`,
  );
  return rows[0].wide;
}

/**
 * The agreement page's figures: agreement overall, per destination and per dataset (bootstrap 95 % intervals),
 * confusion per slot pair, experts, progress, the adaptive raters' calibration share, and per dimension and for the
 * signed preference — from the tallies (decision 008), and the pairs with an extra rater read whole.
 */
export async function analyticsFigures(db: Db, minShared: number) {
  const [tallies, widePairs, medianSeconds, skips, days, adaptive, scales] = await Promise.all([
    analyticsTallies(db),
    ratedPairs(db, { wideOnly: true }),
    expertMedianSeconds(db),
    skipsByExpert(db),
    judgmentDays(db),
    adaptiveCalibration(db),
    scaleTallies(db),
  ]);
  return {
    ...analyticsReport({ ...tallies, widePairs, medianSeconds, skips, days }, minShared),
    adaptive,
    // Per dataset: the signed preference (with strength on) and each dimension, on their ordered scale.
    scales: scaleAgreements(scales.rows, scales.datasets),
  };
}
