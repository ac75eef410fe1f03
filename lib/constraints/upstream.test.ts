/**
 * The rules TripJudge takes from ChinaTravel's June 2026 evaluator (see ./upstream.ts), each on the case that
 * tells the old and the new behaviour apart. Values are those of ChinaTravel's own code on the same inputs.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, evaluate, fromJs, planScope, type DslPoi } from ".";
import { normalizeConceptSource, repairLegacyLiterals } from "./upstream";

const poi = (
  name: string,
  city: string,
  kind: string,
  type: string | null,
  lat: number,
  lon: number,
  recommendedMinutes: number | null = 60,
): DslPoi => ({ name, city, kind, type, lat, lon, recommendedMinutes });
const pois = [
  poi("Chengdu Museum", "Chengdu", "attraction", "Art Museum", 30.6574, 104.0596, 120),
  poi("Wide and Narrow Alley", "Chengdu", "attraction", null, 30.6708, 104.056, null),
  poi("Chen Mapo Tofu", "Chengdu", "restaurant", "Sichuan cuisine", 30.6675, 104.0617),
  poi("Hotpot House", "Chengdu", "restaurant", "hot pot", 30.66, 104.07),
  poi("Atour Hotel", "Chengdu", "hotel", "Swimming pool", 30.65, 104.08),
];
const leg = (s: string, e: string, mode = "walk") => ({
  start: "a",
  end: "b",
  mode,
  start_time: s,
  end_time: e,
  cost: 0,
  distance: 0.5,
});
const plan = {
  people_number: 1,
  start_city: "Shanghai",
  target_city: "Chengdu",
  itinerary: [
    {
      day: 1,
      activities: [
        {
          start_time: "06:25",
          end_time: "09:58",
          start: "Shanghai Hongqiao Railway Station",
          end: "Chengdu East Railway Station",
          type: "train",
          cost: 500,
          tickets: 1,
          transports: [],
        },
        {
          position: "Chengdu Museum",
          type: "attraction",
          start_time: "11:00",
          end_time: "13:00",
          cost: 0,
          tickets: 1,
          transports: [leg("10:00", "10:10"), leg("10:30", "10:40", "metro"), leg("10:45", "10:50")],
        },
        {
          position: "Chen Mapo Tofu",
          type: "lunch",
          start_time: "13:30",
          end_time: "14:30",
          cost: 80,
          transports: [leg("13:00", "13:20", "taxi")],
        },
        {
          position: "Unknown Noodles",
          type: "dinner",
          start_time: "18:00",
          end_time: "19:00",
          cost: 30,
          transports: [],
        },
        {
          position: "Atour Hotel",
          type: "accommodation",
          start_time: "20:00",
          end_time: "24:00",
          cost: 300,
          rooms: 1,
          room_type: 1,
          transports: [],
        },
      ],
    },
  ],
};
const scope = planScope(fromJs(plan), pois);
const value = (code: string) => {
  const r = evaluate(code, scope);
  assert.equal(r.error, null, JSON.stringify(r.error));
  return r.value;
};
const acts = "allactivities(plan)";

test("_normalize_legacy_hard_logic_py: a single-quoted POI name holding a quote compiles, in both generated shapes", () => {
  const code =
    "result = False\nfor activity in allactivities(plan):\n    if activity_position(activity) == 'Peppa Pig's Happy Land (Chengdu Branch)':\n        result = True\n";
  assert.equal(
    repairLegacyLiterals(code).split("\n")[2],
    `    if activity_position(activity) == "Peppa Pig's Happy Land (Chengdu Branch)":`,
  );
  assert.deepEqual(evaluate(code, scope), { result: false, value: false, error: null });
  assert.deepEqual(check(code), []);
  const dist =
    "accommodation_position = 'Atour Hotel'\nresult = poi_distance(target_city(plan), 'Chen Mapo Tofu's', accommodation_position) < 5";
  assert.match(
    repairLegacyLiterals(dist),
    /poi_distance\(target_city\(plan\), "Chen Mapo Tofu's", accommodation_position\)/,
  );
  // Other single-quoted literals are left as they are, and stay a SyntaxError, as upstream.
  assert.equal(evaluate("result = 'it's'", scope).error?.type, "SyntaxError");
});

test("normalize_concept_constraint_source and normalize_concept_value: English labels meet on both sides", () => {
  assert.equal(
    normalizeConceptSource(`x = {'Art Museum', "Swimming pool"} | {'Art Museums'}`),
    `x = {'Art museum', "Swimming Pool"} | {'Art Museums'}`,
  );
  assert.equal(value(`result = attraction_type(${acts}[1], target_city(plan))`), "Art museum");
  assert.equal(value(`result = attraction_type(${acts}[1], target_city(plan)) == 'Art Museum'`), true);
  assert.equal(value(`result = accommodation_type(${acts}[4], target_city(plan))`), "Swimming Pool");
  assert.equal(value(`result = restaurant_type(${acts}[2], 'Chengdu')`), "Sichuan cuisine");
});

test("not-found lookups return ChinaTravel's sentinels; an unknown city is a KeyError", () => {
  assert.equal(value(`result = restaurant_type(${acts}[3], target_city(plan))`), "empty");
  assert.equal(value(`result = attraction_type(${acts}[3], target_city(plan))`), "");
  assert.equal(value(`result = accommodation_type(${acts}[3], target_city(plan))`), "");
  assert.equal(value("result = innercity_transport_type([])"), "empty");
  assert.equal(value("result = intercity_transport_type({})"), "empty");
  assert.equal(value("result = taxi_cars([{'mode': 'taxi'}])"), "invalid input");
  assert.equal(value("result = taxi_cars([])"), "invalid input");
  assert.equal(value("result = taxi_cars([{'cars': 2}])"), 2);
  assert.equal(evaluate(`result = restaurant_type(${acts}[2], 'Atlantis')`, scope).error?.type, "KeyError");
  // An empty type cell is pandas' NaN, equal to nothing.
  assert.equal(
    value(
      `result = attraction_type(${acts}[1], 'Chengdu') == attraction_type({'position': 'Wide and Narrow Alley'}, 'Chengdu')`,
    ),
    false,
  );
});

test("intercity_transport_origin / _destination know English city names", () => {
  assert.equal(value(`result = intercity_transport_origin(${acts}[0])`), "Shanghai");
  assert.equal(value(`result = intercity_transport_destination(${acts}[0])`), "Chengdu");
  assert.equal(value("result = intercity_transport_origin({'start': '南京南站'})"), "南京");
});

test("innercity_transport_time adds up the legs and accepts a mode", () => {
  assert.equal(value(`result = innercity_transport_time(activity_transports(${acts}[1]))`), 25); // 10 + 10 + 5, not 10:00→10:50
  assert.equal(
    value(
      "result = innercity_transport_time([{'start_time': '10:00', 'end_time': '10:10'}, {'start_time': '10:30', 'end_time': '10:40'}], 'walk')",
    ),
    20,
  );
  assert.equal(value("result = innercity_transport_time([], mode='taxi')"), 0);
});

test("poi_distance: geodesic on WGS-84 (geopy's), optional start time and mode, keywords", () => {
  // geopy.distance.geodesic((30.6574, 104.0596), (30.6675, 104.0617)).kilometers
  const d = value("result = poi_distance('Chengdu', 'Chengdu Museum', 'Chen Mapo Tofu')") as number;
  assert.ok(Math.abs(d - 1.1376670714185293) < 1e-9, String(d));
  assert.equal(value("result = poi_distance('Chengdu', 'Chengdu Museum', 'Chen Mapo Tofu', '10:00', 'taxi')"), 1.14);
  assert.equal(
    value(
      "result = poi_distance('Chengdu', 'Chengdu Museum', 'Chen Mapo Tofu', transport_type='walk') == poi_distance('Chengdu', 'Chengdu Museum', 'Chen Mapo Tofu')",
    ),
    true,
  );
  assert.equal(
    evaluate("result = poi_distance('Chengdu', 'Chengdu Museum', 'Chen Mapo Tofu', '10:00', 'bike')", scope).error
      ?.type,
    "TypeError",
  );
  assert.equal(evaluate("result = poi_distance('Chengdu', 'Chengdu Museum', 'Nowhere')", scope).result, false);
  assert.equal(
    evaluate("result = poi_distance('Chengdu', 'Chengdu Museum')", scope).error?.message,
    "poi_distance() missing 1 required positional argument: 'poi2'",
  );
});

test("exec's locals: a comprehension or generator expression cannot see the concept functions, plan or the snippet's variables", () => {
  const comp = evaluate(`result = len([activity_type(a) for a in ${acts}]) > 0`, scope);
  assert.equal(comp.result, false);
  const c = evaluate(`result = {activity_type(a) for a in ${acts}} >= {'train'}`, scope);
  assert.deepEqual(
    [c.result, c.error?.type, c.error?.message],
    [false, "NameError", "name 'activity_type' is not defined"],
  );
  assert.match(c.error!.hint!, /fails in ChinaTravel's evaluator too/);
  assert.equal(
    evaluate("limit = 2\nresult = set(x for x in [1, 2, 3] if x < limit) == {1}", scope).error?.message,
    "name 'limit' is not defined",
  );
  // The first iterable is evaluated outside, and set() is a built-in: these work there and here.
  assert.equal(value(`result = set([a['type'] for a in ${acts}]) >= {'train', 'lunch'}`), true);
  assert.equal(value("result = [set([y]) for y in [1]] == [{1}]"), true);
  assert.deepEqual(
    check(`result = {activity_type(a) for a in ${acts}}`).map((e) => [e.severity, e.message, e.line, e.column]),
    [["error", "name 'activity_type' is not defined", 1, 11]],
  );
});

test("poi_recommend_time is the recommended minutes; an empty cell is NaN", () => {
  assert.equal(value("result = poi_recommend_time('Chengdu', 'Chengdu Museum')"), 120);
  assert.equal(value("result = poi_recommend_time('Chengdu', 'Wide and Narrow Alley') > 0"), false);
});
