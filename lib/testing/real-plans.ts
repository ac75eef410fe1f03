/**
 * Real plans for the corrections' tests and benchmark, imported by the project's own importer: ChinaTravel's
 * published plans (lib/constraints/fixtures/chinatravel-real, with their sandbox POIs), TripCraft's sample evaluation
 * record and TripScore's appendix K.5 itinerary (lib/datasets/importers/fixtures/real). TripCraft and TripScore publish
 * no place table with those plans: the tables below name their places (and a few more to correct with) with
 * real coordinates and opening hours.
 */
import { readFileSync } from "node:fs";
import { type NormalizedPoi, type NormalizedQuery, type Itinerary } from "../datasets";
import type { DslPoi } from "../constraints";
import type { QueryFacts } from "../results/features";
import { formatProblem, parseBundle } from "../datasets/importers";
import type { PlaceLookup } from "../corrections";

export type Format = "CHINATRAVEL" | "TRIPCRAFT" | "TRIPSCORE";
export interface RealPlan {
  format: Format;
  raw: unknown;
  itinerary: Itinerary;
  query: NormalizedQuery;
  request: QueryFacts;
  pois: NormalizedPoi[];
  places: PlaceLookup;
  /** The table as the DSL reads it. */
  dslPois: DslPoi[];
  /** The POI by name, for tests. */
  id(name: string): string;
  /** Re-imports a plan record of this dataset (for the serialisers' round trips). */
  reimport(record: unknown): Promise<Itinerary>;
}

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), "utf8");
const enc = (v: unknown) => new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v));

type Files = Record<string, unknown>;
async function load(format: Format, files: Files, wrap: (raw: unknown) => Files): Promise<RealPlan> {
  const parse = async (f: Files) => {
    const r = await parseBundle(new Map(Object.entries(f).map(([k, v]) => [k, enc(v)])));
    if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
    return r.dataset;
  };
  const ds = await parse(files);
  const plan = ds.plans[0];
  const query = ds.queries.find((q) => q.sourceId === plan.query)!;
  const byId = new Map(ds.pois.map((p) => [p.sourceId, p]));
  return {
    format,
    raw: plan.raw,
    itinerary: plan.itinerary,
    query,
    request: { days: query.days, startDate: query.startDate, origin: query.origin, preferences: query.preferences },
    pois: ds.pois,
    places: (id) => byId.get(id) ?? null,
    dslPois: ds.pois.map((p) => ({
      name: p.name,
      city: p.destination,
      kind: p.kind === "HOTEL" ? "hotel" : p.kind.toLowerCase(),
      type: p.tags.at(-1) ?? null,
      recommendedMinutes: p.recommendedMinutes,
      lat: p.lat,
      lon: p.lon,
    })),
    id(name) {
      const p = ds.pois.find((x) => x.name === name);
      if (!p) throw new Error(`no POI named ${name}`);
      return p.sourceId;
    },
    reimport: async (record) => (await parse({ ...files, ...wrap(record) })).plans[0].itinerary,
  };
}

/** A ChinaTravel plan of lib/constraints/fixtures/chinatravel-real/plans (en-day6: six days in Chongqing). */
export function chinaTravel(name = "en-day6"): Promise<RealPlan> {
  const plan = JSON.parse(read(`../constraints/fixtures/chinatravel-real/plans/${name}.json`));
  const cities = new Set([plan.target_city]);
  const pois = (JSON.parse(read("../constraints/fixtures/chinatravel-real/pois.json")) as { city: string }[])
    .map((p, i) => ({ id: `poi-${i + 1}`, ...p }))
    .filter((p) => cities.has(p.city));
  const wrap = (raw: unknown) => ({ "plans.json": [{ id: name, uid: "q", model: "nesy", plan: raw }] });
  return load(
    "CHINATRAVEL",
    {
      "manifest.json": {
        format: "chinatravel",
        name: "ChinaTravel real",
        destinations: [{ name: plan.target_city, country: "China", lat: 29.56, lon: 106.55 }],
      },
      "queries.json": [
        {
          uid: "q",
          nature_language: `${plan.itinerary.length} days in ${plan.target_city}`,
          start_city: plan.start_city,
          target_city: plan.target_city,
          days: plan.itinerary.length,
          people_number: plan.people_number,
        },
      ],
      "pois.json": pois,
      ...wrap(plan),
    },
    wrap,
  );
}

const poi = (id: string, name: string, kind: string, lat: number, lon: number, more: Files = {}) => ({
  id,
  name,
  kind,
  lat,
  lon,
  ...more,
});

