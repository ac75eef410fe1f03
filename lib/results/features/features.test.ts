import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyItem, type Day, type Item, type Itinerary } from "../../datasets";
import { commonsenseViolations, computeFeatures, DEFAULT_WEIGHTS, reward, type PlanFeatures } from ".";
import {
  attractionPreference,
  budgetPreference,
  daytimeUtilization,
  effortClasses,
  effortPreference,
  hotelConsistency,
  locationClustering,
  pacingPreference,
  scheduleDensity,
  uniqueAttractions,
  type PoiFacts,
} from "./rules";

const POIS: Record<string, PoiFacts> = {
  museum: {
    tags: ["museum", "art"],
    stars: null,
    recommendedMinutes: 120,
    openingHours: { open: "09:00", close: "17:00", closedWeekdays: [1] },
  },
  park: { tags: ["park", "nature"], stars: null, recommendedMinutes: 60, openingHours: null },
  peak: { tags: ["mountain", "hiking"], stars: null, recommendedMinutes: 240, openingHours: null },
  h2: { tags: [], stars: 2, recommendedMinutes: null, openingHours: null },
  h4: { tags: [], stars: 4, recommendedMinutes: null, openingHours: null },
  h5: { tags: [], stars: 5, recommendedMinutes: null, openingHours: null },
};
const poiOf = (id: string) => POIS[id] ?? null;

function item(
  kind: Item["kind"],
  name: string,
  start: string | null,
  end: string | null,
  extra: Partial<Item> = {},
): Item {
  return { ...emptyItem(kind, name), startTime: start, endTime: end, city: "X", ...extra };
}
const at = (lat: number, lon: number) => ({ lat, lon });
function plan(days: Item[][]): Itinerary {
  return {
    title: null,
    startCity: null,
    targetCity: "X",
    people: 1,
    judgedScores: null,
    days: days.map((items, i): Day => ({ day: i + 1, title: null, items })),
  };
}

test("schedule density: days above the upper or below the lower bound of activity hours count against it", () => {
  const fine = [item("attraction", "A", "09:00", "12:00"), item("meal", "L", "12:30", "13:30")];
  const empty = [item("meal", "L", "12:00", "13:00")];
  const marathon = [item("attraction", "A", "07:00", "20:30")];
  assert.equal(scheduleDensity(plan([fine, fine]), poiOf), 1);
  assert.equal(scheduleDensity(plan([fine, empty, marathon, fine]), poiOf), 0.5);
  // A travel day has no lower bound.
  const travel = [
    item("transport", "T", "08:00", "11:00", {
      transport: { mode: "train", number: "G1", from: "a", to: "b", distanceKm: null },
    }),
  ];
  assert.equal(scheduleDensity(plan([travel, fine]), poiOf), 1);
});

test("hotel consistency: 1 − switches within a city / hotel nights", () => {
  const h = (id: string) => item("hotel", id, "21:00", null, { poiId: id });
  assert.equal(hotelConsistency(plan([[h("h4")], [h("h4")], [h("h4")], []])), 1);
  assert.equal(hotelConsistency(plan([[h("h4")], [h("h5")], [h("h2")], []])), 1 - 2 / 3);
  assert.equal(hotelConsistency(plan([[h("h4")], [h("h4")], [h("h5")], []])), 1 - 1 / 3);
  // A move to another city is not a switch.
  assert.equal(hotelConsistency(plan([[h("h4")], [{ ...h("h5"), city: "Y" }], []])), 1);
  assert.equal(hotelConsistency(plan([[item("attraction", "A", "09:00", "10:00")]])), null);
});

test("daytime utilization: a day with nothing in the morning or afternoon is idle", () => {
  const morning = [item("attraction", "A", "09:00", "11:00")];
  const eveningOnly = [item("meal", "D", "19:00", "20:00")];
  const byPeriod = [{ ...item("attraction", "B", null, null), period: "Afternoon" as const }];
  assert.equal(daytimeUtilization(plan([morning, eveningOnly, byPeriod, eveningOnly])), 0.5);
});

