/**
 * The pair browser's pages (issue 46): every pair of every dataset in the scope, filtered (pair-filter-sql.ts) and
 * sorted by one key, a page at a time by key, never by offset: a page starts after (or ends before) the sort key's
 * value and the id of the last pair of the page before, which an index on (key, id) walks, so a page deep in a
 * million judgments costs what the first does. The page's pairs are found first (ids only), then read whole.
 */
import { agreementOf, pairLabelOf, pairStatusOf } from "../pair-classes";
import {
  columnsOf,
  encodePairCursor,
  type PairColumn,
  type PairCursor,
  type PairFilter,
  type PairQuery,
  type PairSort,
} from "../pair-filter";
import type { ReviewScope } from "../scope";
import { pairFilterSql, matchesSql, searchSql, type Param, type SearchForm } from "./pair-filter-sql";
import { searchPlan } from "./search-plan";
import type { Verdict } from "../../judging/verdict";
import { poolOf, type Db } from "../../platform/db";
import { pseudonymSalt } from "../../judging/store";
import { pseudonym } from "../../exports";
import type { PairCount, PairRow, PairPage, PairFilterOptions } from "../pair-rows";

/** Each sort key's column, and its value as a cursor holds it (text for a time: exact, whatever the time zone). */
const SORT_SQL: Record<PairSort, { column: string; value: string; cast: string }> = {
  created: {
    column: `"createdAt"`,
    value: `to_char(p."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS')`,
    cast: "timestamp(3)",
  },
  judgments: { column: `"submittedCount"`, value: `p."submittedCount"`, cast: "int" },
  priority: { column: `priority`, value: `p.priority`, cast: "float8" },
};

/** Pairs counted at most: beyond, "1,000 or more". */
export const MATCH_COUNT_CAP = 1000;

/** A statement's parameters, numbered as they are added. */
function parameters() {
  const values: unknown[] = [];
  const param: Param = (v) => `$${values.push(v)}`;
  return { values, param };
}

/** One page of pairs, with the cursors of the pages after and before it. */
export async function pairPage(db: Db, query: PairQuery, scope: ReviewScope): Promise<PairPage> {
  return pairRows(db, query, scope, await searchPlan(db, query));
}

