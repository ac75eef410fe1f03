/**
 * The Constraints page's list of requests: its filters (request text, destination, stage of the constraints) and its
 * pages, by key rather than by offset: a page starts after (or ends before) the last request of the page before, in
 * the list's order (dataset, then the request's source id, which is unique within a dataset), so page 2,000 of
 * 100,000 requests costs what page 1 costs.
 */
import { z } from "zod";

export const REQUEST_STAGES = ["NONE", "DRAFT", "REVISED", "VERIFIED", "FINAL"] as const;
export type RequestStage = (typeof REQUEST_STAGES)[number];

/** A place in the list: the request's dataset and source id. */
export interface RequestKey {
  datasetId: string;
  sourceId: string;
}

export const REQUEST_PAGE_SIZE = 50;

/** A place in the list as URL text (base64url of its JSON). */
export function encodeRequestKey(k: RequestKey): string {
  return Buffer.from(JSON.stringify([k.datasetId, k.sourceId])).toString("base64url");
}

const keySchema = z.tuple([z.string().min(1).max(200), z.string().min(1).max(1000)]);

/** The place a cursor names, or null when it is not one this list wrote. */
export function decodeRequestKey(s: string): RequestKey | null {
  try {
    const parsed = keySchema.safeParse(JSON.parse(Buffer.from(s, "base64url").toString("utf8")));
    return parsed.success ? { datasetId: parsed.data[0], sourceId: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

const blankIsNone = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const cursor = z.preprocess(
  blankIsNone,
  z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const k = decodeRequestKey(s);
      if (!k) {
        ctx.addIssue({ code: "custom", message: "is not a page of this list (follow the page links)" });
        return z.NEVER;
      }
      return k;
    })
    .optional(),
);

/** The page's query string: every field optional; `after` and `before` are the page links' cursors. */
export const requestFilterSchema = z
  .object({
    q: z.preprocess(blankIsNone, z.string().trim().max(200, "a search of 200 characters at most").optional()),
    destination: z.preprocess(blankIsNone, z.string().max(64).optional()),
    stage: z.preprocess(
      blankIsNone,
      z.enum(REQUEST_STAGES, { message: `expected one of ${REQUEST_STAGES.join(", ")}` }).optional(),
    ),
    after: cursor,
    before: cursor,
    /** Requests a page: REQUEST_PAGE_SIZE unless asked. */
    size: z.preprocess(
      blankIsNone,
      z.coerce
        .number({ message: "expected a number of requests per page" })
        .int()
        .min(10, "at least 10 requests a page")
        .max(200, "at most 200 requests a page")
        .default(REQUEST_PAGE_SIZE),
    ),
  })
  .refine((f) => !(f.after && f.before), { message: "a page is after one place or before one, not both" });
export type RequestFilter = z.infer<typeof requestFilterSchema>;

/** The search as an ILIKE pattern: the text anywhere, its %, _ and \ meant literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A search's words, each a pattern every request found must contain (any order, any case): "Suzhou nanjing" finds a
 * request that names both apart (the whole phrase found nothing). At most 8 words.
 */
export function wordPatterns(q: string): string[] {
  return [...new Set(q.trim().split(/\s+/).filter(Boolean))].slice(0, 8).map(containsPattern);
}

/**
 * A page from the rows read one beyond it (`limit + 1`, in the direction of reading): whether there is a page after
 * and before it. Reading backwards (`before`), the rows come last first and are turned round.
 */
export function pageOf<R>(
  rows: R[],
  limit: number,
  direction: "forward" | "backward",
  started: boolean,
): { rows: R[]; hasNext: boolean; hasPrevious: boolean } {
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (direction === "backward") return { rows: page.reverse(), hasNext: true, hasPrevious: more };
  return { rows: page, hasNext: more, hasPrevious: started };
}
