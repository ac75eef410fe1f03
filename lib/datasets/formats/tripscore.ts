/**
 * TripScore itinerary JSON (`itineraryName`, `dayInfos[].scheduleDetail[].detailList[]`, periods
 * Morning/Afternoon/Evening) with its reference data: POIs and hotels in pois.json(l), transport
 * plans (train/flight numbers with times) in transports.json(l).
 */
import { z } from "zod";
import type { NormalizedQuery } from "../normalized";
import { clockTime, emptyItem, PERIODS, type Day, type Item } from "../itinerary/model";
import {
  id,
  isoDate,
  queryDestination,
  likert,
  likertSchema,
  parseRecord,
  queryIdOf,
  type FormatContext,
  type FormatModule,
} from "./context";

const detail = z.object({
  type: z.enum(["transportation", "poi", "hotel"], { message: "expected transportation|poi|hotel" }),
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().min(1),
});

export const tripScorePlanSchema = z.object({
  itineraryName: z.string().nullish(),
  recommendReason: z.string().nullish(),
  dayInfos: z
    .array(
      z.object({
        day: z.coerce.number().int().positive(),
        scheduleTitle: z.string().nullish(),
        scheduleDetail: z.array(
          z.object({
            period: z.enum(PERIODS, { message: "expected Morning|Afternoon|Evening" }),
            description: z.string().nullish(),
            detailList: z.array(detail),
          }),
        ),
      }),
    )
    .min(1, "a plan needs at least one day"),
  tips: z.unknown().optional(),
});

const queryRecord = z.object({
  id,
  query: z.string().min(1),
  origin: z.string().nullish(),
  destination: z.string().min(1),
  days: z.number().int().positive(),
  people: z.number().int().positive().default(1),
  startDate: isoDate.nullish(),
  preferences: z
    .object({
      budget: z.string().nullish(),
      pacing: z.string().nullish(),
      attraction: z.union([z.string(), z.array(z.string())]).nullish(),
      effort: z.string().nullish(),
    })
    .passthrough()
    .default({}),
  split: z.string().nullish(),
});

const planRecord = z.object({
  id,
  queryId: id,
  model: z.string().min(1),
  plan: tripScorePlanSchema,
  scores: z
    .object({ iconic_landmarks: likertSchema, attraction_diversity: likertSchema, user_request: likertSchema })
    .nullish(),
});

const transportRecord = z.object({
  id,
  name: z.string().min(1),
  mode: z.string().default("train"),
  from: z.string().nullish(),
  to: z.string().nullish(),
  departureTime: clockTime.nullish(),
  arrivalTime: clockTime.nullish(),
  price: z.number().nonnegative().nullish(),
  lat: z.number().nullish(),
  lon: z.number().nullish(),
});

function transportIndex(ctx: FormatContext) {
  const out = new Map<string, z.infer<typeof transportRecord>>();
  for (const r of ctx.transports) {
    const t = parseRecord(transportRecord, r, ctx);
    if (!t) continue;
    if (out.has(t.id)) ctx.problems.add(r.file, r.record, "$.id", `duplicate transport id "${t.id}"`);
    out.set(t.id, t);
  }
  return out;
}

const cache = new WeakMap<FormatContext, ReturnType<typeof transportIndex>>();

export const tripscore: FormatModule = {
  planQueryId: (v) => queryIdOf(v, "queryId"),

  query(r, ctx) {
    const q = parseRecord(queryRecord, r, ctx);
    if (!q) return null;
    const destination = queryDestination(ctx, r, "destination", q.destination);
    if (!destination) return null;
    const attraction = q.preferences.attraction;
    return {
      sourceId: q.id,
      destination,
      text: q.query,
      origin: q.origin ?? null,
      days: q.days,
      people: q.people,
      startDate: q.startDate ?? null,
      preferences: { ...q.preferences, attractionTypes: attraction ? ([] as string[]).concat(attraction) : undefined },
      split: q.split ?? null,
      raw: r.value,
    } satisfies NormalizedQuery;
  },

  plan(r, query, ctx) {
    const p = parseRecord(planRecord, r, ctx);
    if (!p) return null;
    if (!cache.has(ctx)) cache.set(ctx, transportIndex(ctx));
    const transports = cache.get(ctx)!;
    const days: Day[] = p.plan.dayInfos.map((d, di) => {
      const items: Item[] = [];
      d.scheduleDetail.forEach((s, si) =>
        s.detailList.forEach((entry, ei) => {
          const at = `$.plan.dayInfos[${di}].scheduleDetail[${si}].detailList[${ei}]`;
          if (entry.type === "transportation") {
            const t = transports.get(entry.id);
            if (!t)
              ctx.problems.add(
                r.file,
                r.record,
                `${at}.id`,
                `unknown transport "${entry.id}" (${entry.name}): not in transports.json(l)`,
              );
            const item = { ...emptyItem("transport", entry.name), period: s.period, city: query.destination };
            if (t) {
              Object.assign(item, {
                startTime: t.departureTime ?? null,
                endTime: t.arrivalTime ?? null,
                price: t.price ?? null,
                cost: t.price != null ? t.price * query.people : null,
                tickets: query.people,
                lat: t.lat ?? null,
                lon: t.lon ?? null,
                transport: { mode: t.mode, number: t.name, from: t.from ?? null, to: t.to ?? null, distanceKm: null },
              });
            }
            items.push(item);
            return;
          }
          // Attractions outside the reference data have id "": resolve them by name within the city.
          const poi = entry.id ? ctx.places.byIdOrNull(entry.id) : ctx.places.byNameIn(query.destination, entry.name);
          if (entry.id && !poi)
            ctx.problems.add(
              r.file,
              r.record,
              `${at}.id`,
              `unknown ${entry.type} id "${entry.id}" (${entry.name}): not in pois.json(l)`,
            );
          const kind = entry.type === "hotel" ? "hotel" : poi?.kind === "RESTAURANT" ? "meal" : "attraction";
          const item = ctx.places.place(
            { ...emptyItem(kind, poi?.name ?? entry.name), period: s.period, price: poi?.price ?? null },
            poi,
            query.destination,
          );
          items.push(item);
        }),
      );
      return { day: d.day, title: d.scheduleTitle ?? null, items };
    });
    return {
      sourceId: p.id,
      query: query.sourceId,
      model: p.model,
      // The plan as the record published it (its keys and their order), not as the schema parsed it.
      raw: (r.value as { plan: unknown }).plan,
      itinerary: {
        title: p.plan.itineraryName ?? null,
        startCity: query.origin,
        targetCity: query.destination,
        people: query.people,
        days,
        judgedScores: p.scores
          ? {
              iconic_landmarks: likert(p.scores.iconic_landmarks),
              attraction_diversity: likert(p.scores.attraction_diversity),
              user_request: likert(p.scores.user_request),
            }
          : null,
      },
    };
  },
};
