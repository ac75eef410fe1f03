/**
 * A pair filter (lib/review/pair-filter.ts) as one SQL condition on a pair row, self-contained (its own subqueries,
 * no join asked of the caller), so the pair browser's pages and counts and every export of pairs or judgments
 * (lib/exports/store) select the same pairs. Values go in as parameters through `param`, which numbers them after the
 * caller's own. Each filter is a semi-join or a correlated test the planner may drive either way: from the filter's
 * own index when it is rare (an expert's judgments, a search's grams), or along the page's sort key when it is common.
 */
import { MAJORITY_BY_PATTERN, UNANIMOUS_PATTERNS } from "../pair-classes";
import type { PairFilter } from "../pair-filter";
import type { ReviewScope } from "../scope";
import { searchTerms } from "../search";

export type Param = (value: unknown) => string;

/** A pair's label from the experts (adjudication, else the strict majority of its verdicts); null without one. */
export function labelSql(p: string, param: Param): string {
  const majority = param(MAJORITY_BY_PATTERN);
  return `COALESCE((SELECT x.label FROM "Adjudication" x WHERE x."pairId" = ${p}.id),
    CASE WHEN ${p}."verdictPattern" >= 0 THEN (${majority}::"Verdict"[])[${p}."verdictPattern" + 1]
         ELSE (SELECT j.verdict FROM "Judgment" j WHERE j."pairId" = ${p}.id GROUP BY j.verdict
                HAVING 2 * count(*) > (SELECT count(*) FROM "Judgment" k WHERE k."pairId" = ${p}.id)) END)`;
}

/**
 * The search as a tsquery expression and the exact tests that go with it: the index finds rows holding every word and
 * every gram (no phrase operator between grams, so the GIN index answers without re-reading the text), and a CJK
 * run must then stand in the text as written (strpos, cheap). null: no search.
 */
/** A search as SQL parts: the index's tsquery, the CJK runs a text must hold and those it must not (parameters). */
export interface SearchSql {
  tsquery: string;
  exact: string[];
  without: string[];
}

export function searchSql(q: string | undefined, param: Param): SearchSql | null {
  if (!q) return null;
  const t = searchTerms(q);
  const parts: string[] = [];
  if (t.words) parts.push(`websearch_to_tsquery('english', ${param(t.words)})`);
  if (t.grams) parts.push(`${param(t.grams)}::tsquery`);
  if (!parts.length) return null;
  return {
    tsquery: parts.length === 1 ? parts[0] : `(${parts.join(" && ")})`,
    exact: t.runs.map((r) => param(r)),
    without: t.without.map((r) => param(r)),
  };
}

/**
 * How a search selects pairs. "set": the index finds every matching rationale and request first, then their pairs are
 * sorted (cheap while matches are few). "walk": pairs are read in the page's order and each is tested on its own few
 * texts, until the page is full (cheap while matches are many: a common word would make a set of 100,000s).
 */
export type SearchForm = "set" | "walk";

/** The texts a search looks in: rationales, the request, or both. */
const searchesRationales = (f: PairFilter) => f.in !== "request";
const searchesRequests = (f: PairFilter) => f.in !== "rationales";

function searchSet(f: PairFilter, s: SearchSql, p: string): string {
  const sources = [
    ...(searchesRationales(f) ? [`SELECT j."pairId" FROM "Judgment" j WHERE ${matchesSql("j.rationale", s)}`] : []),
    ...(searchesRequests(f)
      ? [`SELECT y.id FROM "Pair" y WHERE y."queryId" IN (SELECT x.id FROM "Query" x WHERE ${matchesSql("x.text", s)})`]
      : []),
  ];
  return `${p}.id IN (${sources.join(" UNION ALL ")})`;
}

function searchWalk(f: PairFilter, s: SearchSql, p: string): string {
  // Scalar subqueries with LIMIT 1: the planner cannot turn them into a join over every match.
  const tests = [
    ...(searchesRationales(f)
      ? [`(SELECT true FROM "Judgment" j WHERE j."pairId" = ${p}.id AND ${matchesSql("j.rationale", s)} LIMIT 1)`]
      : []),
    ...(searchesRequests(f)
      ? [`(SELECT true FROM "Query" x WHERE x.id = ${p}."queryId" AND ${matchesSql("x.text", s)} LIMIT 1)`]
      : []),
  ];
  return tests.map((t) => `${t} IS NOT NULL`).join(" OR ");
}

/** A text column matching a search (its index is on tj_search_vector(column)). */
export function matchesSql(column: string, s: SearchSql): string {
  return [
    `tj_search_vector(${column}) @@ ${s.tsquery}`,
    ...s.exact.map((r) => `strpos(${column}, ${r}) > 0`),
    ...s.without.map((r) => `strpos(${column}, ${r}) = 0`),
  ].join(" AND ");
}

/**
 * The condition that pair row `p` matches `f` within `scope` ("TRUE" when nothing narrows). The search's form comes
 * from searchPlan (lib/review/store/search-plan.ts), which also refuses a search of common words only.
 */