/** TripCraft's sample evaluation record: three days from Savannah to Baltimore from Monday 2024-11-18. */
export function tripCraft(): Promise<RealPlan> {
  const record = JSON.parse(read("../datasets/importers/fixtures/real/tripcraft-sample-evaluation.jsonl").trim());
  const city = "Baltimore";
  const pois = [
    poi("b1", "Peabody Library", "attraction", 39.2975, -76.6155, { opentime: "10:00", endtime: "21:00" }),
    // Open Wednesday to Sunday, 10:00–17:00 (artbma.org): closed on Monday and Tuesday.
    poi("b2", "Baltimore Museum of Art", "attraction", 39.3266, -76.6195, {
      opentime: "10:00",
      endtime: "17:00",
      closedWeekdays: [1, 2],
    }),
    poi("b3", "Charleston Restaurant", "restaurant", 39.2823, -76.5985),
    poi("b4", "The Capital Grille", "restaurant", 39.2866, -76.6083),
    poi("b5", "Luxe Houseboat: Stunning Inner Harbor 360 Views", "hotel", 39.2846, -76.6053),
    poi("b6", "Gertrude's Chesapeake Kitchen", "restaurant", 39.3262, -76.6193),
    poi("b7", "American Visionary Art Museum", "attraction", 39.2802, -76.6076),
    poi("b8", "La Scala", "restaurant", 39.2861, -76.6006),
    poi("b9", "Inner Harbor", "attraction", 39.2854, -76.6126),
    poi("b10", "Alexander\u2019s Tavern", "restaurant", 39.2838, -76.5921),
    poi("b11", "CLAVEL", "restaurant", 39.3225, -76.6295),
    poi("b12", "Phillips Seafood", "restaurant", 39.2862, -76.6093),
    poi("b13", "Federal Hill Park", "attraction", 39.2799, -76.6098),
    poi("b14", "Fort McHenry National Monument", "attraction", 39.2633, -76.5797),
    poi("b15", "Hotel Revival", "hotel", 39.2977, -76.6158, { stars: 4 }),
    poi("b16", "Faidley's Seafood", "restaurant", 39.2916, -76.6226),
    poi("b17", "Penn Station", "station", 39.3077, -76.6157),
  ].map((p) => ({ ...p, city }));
  const wrap = (raw: unknown) => ({
    "plans.jsonl": JSON.stringify({ ...record, plan: (raw as { plan: unknown }).plan }),
  });
  return load(
    "TRIPCRAFT",
    {
      "manifest.json": {
        format: "tripcraft",
        name: "TripCraft sample",
        destinations: [{ name: city, country: "USA", lat: 39.29, lon: -76.61 }],
      },
      "plans.jsonl": read("../datasets/importers/fixtures/real/tripcraft-sample-evaluation.jsonl"),
      "pois.json": pois,
    },
    wrap,
  );
}

/** TripScore's appendix K.5 itinerary: three days in Beijing from Shanghai. */
export function tripScore(): Promise<RealPlan> {
  const city = "Beijing";
  const pois = [
    poi("0001", "Beijing Zoo", "attraction", 39.9419, 116.3356, { opentime: "07:30", endtime: "17:00" }),
    poi("0002", "Beijing Tiantan Mansion Hotel", "hotel", 39.8784, 116.4083, { stars: 4 }),
    poi("0003", "Universal Beijing Resort", "attraction", 39.8526, 116.6836),
    poi("0004", "Temple of Heaven", "attraction", 39.8822, 116.4066, { opentime: "06:00", endtime: "22:00" }),
    poi("0005", "Summer Palace", "attraction", 39.9999, 116.2755),
    poi("0006", "Beijing Hotel", "hotel", 39.9087, 116.4102, { stars: 5 }),
    poi("0007", "Quanjude (Qianmen)", "restaurant", 39.8973, 116.3975),
  ].map((p) => ({ ...p, city }));
  const wrap = (raw: unknown) => ({ "plans.json": [{ id: "k5-plan", queryId: "k5", model: "react", plan: raw }] });
  return load(
    "TRIPSCORE",
    {
      "manifest.json": {
        format: "tripscore",
        name: "TripScore K.5",
        destinations: [{ name: city, country: "China", lat: 39.9042, lon: 116.4074 }],
      },
      "queries.json": [JSON.parse(read("../datasets/importers/fixtures/real/tripscore-k5-query.json"))],
      "pois.json": pois,
      "transports.json": [{ id: "1001", name: "T110", mode: "train", from: "Shanghai", to: "Beijing" }],
      ...wrap(JSON.parse(read("../datasets/importers/fixtures/real/tripscore-k5-plan.json"))),
    },
    wrap,
  );
}
