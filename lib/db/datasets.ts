/**
 * Writes a validated dataset in one transaction (all or nothing), in batches so that large
 * imports stay fast. The same content imported again (same content hash) changes nothing.
 */
import { randomUUID } from "node:crypto";
import type { NormalizedDataset } from "../dataset/normalized";
import { pairsOf } from "../dataset/normalized";
import { contentHash } from "../hash";
import type { Db } from "./client";
import { Prisma } from "./generated/client";

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

const json = (v: unknown) => (v === null || v === undefined ? Prisma.JsonNull : (v as Prisma.InputJsonValue));

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

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
  try {
    return await db.$transaction(
      async (tx) => {
        const destIds = new Map<string, string>();
        for (const d of ds.destinations) {
          const row = await tx.destination.upsert({
            where: { name_country: { name: d.name, country: d.country } },
            create: { name: d.name, country: d.country, lat: d.lat, lon: d.lon },
            update: {},
          });
          destIds.set(d.key, row.id);
        }
        const dest = (key: string) => destIds.get(key) ?? (() => { throw new Error(`unknown destination "${key}"`); })();
        const dataset = await tx.dataset.create({
          data: { name: ds.name, format: ds.format, contentHash: hash, counts: json(counts), createdById: opts.actorId ?? null },
        });
        for (const batch of chunks(ds.pois, 2000)) {
          await tx.poi.createMany({
            data: batch.map((p) => ({
              datasetId: dataset.id, destinationId: dest(p.destination), sourceId: p.sourceId, name: p.name, kind: p.kind, lat: p.lat, lon: p.lon,
              tags: p.tags, openingHours: json(p.openingHours), price: p.price, stars: p.stars, recommendedMinutes: p.recommendedMinutes,
            })),
          });
        }
        const queryIds = new Map(ds.queries.map((q) => [q.sourceId, randomUUID()]));
        for (const batch of chunks(ds.queries, 1000)) {
          await tx.query.createMany({
            data: batch.map((q) => ({
              id: queryIds.get(q.sourceId)!, datasetId: dataset.id, destinationId: dest(q.destination), sourceId: q.sourceId, text: q.text,
              origin: q.origin, days: q.days, people: q.people, startDate: q.startDate, preferences: json(q.preferences), split: q.split, raw: json(q.raw),
            })),
          });
        }
        const dsl = ds.queries.filter((q) => q.dsl?.length);
        for (const batch of chunks(dsl, 1000)) {
          await tx.dslVersion.createMany({
            data: batch.map((q) => ({ queryId: queryIds.get(q.sourceId)!, version: 1, stage: "DRAFT" as const, constraints: json(q.dsl), note: "Imported" })),
          });
        }
        progress(0.2);
        const planIds = new Map(ds.plans.map((p) => [p.sourceId, randomUUID()]));
        const planBatches = chunks(ds.plans, 250);
        for (const [i, batch] of planBatches.entries()) {
          await tx.plan.createMany({
            data: batch.map((p) => ({
              id: planIds.get(p.sourceId)!, queryId: queryIds.get(p.query)!, sourceId: p.sourceId, model: p.model, raw: json(p.raw), itinerary: json(p.itinerary),
              features: p.features ? json({ ...p.features, violations: p.violations ?? [] }) : Prisma.JsonNull, feasible: p.feasible !== false,
              contentHash: contentHash(p.itinerary),
            })),
          });
          progress(0.2 + (0.7 * (i + 1)) / planBatches.length);
        }
        const planQuery = new Map(ds.plans.map((p) => [p.sourceId, p.query]));
        for (const batch of chunks(pairs, 2000)) {
          await tx.pair.createMany({
            data: batch.map(([a, b]) => ({ queryId: queryIds.get(planQuery.get(a)!)!, planAId: planIds.get(a)!, planBId: planIds.get(b)!, requiredRaters: opts.requiredRaters ?? 3 })),
          });
        }
        await tx.auditEvent.create({
          data: { actorId: opts.actorId ?? null, action: "dataset.import", targetType: "Dataset", targetId: dataset.id, data: json({ name: ds.name, format: ds.format, counts }) },
        });
        progress(1);
        return { datasetId: dataset.id, created: true, counts };
      },
      { timeout: 30 * 60_000, maxWait: 30_000 },
    );
  } catch (e) {
    // A concurrent import of the same content won the race: that import is this one.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      const winner = await db.dataset.findUnique({ where: { contentHash: hash } });
      if (winner) return { datasetId: winner.id, created: false, counts: winner.counts as unknown as DatasetCounts };
    }
    throw e;
  }
}
