/**
 * The Constraints page's requests from the database: a page by key (lib/datasets/request-list.ts) with the latest
 * constraint version of each, filtered by request text, destination and stage; and the counts over all requests.
 */
import {
  wordPatterns,
  encodeRequestKey,
  pageOf,
  REQUEST_PAGE_SIZE,
  type RequestFilter,
  type RequestStage,
} from "../request-list";
import { poolOf, type Db } from "../../platform/db";

export interface RequestRow {
  id: string;
  text: string;
  sourceId: string;
  destination: string;
  dataset: string;
  latest: { version: number; stage: Exclude<RequestStage, "NONE">; constraints: number } | null;
}

export interface RequestPage {
  rows: RequestRow[];
  /** Cursors of the pages after and before this one (null: none). */
  next: string | null;
  previous: string | null;
}

/**
 * One page of requests in the list's order (dataset, source id: the unique index "Query_datasetId_sourceId_key"
 * walks it), read one beyond the page to know whether another follows. The text search is a contains-match
 * (ILIKE, which the trigram index "Query_text_trgm_idx" serves when the words are rare); the stage is the latest
 * constraint version's (Query.dslStage, kept by a trigger; "Query_dslStage_datasetId_sourceId_idx" walks it), NONE
 * for a request without one.
 */
export async function requestPage(db: Db, f: RequestFilter, limit = f.size ?? REQUEST_PAGE_SIZE): Promise<RequestPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => `$${params.push(v)}`;
  if (f.q) for (const w of wordPatterns(f.q)) where.push(`q.text ILIKE ${param(w)}`);
  if (f.destination) where.push(`q."destinationId" = ${param(f.destination)}`);
  if (f.stage === "NONE") where.push(`q."dslStage" IS NULL`);
  else if (f.stage) where.push(`q."dslStage" = ${param(f.stage)}::"DslStage"`);
  const backward = Boolean(f.before);
  const at = f.after ?? f.before;
  if (at)
    where.push(`(q."datasetId", q."sourceId") ${backward ? "<" : ">"} (${param(at.datasetId)}, ${param(at.sourceId)})`);
  const order = backward ? "DESC" : "ASC";
  const { rows } = await poolOf(db).query<{
    id: string;
    text: string;
    sourceId: string;
    datasetId: string;
    destination: string;
    dataset: string;
    version: number | null;
    stage: Exclude<RequestStage, "NONE"> | null;
    constraints: number | null;
  }>(
    `SELECT q.id, q.text, q."sourceId", q."datasetId", d.name AS destination, ds.name AS dataset,
            v.version, v.stage::text AS stage, v.constraints
       FROM "Query" q
       LEFT JOIN LATERAL (
         SELECT x.version, x.stage,
                (CASE WHEN jsonb_typeof(x.constraints) = 'array' THEN jsonb_array_length(x.constraints) ELSE 0 END) AS constraints
           FROM "DslVersion" x WHERE x."queryId" = q.id ORDER BY x.version DESC LIMIT 1) v ON true
       JOIN "Destination" d ON d.id = q."destinationId"
       JOIN "Dataset" ds ON ds.id = q."datasetId"
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY q."datasetId" ${order}, q."sourceId" ${order}
      LIMIT ${param(limit + 1)}`,
    params,
  );
  const page = pageOf(rows, limit, backward ? "backward" : "forward", Boolean(at));
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  return {
    rows: page.rows.map((r) => ({
      id: r.id,
      text: r.text,
      sourceId: r.sourceId,
      destination: r.destination,
      dataset: r.dataset,
      latest: r.stage ? { version: r.version!, stage: r.stage, constraints: r.constraints ?? 0 } : null,
    })),
    next: page.hasNext && last ? encodeRequestKey(last) : null,
    previous: page.hasPrevious && first ? encodeRequestKey(first) : null,
  };
}

/** Requests in all, and by the stage of their latest constraint version (NONE: without one): one pass of Query. */
export async function requestStageCounts(db: Db): Promise<{ total: number; byStage: Record<RequestStage, number> }> {
  const { rows } = await poolOf(db).query<{ stage: RequestStage; n: number }>(
    `SELECT COALESCE("dslStage"::text, 'NONE') AS stage, count(*)::int AS n FROM "Query" GROUP BY 1`,
  );
  const byStage = { NONE: 0, DRAFT: 0, REVISED: 0, VERIFIED: 0, FINAL: 0 };
  for (const r of rows) byStage[r.stage] = r.n;
  return { total: rows.reduce((s, r) => s + r.n, 0), byStage };
}

/** The destinations that have requests, for the page's destination filter. */
export async function requestDestinations(db: Db): Promise<{ id: string; name: string }[]> {
  const { rows } = await poolOf(db).query<{ id: string; name: string }>(
    `SELECT d.id, d.name FROM "Destination" d WHERE EXISTS (SELECT 1 FROM "Query" q WHERE q."destinationId" = d.id)
      ORDER BY d.name`,
  );
  return rows;
}