test("unique attractions: the formula on hand-computed cases", () => {
  const a = (n: string) => item("attraction", n, null, null);
  // No repeats.
  assert.equal(uniqueAttractions(plan([[a("A"), a("B")], [a("C")]])), 1);
  // Consecutive repeat (A, A) is not a non-consecutive duplicate.
  assert.equal(uniqueAttractions(plan([[a("A"), a("A"), a("B")]])), 1);
  // A at positions 1 and 3 of 4 attractions: 1 − 1/4 − 0.05·(2−1)²/4 = 0.7375.
  assert.ok(
    Math.abs(
      uniqueAttractions(
        plan([
          [a("A"), a("B")],
          [a("A"), a("C")],
        ]),
      )! - 0.7375,
    ) < 1e-12,
  );
  // A three times (non-consecutive) among 5, B twice: 1 − 2/5 − (0.05·4 + 0.05·1)/5 = 0.55.
  assert.ok(
    Math.abs(
      uniqueAttractions(
        plan([
          [a("A"), a("B"), a("A")],
          [a("B"), a("A")],
        ]),
      )! - 0.55,
    ) < 1e-12,
  );
  // ABABABA: 1 − 2/7 − (0.05·9 + 0.05·4)/7.
  assert.ok(
    Math.abs(
      uniqueAttractions(plan([[a("A"), a("B"), a("A"), a("B"), a("A"), a("B"), a("A")]]))! - (1 - 2 / 7 - 0.65 / 7),
    ) < 1e-12,
  );
  // Floors at 0: A 25 times with B between (24 times): 2/49 + 0.05·(576 + 529)/49 > 1.
  const many = Array.from({ length: 49 }, (_, i) => a(i % 2 ? "B" : "A"));
  assert.equal(uniqueAttractions(plan([many])), 0);
  assert.equal(uniqueAttractions(plan([[item("meal", "M", null, null)]])), null);
});

test("location clustering: penalizes same-day hops among the plan's longest distances", () => {
  const p = (n: string, lat: number, lon: number) => item("attraction", n, null, null, at(lat, lon));
  const tight = plan([
    [p("a", 0, 0), p("b", 0, 0.01), p("c", 0, 0.02)],
    [p("d", 1, 0), p("e", 1, 0.01), p("f", 1, 0.02)],
  ]);
  assert.equal(locationClustering(tight), 1);
  const zigzag = plan([
    [p("a", 0, 0), p("d", 1, 0), p("b", 0, 0.01)],
    [p("e", 1, 0.01), p("c", 0, 0.02), p("f", 1, 0.02)],
  ]);
  // 4 cross-town hops; the two longest of them fall in the top 20 % of the 15 distances.
  assert.equal(locationClustering(zigzag), 0.5);
  assert.equal(locationClustering(plan([[p("a", 0, 0)]])), null);
});

