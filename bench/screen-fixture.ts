/** The comparison screen's benchmark data: one request in "Benchville" with two 7-day plans of ~40 stops each. */
import { emptyItem, type Itinerary } from "../lib/datasets";
import { seededRandom } from "../lib/kernel";

export function plan(seed: number): Itinerary {
  const rng = seededRandom(seed);
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return {
    title: "7 days",
    startCity: "Elsewhere",
    targetCity: "Benchville",
    people: 2,
    judgedScores: null,
    days: Array.from({ length: 7 }, (_, d) => ({
      day: d + 1,
      title: null,
      items: Array.from({ length: d < 5 ? 6 : 5 }, (_, i) => ({
        ...emptyItem(i === 2 || i === 4 ? "meal" : i === 5 ? "hotel" : "attraction", `Place ${d}-${i}-${seed}`),
        lat: 30 + rng() * 0.2,
        lon: 120 + rng() * 0.2,
        city: "Benchville",
        startTime: clock(8 * 60 + i * 120),
        endTime: i === 5 ? null : clock(9 * 60 + 30 + i * 120),
        cost: 20,
        legs: i
          ? [
              {
                mode: "metro",
                from: "a",
                to: "b",
                startTime: clock(7 * 60 + 40 + i * 120),
                endTime: clock(8 * 60 + i * 120),
                distanceKm: 3.2,
                cost: 3,
              },
            ]
          : [],
      })),
    })),
  };
}

export const screenFiles: Record<string, string> = {
  "manifest.json": JSON.stringify({
    format: "canonical",
    name: "screen bench",
    destinations: [{ name: "Benchville", country: "Nowhere", lat: 30.1, lon: 120.1 }],
  }),
  "queries.json": JSON.stringify([
    {
      id: "q",
      destination: "Benchville",
      text: "Seven days in Benchville for two.",
      origin: "Elsewhere",
      days: 7,
      people: 2,
    },
  ]),
  "plans.json": JSON.stringify([
    { id: "a", queryId: "q", model: "m1", itinerary: plan(1) },
    { id: "b", queryId: "q", model: "m2", itinerary: plan(2) },
  ]),
};
