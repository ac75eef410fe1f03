/**
 * What every importer produces and the database writer consumes: destinations, POIs, queries,
 * plans (already canonical) and the pairs to judge. Keys are the source's own ids.
 */
import { z } from "zod";
import { itinerarySchema } from "./itinerary/model";

export const DATASET_FORMATS = ["TRIPSCORE", "CHINATRAVEL", "TRIPCRAFT", "CANONICAL"] as const;
export const POI_KINDS = ["ATTRACTION", "RESTAURANT", "HOTEL", "STATION", "AIRPORT", "OTHER"] as const;

export const openingHoursSchema = z.object({
  open: z.string(),
  close: z.string(),
  /** 0 = Sunday … 6 = Saturday */
  closedWeekdays: z.array(z.number().int().min(0).max(6)),
});

export const normalizedDatasetSchema = z.object({
  name: z.string().min(1).max(200),
  format: z.enum(DATASET_FORMATS),
  destinations: z.array(
    z.object({
      key: z.string().min(1),
      name: z.string().min(1),
      country: z.string().min(1),
      lat: z.number(),
      lon: z.number(),
    }),
  ),
  pois: z.array(
    z.object({
      sourceId: z.string().min(1),
      destination: z.string(),
      name: z.string().min(1),
      kind: z.enum(POI_KINDS),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      tags: z.array(z.string()),
      openingHours: openingHoursSchema.nullable(),
      price: z.number().nullable(),
      stars: z.number().int().nullable(),
      recommendedMinutes: z.number().int().nullable(),
    }),
  ),
  queries: z.array(
    z.object({
      sourceId: z.string().min(1),
      destination: z.string(),
      text: z.string().min(1),
      origin: z.string().nullable(),
      days: z.number().int().positive(),
      people: z.number().int().positive(),
      startDate: z.string().nullable(),
      preferences: z.record(z.string(), z.unknown()),
      split: z.string().nullable(),
      raw: z.unknown(),
      dsl: z.array(z.object({ code: z.string(), note: z.string() })).optional(),
    }),
  ),
  plans: z.array(
    z.object({
      sourceId: z.string().min(1),
      query: z.string(),
      model: z.string().min(1),
      raw: z.unknown(),
      itinerary: itinerarySchema,
      /** Computed at import (plan features and the gate violations behind them). */
      features: z.record(z.string(), z.number().nullable()).optional(),
      violations: z.array(z.string()).optional(),
      /** False when the plan fails a feasibility gate; such plans may be left out of pairing. */
      feasible: z.boolean().optional(),
    }),
  ),
  /** Pairs by plan source id; when absent, every two plans of a query form a pair. */
  pairs: z.array(z.tuple([z.string(), z.string()])).nullable(),
});

export type NormalizedDataset = z.infer<typeof normalizedDatasetSchema>;
export type NormalizedPoi = NormalizedDataset["pois"][number];
export type NormalizedQuery = NormalizedDataset["queries"][number];
export type NormalizedPlan = NormalizedDataset["plans"][number];

/** What an import reports and a dataset row keeps. */
export interface DatasetCounts {
  destinations: number;
  pois: number;
  queries: number;
  plans: number;
  pairs: number;
  unresolvedPlaces: number;
  infeasiblePlans: number;
}
