/**
 * The pair browser's addresses: a page of it with some of its query changed (a sort, a page, the columns), always
 * written by the model's own pairQueryParams, so every link is the canonical address of what it shows.
 */
import { pairQueryParams, type PairQuery } from "@/lib/review/browser";

/** The browser with `q` changed by `change` (a new sort or filter drops the page's place unless given). */
export function browserHref(q: PairQuery, change: Partial<PairQuery> = {}): string {
  const next = { ...q, after: undefined, before: undefined, ...change };
  const s = pairQueryParams(next).toString();
  return s ? `/admin/pairs?${s}` : "/admin/pairs";
}

/** The filter alone as a query string (what the count and the exports take). */
export function filterQueryString(q: PairQuery): string {
  return pairQueryParams({
    ...q,
    sort: undefined,
    dir: undefined,
    cols: undefined,
    size: undefined,
    after: undefined,
    before: undefined,
  }).toString();
}
