/**
 * The pair browser's model (issue 46): which pairs (the filter), in which order (a sort key and a direction, paged by
 * key: a cursor holds the sort key's value and the pair's id of a page's edge), and which columns. One zod schema
 * parses it from a URL's search parameters, for the page, GET /api/admin/pairs and the exports' `pair_filter`
 * (`tripjudge export --pair-filter`), and pairQueryParams writes it back, so an address can be shared. Pure: no
 * Node, no storage (the browser's components import it through lib/review/browser.ts).
 */
import { z } from "zod";

export const PAIR_STATUSES = ["waiting", "in_progress", "complete", "decided"] as const;
export type PairStatusFilter = (typeof PAIR_STATUSES)[number];
export const PAIR_AGREEMENTS = ["unanimous", "majority", "split", "adjudicated"] as const;
export type PairAgreement = (typeof PAIR_AGREEMENTS)[number];
export const PAIR_GOLD = ["real", "gold"] as const;
export const PAIR_CORRECTED = ["corrected", "verification", "none"] as const;
/** A reviewer rejected one of its judgments; a reviewer acted on one (rejected it, accepted it or commented); neither. */
export const PAIR_REVIEW = ["rejected", "reviewed", "unreviewed"] as const;
export const SEARCH_IN = ["all", "rationales", "request"] as const;
export type SearchIn = (typeof SEARCH_IN)[number];
export const JUDGE_VS = ["disagrees", "agrees"] as const;
export const DIMENSION_ANSWERS = ["A", "B", "SAME", "NA"] as const;
export const PAIR_SORTS = ["created", "judgments", "priority"] as const;
export type PairSort = (typeof PAIR_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The columns a page may show (the link to the pair's page is always there), in the table's order. */
export const PAIR_COLUMNS = [
  "request",
  "dataset",
  "destination",
  "planners",
  "status",
  "judgments",
  "verdicts",
  "agreement",
  "label",
  "rationale",
  "judges",
  "gold",
  "corrected",
  "review",
  "priority",
  "created",
] as const;
export type PairColumn = (typeof PAIR_COLUMNS)[number];
export const DEFAULT_COLUMNS: readonly PairColumn[] = [
  "request",
  "destination",
  "planners",
  "status",
  "judgments",
  "verdicts",
  "agreement",
  "created",
];
/** The column each sort key orders by. */
export const SORT_COLUMN: Record<PairSort, PairColumn> = {
  created: "created",
  judgments: "judgments",
  priority: "priority",
};

export const PAIR_PAGE_SIZE = 50;

const blankIsNone = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankIsNone, z.enum(values, { message: `expected one of ${values.join(", ")}` }).optional());
const anId = (what: string) =>
  z.preprocess(blankIsNone, z.string().max(64, `${what}: an id of 64 characters at most`).optional());
const aName = z.preprocess(blankIsNone, z.string().trim().max(200, "a name of 200 characters at most").optional());

/** A dimension's answer, as KEY:ANSWER (`route:A`): pairs with a judgment that answered it so. */
const dimensionAnswer = z.preprocess(
  blankIsNone,
  z
    .string()
    .max(60)
    .regex(
      /^[a-z][a-z0-9_]{0,31}:(A|B|SAME|NA)$/,
      "expected KEY:A, KEY:B, KEY:SAME or KEY:NA (a dimension's key and an answer)",
    )
    .transform((s) => {
      const [key, answer] = s.split(":");
      return { key, answer: answer as (typeof DIMENSION_ANSWERS)[number] };
    })
    .optional(),
);

/** Which pairs: every field optional, each narrows the set (all of them together). */
export const pairFilterShape = {
  /** Full-text search (lib/review/search.ts) over the rationales, the request's text, or both (`in`). */
  q: z.preprocess(blankIsNone, z.string().trim().max(200, "a search of 200 characters at most").optional()),
  /** Where the search looks; "all" (both) is the default and is not kept. */
  in: z.preprocess(
    (v) => (v === "all" ? undefined : blankIsNone(v)),
    z.enum(SEARCH_IN, { message: `expected one of ${SEARCH_IN.join(", ")}` }).optional(),
  ),
  dataset: anId("dataset"),
  destination: anId("destination"),
  /** A planner of either plan; with `versus`, the other plan's planner too. */
  planner: aName,
  versus: aName,
  status: oneOf(PAIR_STATUSES),
  agreement: oneOf(PAIR_AGREEMENTS),
  /** Promoted to a gold pair (GoldPair.sourcePairId) or not. */
  gold: oneOf(PAIR_GOLD),
  /** A plan of the pair has an expert's correction; the pair is a correction's verification pair; neither. */
  corrected: oneOf(PAIR_CORRECTED),
  /** Reviews of its judgments (JudgmentReview; RejectedJudgment for the rejected ones). */
  review: oneOf(PAIR_REVIEW),
  /** Pairs this expert (a user id) judged. */
  expert: anId("expert"),
  /** Pairs this automatic judge gave a verdict on; with `judge_vs`, whether it agrees with the experts' label. */
  judge: aName,
  judge_vs: oneOf(JUDGE_VS),
  /** Pairs with a judgment of this strength (datasets with preference strength). */
  strength: z.preprocess(
    blankIsNone,
    z.coerce
      .number({ message: "expected a strength: 1, 2 or 3" })
      .int("expected a strength: 1, 2 or 3")
      .min(1, "expected a strength: 1, 2 or 3")
      .max(3, "expected a strength: 1, 2 or 3")
      .optional(),
  ),
  dimension: dimensionAnswer,
};

/** A filter as pairQuerySchema parses it (the one schema: the page, the API and the exports read its filter part). */
export type PairFilter = z.infer<z.ZodObject<typeof pairFilterShape>>;
/** The filter's fields, in the order an address lists them. */
export const PAIR_FILTER_KEYS = Object.keys(pairFilterShape) as (keyof PairFilter)[];

/** A place in the list: the sort key's value and the pair's id at a page's edge, for one sort and direction. */
export interface PairCursor {
  sort: PairSort;
  dir: SortDirection;
  value: string | number;
  id: string;
}

/** A cursor as URL text: base64url of its JSON (no Buffer: the browser's components write links too). */
export function encodePairCursor(c: PairCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([c.sort, c.dir, c.value, c.id]));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const cursorTuple = z.tuple([
  z.enum(PAIR_SORTS),
  z.enum(SORT_DIRECTIONS),
  z.union([z.string().max(40), z.number().finite()]),
  z.string().min(1).max(64),
]);

/** The place a cursor names, or null when it is not one this list wrote. */
export function decodePairCursor(s: string): PairCursor | null {
  try {
    const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
    const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    const t = cursorTuple.safeParse(JSON.parse(text));
    if (!t.success) return null;
    const [sort, dir, value, id] = t.data;
    // The created sort's value is a time, the others numbers.
    if ((sort === "created") !== (typeof value === "string")) return null;
    if (sort === "created" && Number.isNaN(Date.parse(value as string))) return null;
    return { sort, dir, value, id };
  } catch {
    return null;
  }
}

const cursor = z.preprocess(
  blankIsNone,
  z
    .string()
    .max(400)
    .transform((s, ctx) => {
      const c = decodePairCursor(s);
      if (!c) {
        ctx.addIssue({ code: "custom", message: "is not a page of this list (follow the page links)" });
        return z.NEVER;
      }
      return c;
    })
    .optional(),
);

const columns = z.preprocess(
  blankIsNone,
  z
    .string()
    .max(400)
    .transform((s, ctx) => {
      const asked = [...new Set(s.split(",").map((c) => c.trim()))].filter(Boolean);
      const unknown = asked.filter((c) => !(PAIR_COLUMNS as readonly string[]).includes(c));
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `no column ${unknown.map((c) => JSON.stringify(c)).join(", ")} (columns: ${PAIR_COLUMNS.join(", ")})`,
        });
        return z.NEVER;
      }
      // In the table's order, whatever the address's.
      return PAIR_COLUMNS.filter((c) => asked.includes(c));
    })
    .optional(),
);

