/** The demo as a canonical-format bundle, so it enters through the same importer as any dataset. */
import { textFiles, type BundleFiles } from "../importers";
import { DEMO_CITIES } from "./cities";
import { buildDemoDataset } from "./dataset";

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

export function demoBundleFiles(): BundleFiles {
  const ds = buildDemoDataset();
  const cityName = new Map(DEMO_CITIES.map((c) => [c.key, c.name]));
  return textFiles({
    "manifest.json": JSON.stringify({
      format: "canonical",
      name: ds.name,
      destinations: DEMO_CITIES.map((c) => ({ name: c.name, country: c.country, lat: c.lat, lon: c.lon })),
      requiredRaters: 3,
      pairs: "all",
    }),
    "pois.jsonl": jsonl(
      DEMO_CITIES.flatMap((c) =>
        c.pois.map((p) => ({
          id: p.id,
          name: p.name,
          city: c.name,
          kind: p.kind.toLowerCase(),
          lat: p.lat,
          lon: p.lon,
          tags: p.tags,
          opentime: p.open,
          endtime: p.close,
          closedWeekdays: p.closed,
          price: p.price,
          stars: p.stars ?? null,
          recommendMinutes: p.minutes ?? null,
        })),
      ),
    ),
    "queries.jsonl": jsonl(
      ds.queries.map((q) => ({
        id: q.sourceId,
        destination: cityName.get(q.destination),
        text: q.text,
        origin: q.origin,
        days: q.days,
        people: q.people,
        startDate: q.startDate,
        preferences: q.preferences,
        split: q.split,
        ...(q.dsl ? { dsl: q.dsl } : {}),
      })),
    ),
    "plans.jsonl": jsonl(
      ds.plans.map((p) => ({ id: p.sourceId, queryId: p.query, model: p.model, itinerary: p.itinerary, meta: p.raw })),
    ),
  });
}
