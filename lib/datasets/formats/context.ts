/** What every format module gets: the places, destinations and problem list of one bundle. */
import { z } from "zod";
import { isRealDate } from "../../kernel";
import type { NormalizedPlan, NormalizedQuery } from "../normalized";
import type { Destinations, PlaceIndex } from "../importers/places";
import type { Problems } from "../importers/problems";
import type { SourceRecord } from "../importers/records";

export interface FormatContext {
  places: PlaceIndex;
  destinations: Destinations;
  problems: Problems;
  transports: SourceRecord[];
}

export interface FormatModule {
  query(record: SourceRecord, ctx: FormatContext): NormalizedQuery | null;
  /** `query` is the plan's already-imported request (null when the plan names an unknown one). */
  plan(record: SourceRecord, query: NormalizedQuery, ctx: FormatContext): NormalizedPlan | null;
  /** The query a plan record belongs to, read before the plan is converted. */
  planQueryId(value: unknown): string | null;
  /** Formats whose plan records carry their own request (TripCraft's evaluation format): that request as a query record. */
  embeddedQuery?(value: unknown): Record<string, unknown> | null;
}

/** A calendar date as the formats write it (`2026-08-03`, or with a time); impossible dates are refused. */
export const isoDate = z
  .string()
  .max(40)
  .refine(isRealDate, { message: "expected a real date as YYYY-MM-DD between 1900 and 2200 (e.g. 2026-08-03)" });

export const id = z.union([z.string().min(1).max(200), z.number().int()]).transform(String);

/** Parses with zod, reporting every issue against the record; null when invalid. */
export function parseRecord<T extends z.ZodType>(schema: T, r: SourceRecord, ctx: FormatContext): z.infer<T> | null {
  const parsed = schema.safeParse(r.value);
  if (!parsed.success) {
    ctx.problems.fromZod(r.file, r.record, parsed.error);
    return null;
  }
  return parsed.data;
}

/** The destination a query's city names, or null with a problem at `field` of the record. */
export function queryDestination(ctx: FormatContext, r: SourceRecord, field: string, city: string): string | null {
  const destination = ctx.destinations.resolve(city);
  if (!destination)
    ctx.problems.add(
      r.file,
      r.record,
      `$.${field}`,
      `unknown destination "${city}": add it (or an alias) to manifest.destinations`,
    );
  return destination;
}

export function queryIdOf(value: unknown, ...keys: string[]): string | null {
  if (!value || typeof value !== "object") return null;
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === "string" || typeof v === "number") return String(v);
  }
  return null;
}

/** Likert 1–5 → [0, 1] (TripScore eq. 16). */
export function likert(r: number | null | undefined): number | null {
  return r === null || r === undefined ? null : (r - 1) / 4;
}
export const likertSchema = z.number().min(1).max(5).nullish();