/** The browser's whole query: the filter, the sort, the columns and the page. */
export const pairQuerySchema = z
  .object({
    ...pairFilterShape,
    sort: z.preprocess(
      blankIsNone,
      z.enum(PAIR_SORTS, { message: `expected one of ${PAIR_SORTS.join(", ")}` }).default("created"),
    ),
    dir: z.preprocess(blankIsNone, z.enum(SORT_DIRECTIONS, { message: "expected asc or desc" }).default("desc")),
    cols: columns,
    after: cursor,
    before: cursor,
    size: z.preprocess(
      blankIsNone,
      z.coerce
        .number({ message: "expected a number of pairs per page" })
        .int()
        .min(10, "at least 10 pairs a page")
        .max(200, "at most 200 pairs a page")
        .default(PAIR_PAGE_SIZE),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.versus && !q.planner)
      ctx.addIssue({
        code: "custom",
        path: ["versus"],
        message: "versus needs a planner (pairs of that planner against this one)",
      });
    if (q.after && q.before)
      ctx.addIssue({ code: "custom", path: ["before"], message: "a page is after one place or before one, not both" });
    for (const k of ["after", "before"] as const) {
      const c = q[k];
      if (c && (c.sort !== q.sort || c.dir !== q.dir))
        ctx.addIssue({
          code: "custom",
          path: [k],
          message: `is a page of the list sorted by ${c.sort} (${c.dir}), not by ${q.sort} (${q.dir}): follow the page links`,
        });
    }
  });
