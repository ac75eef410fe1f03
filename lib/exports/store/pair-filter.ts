/** The pair browser's filter in an export's statements (`pair_filter`, lib/review/pair-filter.ts): a condition on a pair. */
import type { Db } from "../../platform/db";
import { pairFilterSql, searchPlan, type SearchForm } from "../../review/store";
import { EVERY_DESTINATION, type PairFilter } from "../../review";
import type { ExportFilters } from "../records";

/** Each export's search form (lib/review/store/search-plan.ts), found once for all of its statements. */
const searchForms = new WeakMap<PairFilter, Promise<SearchForm>>();

/**
 * The pair browser's filter of an export (`pairs`, lib/review): its condition on the pair `p`, its values appended to
 * `values` (the statement's key and limit follow them); "TRUE" without one. Admins' exports: every destination.
 */
export async function pairFilterOf(db: Db, f: ExportFilters, values: unknown[], p = "p"): Promise<string> {
  if (!f.pairs) return "TRUE";
  let form = searchForms.get(f.pairs);
  if (!form) searchForms.set(f.pairs, (form = searchPlan(db, f.pairs, "pair_filter")));
  return pairFilterSql(f.pairs, EVERY_DESTINATION, (v) => `$${values.push(v)}`, p, await form);
}
