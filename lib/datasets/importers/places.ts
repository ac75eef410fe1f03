/** The POI table of a bundle, and name resolution within a city. */
import { z } from "zod";
import type { NormalizedPoi } from "../normalized";
import { cityNames } from "../itinerary/cities";
import type { Item } from "../itinerary/model";
import type { Manifest } from "./bundle";
import { nameKey } from "../../kernel";
import { Problems } from "./problems";
import type { SourceRecord } from "./records";

const clock = z.string().regex(/^([01]?\d|2[0-4]):[0-5]\d$/, "expected HH:MM");
const KIND = {
  attraction: "ATTRACTION",
  poi: "ATTRACTION",
  restaurant: "RESTAURANT",
  hotel: "HOTEL",
  accommodation: "HOTEL",
  station: "STATION",
  airport: "AIRPORT",
  other: "OTHER",
} as const;

export const poiRecordSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    name: z.string().min(1).max(500),
    city: z.string().min(1),
    kind: z.enum(Object.keys(KIND) as [keyof typeof KIND, ...(keyof typeof KIND)[]]),
    lat: z.number().min(-90).max(90).nullish(),
    lon: z.number().min(-180).max(180).nullish(),
    tags: z.array(z.string()).optional(),
    /** ChinaTravel's attraction type, cuisine or hotel feature (null: the database cell is empty). */
    type: z.string().nullish(),
    opentime: clock.optional(),
    endtime: clock.optional(),
    closedWeekdays: z.array(z.number().int().min(0).max(6)).optional(),
    price: z.number().nonnegative().nullish(),
    stars: z.number().min(0).max(5).nullish(),
    /** Recommended visit length; `recommendedMinutes` (as `tripjudge dsl eval --pois` spells it) is the same field. */
    recommendMinutes: z.number().nonnegative().nullish(),
    recommendedMinutes: z.number().nonnegative().nullish(),
  })
  .refine(
    (p) => p.recommendMinutes == null || p.recommendedMinutes == null || p.recommendMinutes === p.recommendedMinutes,
    { message: "recommendMinutes and recommendedMinutes disagree", path: ["recommendedMinutes"] },
  );

export class Destinations {
  private byName = new Map<string, string>();
  constructor(readonly manifest: Manifest) {
    for (const d of manifest.destinations) for (const n of [d.name, ...d.aliases]) this.byName.set(nameKey(n), d.name);
    // ChinaTravel's cities are one city in either language (an English plan, a Chinese POI table), unless
    // the manifest gives the other spelling to another destination.
    for (const d of manifest.destinations) {
      for (const n of [d.name, ...d.aliases])
        for (const other of cityNames(n)) if (!this.byName.has(nameKey(other))) this.byName.set(nameKey(other), d.name);
    }
  }
  /** The destination key (its name) of a city as the records spell it, or null. */
  resolve(city: string): string | null {
    return this.byName.get(nameKey(city)) ?? null;
  }
}

export class PlaceIndex {
  readonly pois: NormalizedPoi[] = [];
  private byId = new Map<string, NormalizedPoi>();
  private byName = new Map<string, NormalizedPoi>();

  constructor(records: SourceRecord[], destinations: Destinations, problems: Problems) {
    for (const r of records) {
      const parsed = poiRecordSchema.safeParse(r.value);
      if (!parsed.success) {
        problems.fromZod(r.file, r.record, parsed.error);
        continue;
      }
      const p = parsed.data;
      const destination = destinations.resolve(p.city);
      if (!destination) {
        problems.add(
          r.file,
          r.record,
          "$.city",
          `unknown city "${p.city}": add it (or an alias) to manifest.destinations`,
        );
        continue;
      }
      if (this.byId.has(p.id)) {
        problems.add(r.file, r.record, "$.id", `duplicate POI id "${p.id}"`);
        continue;
      }
      const poi: NormalizedPoi = {
        sourceId: p.id,
        destination,
        name: p.name,
        kind: KIND[p.kind],
        lat: p.lat ?? null,
        lon: p.lon ?? null,
        tags: [...(p.tags ?? []), ...(p.type ? [p.type] : [])],
        openingHours:
          p.opentime && p.endtime
            ? { open: p.opentime, close: p.endtime, closedWeekdays: p.closedWeekdays ?? [] }
            : null,
        price: p.price ?? null,
        stars: p.stars === null || p.stars === undefined ? null : Math.round(p.stars),
        recommendedMinutes: roundOrNull(p.recommendMinutes ?? p.recommendedMinutes),
      };
      this.pois.push(poi);
      this.byId.set(p.id, poi);
      const key = `${destination}|${nameKey(p.name)}`;
      if (!this.byName.has(key)) this.byName.set(key, poi);
    }
  }

  byIdOrNull(id: string): NormalizedPoi | null {
    return this.byId.get(id) ?? null;
  }

  byNameIn(destination: string | null, name: string): NormalizedPoi | null {
    if (!destination) return null;
    return this.byName.get(`${destination}|${nameKey(name)}`) ?? null;
  }

  /** Fills an item's place from a POI (or leaves it unresolved: shown as "location unknown"). */
  place(item: Item, poi: NormalizedPoi | null, city: string | null): Item {
    item.city = city;
    if (poi) Object.assign(item, { poiId: poi.sourceId, lat: poi.lat, lon: poi.lon });
    return item;
  }
}

const roundOrNull = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v));
