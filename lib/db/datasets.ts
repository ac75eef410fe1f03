/**
 * Writes a normalized dataset in one transaction (all or nothing). The same content imported
 * again is recognized by its hash and changes nothing.
 */
import type { NormalizedDataset } from "../dataset/normalized";
import { pairsOf } from "../dataset/normalized";
import { contentHash } from "../hash";
import type { Db } from "./client";
import type { Prisma } from "./generated/client";

export interface WriteResult {
  datasetId: string;
  created: boolean;
  counts: { destinations: number; pois: number; queries: number; plans: number; pairs: number; unresolvedPlaces: number };
}

const json = (v: unknown) => v as Prisma.InputJsonValue;

export async function writeDataset(db: Db, ds: NormalizedDataset, opts: { actorId?: string | null; requiredRaters?: number } = {}): Promise<WriteResult> {
  const hash = contentHash(ds);
  const existing = await db.dataset.findUnique({ where: { contentHash: hash } });
  if (existing) return { datasetId: existing.id, created: false, counts: existing.counts as WriteResult["counts"] };

  const pairs = pairsOf(ds);
  const unresolvedPlaces = ds.plans.reduce(
    (n, p) => n + p.itinerary.days.reduce((m, d) => m + d.items.filter((i) => i.lat === null || i.lon === null).length, 0),
    0,
  );
  const counts = { destinations: ds.destinations.length, pois: ds.pois.length, queries: ds.queries.length, plans: ds.plans.length, pairs: pairs.length, unresolvedPlaces };

  return db.$transaction(
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
      const dest = (key: string) => {
        const id = destIds.get(key);
        if (!id) throw new Error(`unknown destination "${key}"`);
        return id;
      };
      const dataset = await tx.dataset.create({
        data: { name: ds.name, format: ds.format, contentHash: hash, counts: json(counts), createdById: opts.actorId ?? null },
      });
      await tx.poi.createMany({
        data: ds.pois.map((p) => ({
          datasetId: dataset.id, destinationId: dest(p.destination), sourceId: p.sourceId, name: p.name, kind: p.kind,
          lat: p.lat, lon: p.lon, tags: p.tags, openingHours: p.openingHours ? json(p.openingHours) : undefined,
          price: p.price, stars: p.stars, recommendedMinutes: p.recommendedMinutes,
        })),
      });
      const queryIds = new Map<string, string>();
      for (const q of ds.queries) {
        const row = await tx.query.create({
          data: {
            datasetId: dataset.id, destinationId: dest(q.destination), sourceId: q.sourceId, text: q.text, origin: q.origin,
            days: q.days, people: q.people, startDate: q.startDate, preferences: json(q.preferences), split: q.split, raw: json(q.raw ?? null),
          },
        });
        queryIds.set(q.sourceId, row.id);
        if (q.dsl?.length) {
          await tx.dslVersion.create({ data: { queryId: row.id, version: 1, stage: "DRAFT", constraints: json(q.dsl), note: "Imported" } });
        }
      }
      const planIds = new Map<string, string>();
      for (const p of ds.plans) {
        const queryId = queryIds.get(p.query);
        if (!queryId) throw new Error(`plan ${p.sourceId}: unknown query "${p.query}"`);
        const row = await tx.plan.create({
          data: { queryId, sourceId: p.sourceId, model: p.model, raw: json(p.raw ?? null), itinerary: json(p.itinerary), contentHash: contentHash(p.itinerary) },
        });
        planIds.set(p.sourceId, row.id);
      }
      const planQuery = new Map(ds.plans.map((p) => [p.sourceId, p.query]));
      await tx.pair.createMany({
        data: pairs.map(([a, b]) => ({
          queryId: queryIds.get(planQuery.get(a)!)!, planAId: planIds.get(a)!, planBId: planIds.get(b)!, requiredRaters: opts.requiredRaters ?? 3,
        })),
      });
      await tx.auditEvent.create({
        data: { actorId: opts.actorId ?? null, action: "dataset.import", targetType: "Dataset", targetId: dataset.id, data: json({ name: ds.name, counts }) },
      });
      return { datasetId: dataset.id, created: true, counts };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