async function pairRows(db: Db, query: PairQuery, scope: ReviewScope, form: SearchForm): Promise<PairPage> {
  const { values, param } = parameters();
  const key = SORT_SQL[query.sort];
  const at: PairCursor | undefined = query.after ?? query.before;
  const backward = Boolean(query.before);
  // Reading backwards (a "previous" link) walks the other way, then turns the rows round.
  const descending = (query.dir === "desc") !== backward;
  const order = descending ? "DESC" : "ASC";
  const where = [pairFilterSql(query, scope, param, "p", form)];
  if (at)
    where.push(`(p.${key.column}, p.id) ${descending ? "<" : ">"} (${param(at.value)}::${key.cast}, ${param(at.id)})`);
  const limit = param(query.size + 1);
  const columns = new Set(columnsOf(query));
  const search = columns.has("rationale") ? searchSql(query.q, param) : null;
  const { rows } = await poolOf(db).query<RawRow>(
    `WITH page AS (
       SELECT p.id FROM "Pair" p WHERE ${where.join(" AND ")}
        ORDER BY p.${key.column} ${order}, p.id ${order} LIMIT ${limit}
     )
     SELECT p.id, ${key.value} AS key, p.status, p."submittedCount", p."claimedCount", p."requiredRaters",
            p.priority, to_char(p."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
            q.id AS "queryId", left(q.text, 400) AS request, q."sourceId", ds.id AS "datasetId", ds.name AS dataset,
            d.id AS "destinationId", d.name AS destination, pa.model AS "plannerA", pb.model AS "plannerB",
            (SELECT x.label FROM "Adjudication" x WHERE x."pairId" = p.id) AS adjudicated,
            (SELECT json_agg(json_build_array(j.verdict, j.strength) ORDER BY a.slot, j.id)
               FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" WHERE j."pairId" = p.id) AS verdicts,
            (SELECT json_build_array(jd.judge, jd.verdict) FROM "JudgeDecision" jd WHERE jd."pairId" = p.id AND p.status = 'DECIDED') AS decision,
            ${columns.has("gold") ? `EXISTS (SELECT 1 FROM "GoldPair" g WHERE g."sourcePairId" = p.id)` : "false"} AS gold,
            ${
              columns.has("corrected")
                ? `CASE WHEN EXISTS (SELECT 1 FROM "Correction" c WHERE c."verificationPairId" = p.id) THEN 'verification'
                        WHEN EXISTS (SELECT 1 FROM "Correction" c WHERE c."sourcePlanId" IN (p."planAId", p."planBId")) THEN 'corrected' END`
                : "NULL"
            } AS corrected,
            ${
              columns.has("review")
                ? `json_build_array((SELECT count(*) FROM "RejectedJudgment" x WHERE x."pairId" = p.id),
                     (SELECT count(DISTINCT v."judgmentId") FROM "Judgment" j JOIN "JudgmentReview" v ON v."judgmentId" = j.id WHERE j."pairId" = p.id))`
                : "NULL"
            } AS review,
            ${
              columns.has("judges")
                ? `(SELECT json_agg(json_build_array(jv.judge, jv.verdict) ORDER BY jv.judge, jv.id) FROM "JudgeVerdict" jv WHERE jv."pairId" = p.id)`
                : "NULL"
            } AS judges,
            ${
              columns.has("rationale")
                ? `(SELECT left(j.rationale, 300) FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" WHERE j."pairId" = p.id
                     ORDER BY ${search ? `(${matchesSql("j.rationale", search)}) DESC, ` : ""}a.slot, j.id LIMIT 1)`
                : "NULL"
            } AS rationale
       FROM page JOIN "Pair" p ON p.id = page.id JOIN "Query" q ON q.id = p."queryId"
       JOIN "Dataset" ds ON ds.id = q."datasetId" JOIN "Destination" d ON d.id = q."destinationId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
      ORDER BY p.${key.column} ${order}, p.id ${order}`,
    values,
  );
  const more = rows.length > query.size;
  const kept = rows.slice(0, query.size);
  if (backward) kept.reverse();
  const cursorOf = (r: RawRow): PairCursor => ({ sort: query.sort, dir: query.dir, value: r.key, id: r.id });
  const first = kept[0];
  const last = kept[kept.length - 1];
  const hasNext = backward ? true : more;
  const hasPrevious = backward ? more : Boolean(at);
  return {
    rows: kept.map((r) => rowOf(r, columns)),
    next: hasNext && last ? encodePairCursor(cursorOf(last)) : null,
    previous: hasPrevious && first ? encodePairCursor(cursorOf(first)) : null,
  };
}