export function pairFilterSql(
  f: PairFilter,
  scope: ReviewScope,
  param: Param,
  p = "p",
  search: SearchForm = "set",
): string {
  const where: string[] = [];
  const query: string[] = [];
  if (f.dataset) query.push(`x."datasetId" = ${param(f.dataset)}`);
  if (f.destination) query.push(`x."destinationId" = ${param(f.destination)}`);
  if (scope.destinationIds) query.push(`x."destinationId" = ANY(${param(scope.destinationIds)}::text[])`);
  if (query.length) where.push(`${p}."queryId" IN (SELECT x.id FROM "Query" x WHERE ${query.join(" AND ")})`);

  if (f.planner) {
    const a = `(SELECT x.model FROM "Plan" x WHERE x.id = ${p}."planAId")`;
    const b = `(SELECT x.model FROM "Plan" x WHERE x.id = ${p}."planBId")`;
    const planner = `${param(f.planner)}::text`;
    if (!f.versus) where.push(`${planner} IN (${a}, ${b})`);
    else {
      const versus = `${param(f.versus)}::text`;
      where.push(`((${a} = ${planner} AND ${b} = ${versus}) OR (${a} = ${versus} AND ${b} = ${planner}))`);
    }
  }

  if (f.status === "waiting")
    where.push(`${p}.status = 'OPEN' AND ${p}."submittedCount" = 0 AND ${p}."claimedCount" = 0`);
  if (f.status === "in_progress")
    where.push(`${p}.status = 'OPEN' AND (${p}."submittedCount" > 0 OR ${p}."claimedCount" > 0)`);
  if (f.status === "complete") where.push(`${p}.status = 'COMPLETE'`);
  if (f.status === "decided") where.push(`${p}.status = 'DECIDED'`);

  const adjudicated = `EXISTS (SELECT 1 FROM "Adjudication" x WHERE x."pairId" = ${p}.id)`;
  if (f.agreement) {
    // A pair with more than three raters (pattern -1) is read from its judgments: they are few.
    const unanimous = () => `(${p}."verdictPattern" = ANY(${param(UNANIMOUS_PATTERNS)}::int[])
      OR (${p}."verdictPattern" = -1 AND (SELECT count(DISTINCT j.verdict) FROM "Judgment" j WHERE j."pairId" = ${p}.id) = 1))`;
    const complete = `${p}.status = 'COMPLETE'`;
    if (f.agreement === "unanimous") where.push(`${complete} AND NOT ${p}.unresolved AND ${unanimous()}`);
    if (f.agreement === "majority")
      where.push(`${complete} AND NOT ${p}.unresolved AND NOT ${unanimous()} AND NOT ${adjudicated}`);
    if (f.agreement === "split") where.push(`${complete} AND ${p}.unresolved AND NOT ${adjudicated}`);
    if (f.agreement === "adjudicated") where.push(adjudicated);
  }

  const gold = `EXISTS (SELECT 1 FROM "GoldPair" x WHERE x."sourcePairId" = ${p}.id)`;
  if (f.gold === "gold") where.push(gold);
  if (f.gold === "real") where.push(`NOT ${gold}`);

  const corrected = `EXISTS (SELECT 1 FROM "Correction" x WHERE x."sourcePlanId" IN (${p}."planAId", ${p}."planBId"))`;
  const verification = `EXISTS (SELECT 1 FROM "Correction" x WHERE x."verificationPairId" = ${p}.id)`;
  if (f.corrected === "corrected") where.push(corrected);
  if (f.corrected === "verification") where.push(verification);
  if (f.corrected === "none") where.push(`NOT ${corrected} AND NOT ${verification}`);

  const rejected = `EXISTS (SELECT 1 FROM "RejectedJudgment" x WHERE x."pairId" = ${p}.id)`;
  // By the judgments' index, then the reviews' (JudgmentReview has no index by pair).
  const reviewed = `(${rejected} OR EXISTS (SELECT 1 FROM "Judgment" j JOIN "JudgmentReview" v ON v."judgmentId" = j.id WHERE j."pairId" = ${p}.id))`;
  if (f.review === "rejected") where.push(rejected);
  if (f.review === "reviewed") where.push(reviewed);
  if (f.review === "unreviewed") where.push(`NOT ${reviewed}`);

  if (f.expert)
    where.push(`${p}.id IN (SELECT j."pairId" FROM "Judgment" j WHERE j."userId" = ${param(f.expert)}::text)`);
  if (f.strength)
    where.push(`${p}.id IN (SELECT j."pairId" FROM "Judgment" j WHERE j.strength = ${param(f.strength)})`);
  if (f.dimension)
    where.push(
      `EXISTS (SELECT 1 FROM "Judgment" j WHERE j."pairId" = ${p}.id AND j.dimensions -> ${param(f.dimension.key)} ->> 'v' = ${param(f.dimension.answer)})`,
    );

  if (f.judge || f.judge_vs) {
    const ofJudge = `jv."pairId" = ${p}.id${f.judge ? ` AND jv.judge = ${param(f.judge)}` : ""}`;
    if (!f.judge_vs) where.push(`EXISTS (SELECT 1 FROM "JudgeVerdict" jv WHERE ${ofJudge})`);
    else {
      const label = labelSql(p, param);
      const differs = `EXISTS (SELECT 1 FROM "JudgeVerdict" jv WHERE ${ofJudge} AND jv.verdict <> ${label})`;
      if (f.judge_vs === "disagrees") where.push(`${p}.status = 'COMPLETE' AND ${differs}`);
      else
        where.push(
          `${p}.status = 'COMPLETE' AND ${label} IS NOT NULL AND EXISTS (SELECT 1 FROM "JudgeVerdict" jv WHERE ${ofJudge}) AND NOT ${differs}`,
        );
    }
  }

  const s = searchSql(f.q, param);
  if (s) where.push(search === "set" ? searchSet(f, s, p) : searchWalk(f, s, p));
  return where.length ? where.map((w) => `(${w})`).join(" AND ") : "TRUE";
}