test("preferences: budget stars, pacing hours, attraction tags, physical effort", () => {
  const h = (id: string) => item("hotel", id, "21:00", null, { poiId: id });
  const nights = plan([[h("h4")], [h("h5")], []]);
  assert.equal(budgetPreference(nights, "comfortable", poiOf), 0.5);
  assert.equal(budgetPreference(nights, "high-end", poiOf), 0.5);
  assert.equal(budgetPreference(nights, "economy", poiOf), 0);
  assert.equal(budgetPreference(nights, undefined, poiOf), null);

  const long = [item("attraction", "A", "08:00", "18:00")];
  const short = [item("attraction", "A", "10:00", "12:00")];
  assert.equal(pacingPreference(plan([short, short]), "relaxed", poiOf), 1);
  assert.equal(pacingPreference(plan([long, long]), "relaxed", poiOf), 0); // 10 h vs ≤ 6 h, 3 h slack
  assert.equal(pacingPreference(plan([long, short]), "intense", poiOf), 0.5);

  const tagged = plan([
    [item("attraction", "M", null, null, { poiId: "museum" }), item("attraction", "P", null, null, { poiId: "park" })],
  ]);
  assert.equal(attractionPreference(tagged, ["museum"], poiOf), 0.5);
  assert.equal(attractionPreference(tagged, "nature", poiOf), 0.5);
  assert.equal(attractionPreference(tagged, [], poiOf), null);

  const hike = [item("attraction", "Peak", null, null, { poiId: "peak" })];
  const rest = [item("attraction", "M", null, null, { poiId: "museum" })];
  // Hiking on days 1 and 2 (consecutive exertion: strenuous), day 3 next to exertion (moderate), day 5 light.
  assert.deepEqual(effortClasses(plan([hike, hike, rest, rest, rest]), poiOf), [
    "strenuous",
    "strenuous",
    "moderate",
    "light",
    "light",
  ]);
  assert.equal(effortPreference(plan([hike, rest, rest]), "moderate", poiOf), 2 / 3);
});

test("commonsense: overlaps, closed days, opening hours, nights and trips there and back", () => {
  const q = { days: 2, startDate: "2026-06-01", origin: "Y", preferences: {} }; // 2026-06-01 is a Monday
  const train = (n: string, s: string, e: string) =>
    item("transport", n, s, e, { transport: { mode: "train", number: n, from: "a", to: "b", distanceKm: null } });
  const good = plan([
    [
      train("G1", "07:00", "09:00"),
      item("attraction", "Park", "09:30", "11:00", { poiId: "park" }),
      item("hotel", "H", "21:00", null, { poiId: "h4" }),
    ],
    [item("attraction", "Museum", "10:00", "12:00", { poiId: "museum" }), train("G2", "17:00", "19:00")],
  ]);
  assert.deepEqual(commonsenseViolations(good, q, poiOf), []);
  const bad = plan([
    [train("G1", "07:00", "09:00"), item("attraction", "Museum", "08:30", "11:00", { poiId: "museum" })],
    [item("attraction", "Museum", "16:00", "18:00", { poiId: "museum" })],
  ]);
  assert.deepEqual(commonsenseViolations(bad, q, poiOf), [
    "day 1: Museum starts at 08:30, before G1 ends",
    "day 1: Museum is closed that day",
    "day 2: Museum visited outside its opening hours (09:00–17:00)",
    "a night without accommodation",
    "no transport back on the last day",
  ]);
  const report = computeFeatures(bad, q, poiOf);
  assert.equal(report.features.commonsense, -1);
  assert.equal(reward(report.features, DEFAULT_WEIGHTS), 0);
  const wrongLength = computeFeatures(good, { ...q, days: 3 }, poiOf);
  assert.equal(wrongLength.features.format, -3);
  assert.equal(reward(wrongLength.features, DEFAULT_WEIGHTS), -3);
});

test("reward: gates plus weighted means, nulls left out of numerator and denominator", () => {
  const f: PlanFeatures = {
    format: 1,
    commonsense: 1,
    schedule_density: 1,
    hotel_consistency: 0.5,
    daytime_utilization: null,
    unique_attractions: null,
    location_clustering: null,
    iconic_landmarks: null,
    attraction_diversity: null,
    attraction_prioritization: null,
    pacing: 0.25,
    budget: null,
    physical_effort: null,
    user_request: null,
  };
  const soft = (0.7 * 1 + 0.5 * 0.5) / (0.7 + 0.5);
  assert.ok(Math.abs(reward(f, DEFAULT_WEIGHTS) - (2 + 1.0 * soft + 1.4 * 0.25)) < 1e-12);
  const none = { ...f, schedule_density: null, hotel_consistency: null, pacing: null };
  assert.equal(reward(none, DEFAULT_WEIGHTS), 2);
});
