/** The demo dataset: ~30 requests over four real cities, 2–3 plans each from different "models". */
import type { NormalizedDataset } from "../normalized";
import { pick, seededRandom, shuffle } from "../../kernel";
import { DEMO_CITIES, type DemoCity } from "./cities";
import { flawApplies, planTrip, weekday, type Budget, type Flaw, type Pace, type TripRequest } from "./planner";

const MODELS = ["atlas-7b", "meridian-70b", "voyager-pro"];
const INTERESTS = [
  ["museum", "art"],
  ["history", "archaeology"],
  ["nature", "park", "garden"],
  ["landmark", "viewpoint"],
  ["temple", "church", "history"],
  ["food", "market"],
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const FLAWS: Flaw[] = ["backtrack", "hotelhop", "closed", "overpacked"];

/** Machine-made DRAFT constraints (ChinaTravel's DSL) for each demo request, for experts to revise. */
function demoConstraints(days: number): { code: string; note: string }[] {
  return [
    { note: `The plan covers the ${days} requested days`, code: `result = day_count(plan) == ${days}` },
    {
      note: "One hotel for the whole stay",
      code: "hotels = set()\nfor activity in allactivities(plan):\n    if activity_type(activity) == 'accommodation':\n        hotels.add(activity_position(activity))\ncount = 0\nfor h in hotels:\n    count += 1\nresult = count <= 1",
    },
    {
      note: "Lunch and dinner every day",
      code: "result = True\nd = 1\nwhile d <= day_count(plan):\n    meals = set()\n    for activity in dayactivities(plan, d):\n        meals.add(activity_type(activity))\n    if not ({'lunch', 'dinner'} <= meals):\n        result = False\n    d += 1",
    },
  ];
}

function requestText(city: DemoCity, r: TripRequest): string {
  const who =
    r.people === 1 ? "I am travelling alone" : r.people === 2 ? "We are a couple" : `We are ${r.people} friends`;
  const pace = {
    relaxed: "a relaxed pace with time to breathe",
    moderate: "a balanced pace",
    intense: "to see as much as possible",
  }[r.pace];
  const start = `${r.startDate} (${WEEKDAYS[weekday(r.startDate, 0)]})`;
  return (
    `${who}, going from ${r.origin} to ${city.name} for ${r.days} days starting ${start}. ` +
    `Our budget is ${r.budget}; we want ${pace}. We are most interested in ${r.interests.slice(0, 2).join(" and ")}. ` +
    `Please plan hotels, meals and how we get around.`
  );
}

export function buildDemoDataset(seed = 20261122, queriesPerCity = [8, 7, 8, 7]): NormalizedDataset {
  return demoWithFlaws(seed, queriesPerCity).ds;
}

/**
 * The demo and, beside it, the flaw each plan was written with (by source id). The flaw stays out of the plan's
 * record: an export's assistant turn is the record, and a label in it would give the answer away.
 */
export function demoWithFlaws(
  seed = 20261122,
  queriesPerCity = [8, 7, 8, 7],
): { ds: NormalizedDataset; flaws: Map<string, Flaw> } {
  const flawOfPlan = new Map<string, Flaw>();
  const rng = seededRandom(seed);
  const ds: NormalizedDataset = {
    name: "TripJudge demo",
    format: "CANONICAL",
    destinations: [],
    pois: [],
    queries: [],
    plans: [],
    pairs: null,
  };
  DEMO_CITIES.forEach((city, ci) => {
    ds.destinations.push({ key: city.key, name: city.name, country: city.country, lat: city.lat, lon: city.lon });
    for (const p of city.pois) {
      ds.pois.push({
        sourceId: p.id,
        destination: city.key,
        name: p.name,
        kind: p.kind,
        lat: p.lat,
        lon: p.lon,
        tags: p.tags,
        openingHours: { open: p.open, close: p.close, closedWeekdays: p.closed },
        price: p.price,
        stars: p.stars ?? null,
        recommendedMinutes: p.minutes ?? null,
      });
    }
    for (let q = 0; q < queriesPerCity[ci % queriesPerCity.length]; q++) {
      const month = 3 + Math.floor(rng() * 7);
      const dayOfMonth = 1 + Math.floor(rng() * 27);
      const req: TripRequest = {
        days: 2 + Math.floor(rng() * 3),
        startDate: `2026-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`,
        people: 1 + Math.floor(rng() * 4),
        origin: pick(rng, city.origins),
        budget: pick(rng, ["economy", "comfortable", "high-end"] as Budget[]),
        pace: pick(rng, ["relaxed", "moderate", "intense"] as Pace[]),
        interests: pick(rng, INTERESTS),
      };
      const queryId = `${city.key}-q${q + 1}`;
      ds.queries.push({
        sourceId: queryId,
        destination: city.key,
        text: requestText(city, req),
        origin: req.origin,
        days: req.days,
        people: req.people,
        startDate: req.startDate,
        preferences: { budget: req.budget, pace: req.pace, attractionTypes: req.interests, currency: city.currency },
        split: "demo",
        raw: req,
        dsl: demoConstraints(req.days),
      });
      // One careful plan and one or two flawed ones, under shuffled model names.
      const applicable = shuffle(rng, FLAWS).filter((f) => flawApplies(city, req, f));
      const flaws: Flaw[] = ["none", ...applicable.slice(0, rng() < 0.5 ? 1 : 2)];
      const models = shuffle(rng, MODELS);
      flaws.forEach((flaw, i) => {
        const itinerary = planTrip(city, req, flaw, rng);
        flawOfPlan.set(`${queryId}-p${i + 1}`, flaw);
        // A canonical dataset publishes the canonical itinerary.
        ds.plans.push({
          sourceId: `${queryId}-p${i + 1}`,
          query: queryId,
          model: models[i],
          raw: itinerary,
          itinerary,
        });
      });
    }
  });
  return { ds, flaws: flawOfPlan };
}
