/**
 * How the pair browser runs a search (decision 022): refused when it holds only words too common to index, else in the
 * form its matches' number calls for, counted by the index up to SET_LIMIT texts: a "set" of its few matching
 * rationales and requests, or a "walk" along the page's order testing each pair's own texts (pair-filter-sql.ts).
 */
import type { PairFilter } from "../pair-filter";
import { searchTerms } from "../search";
import { matchesSql, searchSql, type SearchForm } from "./pair-filter-sql";
import { AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";

/** Matching texts up to which a search is read as a set (beyond: a walk). */
export const SET_LIMIT = 5000;

/** Why a search cannot be run, or null. */
export async function searchProblem(db: Db, q: string | undefined): Promise<string | null> {
  if (!q) return null;
  const t = searchTerms(q);
  // Symbols and punctuation alone ("%", "*", "🙂") are no words: not "too common", nothing to look for.
  if (!t.grams && !/[\p{L}\p{N}]/u.test(t.words))
    return "the search has no words to look for (punctuation and symbols are left out)";
  if (t.grams) return null;
  const { rows } = await poolOf(db).query<{ n: number }>(`SELECT numnode(websearch_to_tsquery('english', $1)) AS n`, [
    t.words,
  ]);
  return rows[0].n > 0
    ? null
    : `the search "${q}" has only words too common to look for (as "the" or "and"): add a rarer one`;
}

/**
 * The form a filter's search is read in ("set" without a search); a search that cannot be run is refused (400).
 * `field` names the parameter in the refusal (q, or pair_filter for an export).
 */
export async function searchPlan(db: Db, f: PairFilter, field = "q"): Promise<SearchForm> {
  if (!f.q) return "set";
  const problem = await searchProblem(db, f.q);
  if (problem) throw new AppError("invalid_request", `${field}: ${problem}`);
  const values: unknown[] = [];
  const s = searchSql(f.q, (v) => `$${values.push(v)}`)!;
  const counts = [
    ...(f.in !== "request" ? [`SELECT 1 FROM "Judgment" j WHERE ${matchesSql("j.rationale", s)}`] : []),
    ...(f.in !== "rationales" ? [`SELECT 1 FROM "Query" x WHERE ${matchesSql("x.text", s)}`] : []),
  ].map((from) => `(SELECT count(*) FROM (${from} LIMIT ${SET_LIMIT + 1}) m)`);
  const { rows } = await poolOf(db).query<{ n: number }>(`SELECT (${counts.join(" + ")})::int AS n`, values);
  return rows[0].n <= SET_LIMIT ? "set" : "walk";
}
