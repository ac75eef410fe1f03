/**
 * Writes a validated dataset in one transaction (all or nothing), in batches over a plain pg
 * connection so that large imports stay fast and memory stays flat. The same content imported again (same content hash) changes nothing.
 */
import { randomUUID } from "node:crypto";
import type { NormalizedDataset } from "../dataset/normalized";
import { pairsOf } from "../dataset/normalized";
import { contentHash } from "../hash";
import { insertRows, type Column } from "./bulk";
import { poolOf, type Db } from "./client";

export interface DatasetCounts {
  destinations: number;
  pois: number;
  queries: number;
  plans: number;
  pairs: number;
  unresolvedPlaces: number;
  infeasiblePlans: number;
}

export interface WriteResult {
  datasetId: string;
  created: boolean;
  counts: DatasetCounts;
}


const POI_COLUMNS: Column[] = [["id", "text"], ["datasetId", "text"], ["destinationId", "text"], ["sourceId", "text"], ["name", "text"], ["kind", '"PoiKind"'], ["lat", "double precision"], ["lon", "double precision"], ["tags", "text[]"], ["openingHours", "jsonb"], ["price", "double precision"], ["stars", "integer"], ["recommendedMinutes", "integer"]];
const QUERY_COLUMNS: Column[] = [["id", "text"], ["datasetId", "text"], ["destinationId", "text"], ["sourceId", "text"], ["text", "text"], ["origin", "text"], ["days", "integer"], ["people", "integer"], ["startDate", "text"], ["preferences", "jsonb"], ["split", "text"], ["raw", "jsonb"]];
const DSL_COLUMNS: Column[] = [["id", "text"], ["queryId", "text"], ["version", "integer"], ["stage", '"DslStage"'], ["constraints", "jsonb"], ["note", "text"]];
const PLAN_COLUMNS: Column[] = [["id", "text"], ["queryId", "text"], ["sourceId", "text"], ["model", "text"], ["raw", "jsonb"], ["itinerary", "jsonb"], ["features", "jsonb"], ["feasible", "boolean"], ["contentHash", "text"]];
const PAIR_COLUMNS: Column[] = [["id", "text"], ["queryId", "text"], ["planAId", "text"], ["planBId", "text"], ["requiredRaters", "integer"]];

export function countsOf(ds: NormalizedDataset): DatasetCounts {
  let unresolvedPlaces = 0;
  for (const p of ds.plans) for (const d of p.itinerary.days) for (const i of d.items) if (i.lat === null || i.lon === null) unresolvedPlaces++;
  return {
    destinations: ds.destinations.length, pois: ds.pois.length, queries: ds.queries.length, plans: ds.plans.length,
    pairs: pairsOf(ds).length, unresolvedPlaces, infeasiblePlans: ds.plans.filter((p) => p.feasible === false).length,
  };
}

export async function writeDataset(
  db: Db,
  ds: NormalizedDataset,
  opts: { actorId?: string | null; requiredRaters?: number; contentHash?: string; onProgress?: (share: number) => void } = {},
): Promise<WriteResult> {
  const hash = opts.contentHash ?? contentHash(ds);
  const existing = await db.dataset.findUnique({ where: { contentHash: hash } });
  if (existing) return { datasetId: existing.id, created: false, counts: existing.counts as unknown as DatasetCounts };
  const counts = countsOf(ds);
  const pairs = pairsOf(ds);
  const progress = opts.onProgress ?? (() => {});
  const client = await poolOf(db).connect();
  try {
    await client.query("BEGIN");
    const destIds = new Map<string, string>();
    for (const d of ds.destinations) {
      const row = await client.query<{ id: string }>(
        `INSERT INTO "Destination" (id, name, country, lat, lon) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name, country) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
        [randomUUID(), d.name, d.country, d.lat, d.lon],
      );
      destIds.set(d.key, row.rows[0].id);
    }
    const dest = (key: string) => destIds.get(key) ?? (() => { throw new Error(`unknown destination "${key}"`); })();
    const datasetId = randomUUID();
    await client.query(`INSERT INTO "Dataset" (id, name, format, "contentHash", counts, "createdById") VALUES ($1, $2, $3::"DatasetFormat", $4, $5::jsonb, $6)`, [
      datasetId, ds.name, ds.format, hash, JSON.stringify(counts), opts.actorId ?? null,
    ]);
    await insertRows(client, "Poi", POI_COLUMNS, ds.pois.map((p) => ({
      id: randomUUID(), datasetId, destinationId: dest(p.destination), sourceId: p.sourceId, name: p.name, kind: p.kind, lat: p.lat, lon: p.lon,
      tags: p.tags, openingHours: p.openingHours, price: p.price, stars: p.stars, recommendedMinutes: p.recommendedMinutes,
    })));
    const queryIds = new Map(ds.queries.map((q) => [q.sourceId, randomUUID()]));
    await insertRows(client, "Query", QUERY_COLUMNS, ds.queries.map((q) => ({
      id: queryIds.get(q.sourceId)!, datasetId, destinationId: dest(q.destination), sourceId: q.sourceId, text: q.text,
      origin: q.origin, days: q.days, people: q.people, startDate: q.startDate, preferences: q.preferences, split: q.split, raw: q.raw ?? {},
    })));
    await insertRows(client, "DslVersion", DSL_COLUMNS, ds.queries.filter((q) => q.dsl?.length).map((q) => ({
      id: randomUUID(), queryId: queryIds.get(q.sourceId)!, version: 1, stage: "DRAFT", constraints: q.dsl, note: "Imported",
    })));
    progress(0.2);
    const planIds = new Map(ds.plans.map((p) => [p.sourceId, randomUUID()]));
    const planBatch = 250;
    for (let i = 0; i < ds.plans.length; i += planBatch) {
      await insertRows(client, "Plan", PLAN_COLUMNS, ds.plans.slice(i, i + planBatch).map((p) => ({
        id: planIds.get(p.sourceId)!, queryId: queryIds.get(p.query)!, sourceId: p.sourceId, model: p.model, raw: p.raw ?? {}, itinerary: p.itinerary,
        features: p.features ? { ...p.features, violations: p.violations ?? [] } : null, feasible: p.feasible !== false, contentHash: contentHash(p.itinerary),
      })), planBatch);
      progress(0.2 + (0.7 * Math.min(ds.plans.length, i + planBatch)) / ds.plans.length);
    }
    const planQuery = new Map(ds.plans.map((p) => [p.sourceId, p.query]));
    await insertRows(client, "Pair", PAIR_COLUMNS, pairs.map(([a, b]) => ({
      id: randomUUID(), queryId: queryIds.get(planQuery.get(a)!)!, planAId: planIds.get(a)!, planBId: planIds.get(b)!, requiredRaters: opts.requiredRaters ?? 3,
    })), 5000);
    await client.query(`INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data) VALUES ($1, $2, 'dataset.import', 'Dataset', $3, $4::jsonb)`, [
      randomUUID(), opts.actorId ?? null, datasetId, JSON.stringify({ name: ds.name, format: ds.format, counts }),
    ]);
    await client.query("COMMIT");
    progress(1);
    return { datasetId, created: true, counts };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    // A concurrent import of the same content won the race: that import is this one.
    if ((e as { code?: string }).code === "23505" && /contentHash/.test(String((e as { constraint?: string }).constraint ?? (e as Error).message))) {
      const winner = await db.dataset.findUnique({ where: { contentHash: hash } });
      if (winner) return { datasetId: winner.id, created: false, counts: winner.counts as unknown as DatasetCounts };
    }
    throw e;
  } finally {
    client.release();
  }
}