export type PairQuery = z.infer<typeof pairQuerySchema>;

/** The filter part of a query (what an export or a count reads). */
export function filterOf(q: PairFilter): PairFilter {
  const f: Record<string, unknown> = {};
  for (const k of PAIR_FILTER_KEYS) if (q[k] !== undefined) f[k] = q[k];
  return f as PairFilter;
}

/** Whether a filter narrows anything. */
export const isFiltered = (f: PairFilter) => PAIR_FILTER_KEYS.some((k) => f[k] !== undefined);

/** Search parameters as an object of strings (a repeated key's values joined by commas: the column boxes). */
export function paramsObject(
  p: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries: [string, string][] =
    p instanceof URLSearchParams
      ? [...p.entries()]
      : Object.entries(p).flatMap(([k, v]) =>
          v === undefined
            ? []
            : Array.isArray(v)
              ? v.map((x) => [k, x] as [string, string])
              : [[k, v] as [string, string]],
        );
  for (const [k, v] of entries) out[k] = k in out ? `${out[k]},${v}` : v;
  return out;
}

/** A query from search parameters (safeParse: the page shows what is wrong). */
export const parsePairQuery = (p: URLSearchParams | Record<string, string | string[] | undefined>) =>
  pairQuerySchema.safeParse(paramsObject(p));

/**
 * A filter from text: a query string (`status=complete&q=…`, with or without `?`) or a whole address of the browser
 * (`https://…/admin/pairs?…`: what its "Copy link" gives). The view's parts (sort, columns, page) are read and left
 * out: an export is of every pair the filter matches.
 */
export function pairFilterFromText(text: string) {
  const t = text.trim();
  const search = /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? new URL(t).search : t.startsWith("?") ? t.slice(1) : t;
  const r = parsePairQuery(new URLSearchParams(search));
  return r.success ? { success: true as const, data: filterOf(r.data) } : { success: false as const, error: r.error };
}

/** A filter's value as the address writes it. */
function filterValue(k: keyof PairFilter, v: PairFilter[keyof PairFilter]): string {
  if (k === "dimension") {
    const d = v as NonNullable<PairFilter["dimension"]>;
    return `${d.key}:${d.answer}`;
  }
  return String(v);
}

/**
 * The address's search parameters for a query (its defaults left out, so equal queries give equal addresses):
 * parsePairQuery(pairQueryParams(q)) gives q back.
 */
export function pairQueryParams(
  q: PairFilter & Partial<Pick<PairQuery, "sort" | "dir" | "cols" | "after" | "before" | "size">>,
): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of PAIR_FILTER_KEYS) {
    const v = q[k];
    if (v !== undefined) p.set(k, filterValue(k, v));
  }
  if (q.sort && q.sort !== "created") p.set("sort", q.sort);
  if (q.dir && q.dir !== "desc") p.set("dir", q.dir);
  if (q.cols && !sameColumns(q.cols, DEFAULT_COLUMNS)) p.set("cols", q.cols.join(","));
  if (q.size && q.size !== PAIR_PAGE_SIZE) p.set("size", String(q.size));
  if (q.after) p.set("after", encodePairCursor(q.after));
  if (q.before) p.set("before", encodePairCursor(q.before));
  return p;
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/** The columns a query shows (the default set when it names none). */
export const columnsOf = (q: Pick<PairQuery, "cols">): readonly PairColumn[] => q.cols ?? DEFAULT_COLUMNS;

/** The issues of a failed parse as one sentence per field ("status: expected one of …"). */
export function issuesText(e: z.ZodError): string {
  return e.issues.map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; ");
}
