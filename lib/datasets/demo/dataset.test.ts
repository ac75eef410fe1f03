import assert from "node:assert/strict";
import { test } from "node:test";
import { normalizedDatasetSchema } from "../normalized";
import { haversineKm } from "../../kernel";
import { minutesOf, type Itinerary } from "../itinerary/model";
import { DEMO_CITIES } from "./cities";
import { buildDemoDataset, demoWithFlaws } from "./dataset";
import { weekday } from "./planner";

const { ds, flaws } = demoWithFlaws();
const poiById = new Map(DEMO_CITIES.flatMap((c) => c.pois.map((p) => [p.id, p])));
const flawOf = (plan: { sourceId: string }) => flaws.get(plan.sourceId);

test("the demo has ≥3 destinations in different countries, ~30 requests, 2+ plans each from different models", () => {
  assert.doesNotThrow(() => normalizedDatasetSchema.parse(ds));
  assert.ok(new Set(ds.destinations.map((d) => d.country)).size >= 3);
  assert.ok(ds.queries.length >= 28 && ds.queries.length <= 35, `${ds.queries.length} requests`);
  for (const q of ds.queries) {
    const plans = ds.plans.filter((p) => p.query === q.sourceId);
    assert.ok(plans.length >= 2, q.sourceId);
    assert.equal(new Set(plans.map((p) => p.model)).size, plans.length, `${q.sourceId}: models differ`);
  }
  assert.equal(ds.pairs, null); // every two plans of a request form a pair: at least one per request
});

test("the demo is deterministic; a plan's record is its itinerary, which names no flaw", () => {
  assert.deepEqual(buildDemoDataset(), ds);
  for (const p of ds.plans) assert.deepEqual(p.raw, p.itinerary);
  assert.doesNotMatch(JSON.stringify(ds.plans.map((p) => p.raw)), /"flaw"|overpacked|hotelhop|backtrack/);
});

function attractionVisits(it: Itinerary) {
  return it.days.flatMap((d, i) =>
    d.items.filter((x) => x.kind === "attraction").map((x) => ({ item: x, dayIndex: i })),
  );
}

test("careful plans visit attractions on open days within opening hours, in town, from one hotel", () => {
  for (const plan of ds.plans.filter((p) => flawOf(p) === "none")) {
    const q = ds.queries.find((x) => x.sourceId === plan.query)!;
    for (const { item, dayIndex } of attractionVisits(plan.itinerary)) {
      const poi = poiById.get(item.poiId!)!;
      assert.ok(!poi.closed.includes(weekday(q.startDate!, dayIndex)), `${plan.sourceId}: ${poi.name} closed that day`);
      assert.ok(minutesOf(item.startTime!) >= minutesOf(poi.open), `${plan.sourceId}: ${poi.name} before opening`);
    }
    const hotels = new Set(
      plan.itinerary.days.flatMap((d) => d.items.filter((x) => x.kind === "hotel").map((x) => x.poiId)),
    );
    assert.ok(hotels.size <= 1, `${plan.sourceId}: one hotel`);
    for (const day of plan.itinerary.days) {
      const times = day.items.filter((x) => x.startTime).map((x) => minutesOf(x.startTime!));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
        `${plan.sourceId} day ${day.day}: chronological`,
      );
    }
  }
});

test("flawed plans carry the flaw a judge should catch", () => {
  const flawed = (f: string) => ds.plans.filter((p) => flawOf(p) === f);
  for (const f of ["hotelhop", "closed", "backtrack", "overpacked"])
    assert.ok(flawed(f).length > 0, `demo has ${f} plans`);
  for (const plan of flawed("hotelhop")) {
    const nightly = plan.itinerary.days.flatMap((d) => d.items.filter((x) => x.kind === "hotel").map((x) => x.poiId));
    assert.equal(new Set(nightly).size, nightly.length, `${plan.sourceId}: a new hotel every night`);
  }
  for (const plan of flawed("closed")) {
    const q = ds.queries.find((x) => x.sourceId === plan.query)!;
    const closedVisit = attractionVisits(plan.itinerary).some(({ item, dayIndex }) =>
      poiById.get(item.poiId!)!.closed.includes(weekday(q.startDate!, dayIndex)),
    );
    assert.ok(closedVisit, `${plan.sourceId}: visits a closed site`);
  }
  const hop = (it: Itinerary) => {
    const legs = it.days.flatMap((d) => d.items.flatMap((x) => x.legs.map((l) => l.distanceKm ?? 0)));
    return legs.reduce((a, b) => a + b, 0) / legs.length;
  };
  // Backtracking plans hop farther on average than the careful plan of the same request.
  for (const plan of flawed("backtrack")) {
    const good = ds.plans.find((p) => p.query === plan.query && flawOf(p) === "none")!;
    assert.ok(hop(plan.itinerary) > hop(good.itinerary), `${plan.sourceId} travels more`);
  }
});

test("demo coordinates sit in their city", () => {
  for (const c of DEMO_CITIES)
    for (const p of c.pois) assert.ok(haversineKm(c.lat, c.lon, p.lat, p.lon) < 40, `${p.name} near ${c.name}`);
});
