/** TripJudge's own format: plans already in the canonical itinerary shape (the demo uses it). */
import { z } from "zod";
import type { NormalizedQuery } from "../normalized";
import { itinerarySchema } from "../itinerary/model";
import { id, isoDate, queryDestination, parseRecord, queryIdOf, type FormatModule } from "./context";

const queryRecord = z.object({
  id,
  destination: z.string().min(1),
  text: z.string().min(1),
  origin: z.string().nullish(),
  days: z.number().int().positive(),
  people: z.number().int().positive().default(1),
  startDate: isoDate.nullish(),
  preferences: z.record(z.string(), z.unknown()).default({}),
  split: z.string().nullish(),
  dsl: z.array(z.object({ code: z.string(), note: z.string().default("") })).optional(),
});

const planRecord = z.object({
  id,
  queryId: id,
  model: z.string().min(1),
  itinerary: itinerarySchema,
  meta: z.unknown().optional(),
});

export const canonical: FormatModule = {
  planQueryId: (v) => queryIdOf(v, "queryId"),

  query(r, ctx) {
    const q = parseRecord(queryRecord, r, ctx);
    if (!q) return null;
    const destination = queryDestination(ctx, r, "destination", q.destination);
    if (!destination) return null;
    return {
      sourceId: q.id,
      destination,
      text: q.text,
      origin: q.origin ?? null,
      days: q.days,
      people: q.people,
      startDate: q.startDate ?? null,
      preferences: q.preferences,
      split: q.split ?? null,
      raw: r.value,
      dsl: q.dsl,
    } satisfies NormalizedQuery;
  },

  plan(r, query, ctx) {
    const p = parseRecord(planRecord, r, ctx);
    if (!p) return null;
    // Items naming a POI of the bundle take its coordinates when they carry none.
    for (const d of p.itinerary.days) {
      for (const item of d.items) {
        const poi = item.poiId ? ctx.places.byIdOrNull(item.poiId) : null;
        if (item.poiId && !poi)
          ctx.problems.add(
            r.file,
            r.record,
            "$.itinerary",
            `unknown POI id "${item.poiId}" (${item.name}): not in pois.json(l)`,
          );
        if (poi && item.lat === null) Object.assign(item, { lat: poi.lat, lon: poi.lon });
      }
    }
    return { sourceId: p.id, query: query.sourceId, model: p.model, raw: p.meta ?? null, itinerary: p.itinerary };
  },
};