/** How many pairs a filter matches, counted up to MATCH_COUNT_CAP (`more`: at least that many). */
export async function pairCount(db: Db, f: PairFilter, scope: ReviewScope): Promise<PairCount> {
  const form = await searchPlan(db, f);
  const { values, param } = parameters();
  const { rows } = await poolOf(db).query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM "Pair" p WHERE ${pairFilterSql(f, scope, param, "p", form)}
      LIMIT ${param(MATCH_COUNT_CAP + 1)}) s`,
    values,
  );
  const n = rows[0].n;
  return { count: Math.min(n, MATCH_COUNT_CAP), more: n > MATCH_COUNT_CAP };
}

interface RawRow {
  id: string;
  key: string | number;
  status: string;
  submittedCount: number;
  claimedCount: number;
  requiredRaters: number;
  priority: number;
  createdAt: string;
  queryId: string;
  request: string;
  sourceId: string;
  datasetId: string;
  dataset: string;
  destinationId: string;
  destination: string;
  plannerA: string;
  plannerB: string;
  adjudicated: Verdict | null;
  verdicts: [Verdict, number | null][] | null;
  decision: [string, Verdict] | null;
  gold: boolean;
  corrected: "corrected" | "verification" | null;
  judges: [string, Verdict][] | null;
  rationale: string | null;
  review: [number, number] | null;
}

function rowOf(r: RawRow, columns: Set<PairColumn>): PairRow {
  const verdicts = (r.verdicts ?? []).map(([verdict, strength]) => ({ verdict, strength }));
  const agreement = agreementOf(
    verdicts.map((v) => v.verdict),
    r,
  );
  const label = pairLabelOf(
    verdicts.map((v) => v.verdict),
    { ...r, decided: r.decision?.[1] ?? null },
  );
  return {
    id: r.id,
    queryId: r.queryId,
    request: r.request,
    requestSourceId: r.sourceId,
    dataset: { id: r.datasetId, name: r.dataset },
    destination: { id: r.destinationId, name: r.destination },
    planners: { a: r.plannerA, b: r.plannerB },
    status: pairStatusOf(r),
    judgments: { submitted: r.submittedCount, required: r.requiredRaters, claimed: r.claimedCount },
    verdicts,
    agreement,
    label,
    decidedBy: r.decision?.[0] ?? null,
    judges: columns.has("judges") ? (r.judges ?? []).map(([judge, verdict]) => ({ judge, verdict })) : null,
    gold: r.gold,
    corrected: r.corrected,
    rationale: r.rationale,
    review: r.review && { rejected: Number(r.review[0]), reviewed: Number(r.review[1]) },
    priority: r.priority,
    createdAt: r.createdAt,
  };
}

/**
 * What the browser's filter offers: datasets (with their strength and dimensions), destinations, planners, experts
 * (by name for an admin; by their export pseudonym for a reviewer, who reads experts so everywhere) and judges,
 * within the scope. Planners and judges by a skip scan of their index (one probe each, not a pass).
 */
export async function pairFilterOptions(db: Db, scope: ReviewScope): Promise<PairFilterOptions> {
  const pool = poolOf(db);
  const ids = scope.destinationIds;
  const [datasets, destinations, planners, judges, experts] = await Promise.all([
    pool.query<{ id: string; name: string; strength: boolean; dimensions: { key: string; name: string }[] | null }>(
      `SELECT ds.id, ds.name, ds."preferenceStrength" AS strength, ds.dimensions FROM "Dataset" ds
        WHERE $1::text[] IS NULL OR EXISTS (SELECT 1 FROM "Query" q WHERE q."datasetId" = ds.id AND q."destinationId" = ANY($1))
        ORDER BY ds.name, ds.id`,
      [ids],
    ),
    pool.query<{ id: string; name: string }>(
      `SELECT d.id, d.name FROM "Destination" d
        WHERE ($1::text[] IS NULL OR d.id = ANY($1)) AND EXISTS (SELECT 1 FROM "Query" q WHERE q."destinationId" = d.id)
        ORDER BY d.name, d.id`,
      [ids],
    ),
    pool.query<{ v: string }>(skipScan(`"Plan"`, "model")),
    pool.query<{ v: string }>(skipScan(`"JudgeVerdict"`, "judge")),
    pool.query<{ id: string; name: string }>(
      `SELECT u.id, u.name FROM "User" u WHERE u.role = 'EXPERT'
          AND ($1::text[] IS NULL OR EXISTS (SELECT 1 FROM "ExpertDestination" e WHERE e."userId" = u.id AND e."destinationId" = ANY($1)))
        ORDER BY u.name, u.id`,
      [ids],
    ),
  ]);
  return {
    datasets: datasets.rows.map((d) => ({
      id: d.id,
      name: d.name,
      strength: d.strength,
      dimensions: (d.dimensions ?? []).map((x) => ({ key: x.key, name: x.name })),
    })),
    destinations: destinations.rows,
    planners: planners.rows.map((r) => r.v),
    judges: judges.rows.map((r) => r.v),
    experts:
      ids === null
        ? experts.rows
        : await (async () => {
            const salt = await pseudonymSalt(db);
            return experts.rows
              .map((e) => ({ id: e.id, name: pseudonym(e.id, salt) }))
              .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
          })(),
  };
}

/** The distinct values of an indexed column, one index probe each. */
const skipScan = (table: string, column: string) =>
  `WITH RECURSIVE s AS (SELECT min(${column}) AS v FROM ${table}
     UNION ALL SELECT (SELECT min(${column}) FROM ${table} WHERE ${column} > s.v) FROM s WHERE s.v IS NOT NULL)
   SELECT v FROM s WHERE v IS NOT NULL`;
