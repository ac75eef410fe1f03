/**
 * The canonical itinerary: every imported plan is normalized into this shape, and everything
 * downstream (maps, timelines, features, DSL) reads only this. plan → days[] → items[].
 */
import { z } from "zod";

export const ITEM_KINDS = ["transport", "attraction", "meal", "hotel", "event"] as const;
export const PERIODS = ["Morning", "Afternoon", "Evening"] as const;
export const MEAL_TYPES = ["breakfast", "lunch", "dinner"] as const;

/** "HH:MM", 00:00–23:59; "24:00" is accepted as the end of a day. */
export const clockTime = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "expected a time as HH:MM (00:00–24:00)");

export const transportLegSchema = z.object({
  mode: z.string().min(1),
  from: z.string().nullable(),
  to: z.string().nullable(),
  startTime: clockTime.nullable(),
  endTime: clockTime.nullable(),
  distanceKm: z.number().nonnegative().nullable(),
  cost: z.number().nonnegative().nullable(),
});

export const transportSchema = z.object({
  mode: z.string().min(1),
  number: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  distanceKm: z.number().nonnegative().nullable(),
});

export const itemSchema = z.object({
  kind: z.enum(ITEM_KINDS),
  name: z.string().min(1),
  poiId: z.string().nullable(),
  lat: z.number().min(-90).max(90).nullable(),
  lon: z.number().min(-180).max(180).nullable(),
  city: z.string().nullable(),
  startTime: clockTime.nullable(),
  endTime: clockTime.nullable(),
  period: z.enum(PERIODS).nullable(),
  cost: z.number().nonnegative().nullable(),
  price: z.number().nonnegative().nullable(),
  tickets: z.number().int().nonnegative().nullable(),
  mealType: z.enum(MEAL_TYPES).nullable(),
  /** Intercity transport (train, flight) when kind = transport. */
  transport: transportSchema.nullable(),
  /** The in-city legs travelled to reach this item from the previous one. */
  legs: z.array(transportLegSchema),
});

export const daySchema = z.object({
  day: z.number().int().positive(),
  title: z.string().nullable(),
  items: z.array(itemSchema),
});

/** LLM-judged sub-scores imported with a plan (Likert 1–5 already normalized to [0, 1]). */
export const judgedScoresSchema = z.object({
  iconic_landmarks: z.number().min(0).max(1).nullable(),
  attraction_diversity: z.number().min(0).max(1).nullable(),
  user_request: z.number().min(0).max(1).nullable(),
});

export const itinerarySchema = z.object({
  title: z.string().nullable(),
  startCity: z.string().nullable(),
  targetCity: z.string().nullable(),
  people: z.number().int().positive().nullable(),
  days: z.array(daySchema).min(1),
  judgedScores: judgedScoresSchema.nullable(),
});

export type TransportLeg = z.infer<typeof transportLegSchema>;
export type Item = z.infer<typeof itemSchema>;
export type Day = z.infer<typeof daySchema>;
export type Itinerary = z.infer<typeof itinerarySchema>;
export type ItemKind = (typeof ITEM_KINDS)[number];
export type Period = (typeof PERIODS)[number];

/** An item with every optional field empty: importers fill in what their format has. */
export function emptyItem(kind: ItemKind, name: string): Item {
  return {
    kind,
    name,
    poiId: null,
    lat: null,
    lon: null,
    city: null,
    startTime: null,
    endTime: null,
    period: null,
    cost: null,
    price: null,
    tickets: null,
    mealType: null,
    transport: null,
    legs: [],
  };
}

/** Items over all days: how long a plan is (stored with each plan for the judge board's length bias). */
export function itemCount(it: Itinerary): number {
  let n = 0;
  for (const d of it.days) n += d.items.length;
  return n;
}

export function hasLocation(item: Item): boolean {
  return item.lat !== null && item.lon !== null;
}

// Clock arithmetic lives where the browser can take it without zod (the judging screen's timeline).
export { clockOf, minutesOf } from "./clock";
