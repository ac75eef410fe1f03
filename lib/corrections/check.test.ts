/** The live check on real plans: a closed-on-Monday visit fixed, a broken check caught, DSL constraints before → after. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyAll, liveCheck, liveChecker, type OpInput } from ".";
import { FEATURE_NAMES } from "../results/features";
import { chinaTravel, tripCraft, type RealPlan } from "../testing/real-plans";

const why = { kind: "opening_hours" } as const;
function corrected(p: RealPlan, ops: OpInput[]) {
  const r = applyAll(p.itinerary, ops, p.places);
  if (!r.ok) assert.fail(r.error.message);
  return r.value;
}
const ids = (list: { id: string }[]) => list.map((d) => d.id);

test("the Baltimore Museum of Art on a Monday (TripCraft's sample): moved to Wednesday, the closed-day check is fixed", async () => {
  const p = await tripCraft();
  const ctx = { request: p.request, places: p.places };
  const moved = liveCheck(
    p.itinerary,
    corrected(p, [
      { type: "retime", day: 1, item: 3, start: "11:00", end: "13:00", reason: why },
      { type: "move", day: 1, item: 3, toDay: 3, toItem: 2, reason: why },
    ]),
    ctx,
  );
  assert.ok(moved.ok, JSON.stringify(moved.regressions));
  assert.deepEqual(ids(moved.fixed), [
    "gate:commonsense",
    "violation:day 1: Baltimore Museum of Art is closed that day",
    "rule:opening_hours|1|Baltimore Museum of Art",
  ]);
  assert.equal(
    moved.fixed[2].message,
    "Fixed, a visit outside the place's opening hours: day 1: Baltimore Museum of Art is closed that day.",
  );
  assert.deepEqual(moved.reward, { before: 0, after: moved.reward.after });
  assert.ok(moved.reward.after > 2, "the commonsense gate no longer zeroes the reward");
  // Or another museum that day: Fort McHenry is open on Mondays.
  const replaced = liveCheck(
    p.itinerary,
    corrected(p, [{ type: "replace", day: 1, item: 3, poiId: "b14", reason: why }]),
    ctx,
  );
  assert.ok(replaced.ok);
  assert.ok(ids(replaced.fixed).includes("rule:opening_hours|1|Baltimore Museum of Art"));
});

test("an edit that breaks a passing check is a regression, said in a sentence; moving it back clears it", async () => {
  const p = await chinaTravel();
  const checker = liveChecker(p.itinerary, { request: p.request, places: p.places });
  assert.equal(checker.before.checks.get("gate:commonsense")!.passed, true);
  const noHotel = checker.check(corrected(p, [{ type: "delete", day: 1, item: 6, reason: why }]));
  assert.equal(noHotel.ok, false);
  assert.deepEqual(ids(noHotel.regressions), [
    "gate:commonsense",
    "violation:a night without accommodation",
    "rule:accommodation|1|",
  ]);
  assert.equal(noHotel.regressions[0].message, "The commonsense gate now fails: a night without accommodation.");
  assert.equal(
    noHotel.regressions[2].message,
    "New problem, a night without accommodation: night after day 1: no accommodation.",
  );
  assert.equal(noHotel.reward.after, 0);
  // The zoo an hour earlier overlaps breakfast.
  const early = checker.check(
    corrected(p, [{ type: "retime", day: 2, item: 1, start: "08:15", end: "09:45", reason: why }]),
  );
  assert.ok(ids(early.regressions).includes("rule:time_order|2|Chongqing Zoo"), JSON.stringify(early.regressions));
  assert.match(
    early.regressions.find((r) => r.group === "rule")!.message,
    /Chongqing Zoo starts at 08:15, before Melia/,
  );
  // The known transfer problems of the source stay where they are: unchanged, not regressions.
  assert.ok(early.unchanged.some((u) => u.id.startsWith("rule:transfer_time|2|")));
  const same = checker.check(p.itinerary);
  assert.deepEqual([same.ok, same.fixed.length, same.regressions.length], [true, 0, 0]);
  assert.deepEqual(
    same.scores.map((s) => s.name),
    [...FEATURE_NAMES],
  );
});

test("final DSL constraints before → after: a restaurant the request rules out is a regression, its removal a fix", async () => {
  const p = await chinaTravel();
  const hotpot = "Three-Step Ladder Old Hotpot - Authentic Chongqing Flavor";
  // In the style of ChinaTravel's hard_logic_py (constraints.json): a people count, a restaurant ruled out.
  const codes = [
    "result=(people_count(plan)==3)",
    `restaurant_name_set=set()\nfor activity in allactivities(plan):\n  if activity_type(activity) in ['breakfast', 'lunch', 'dinner']: restaurant_name_set.add(activity_position(activity))\nresult=not({"${hotpot}"}&restaurant_name_set)`,
    `restaurant_name_set=set()\nfor activity in allactivities(plan):\n  if activity_type(activity) in ['breakfast', 'lunch', 'dinner']: restaurant_name_set.add(activity_position(activity))\nresult=not({"Gracia Garden Restaurant"}&restaurant_name_set)`,
  ];
  const ctx = {
    request: p.request,
    places: p.places,
    dsl: { codes, pois: p.dslPois, destination: "Chongqing", people: 3 },
  };
  const r = liveCheck(
    p.itinerary,
    corrected(p, [{ type: "replace", day: 1, item: 1, poiId: p.id(hotpot), reason: why }]),
    ctx,
  );
  assert.deepEqual(ids(r.regressions), ["dsl:1"]);
  assert.equal(r.regressions[0].message, "Constraint 2 now fails: result is False.");
  assert.deepEqual(ids(r.fixed), ["dsl:2"]);
  assert.deepEqual(
    r.unchanged.filter((u) => u.group === "dsl").map((u) => u.message),
    ["Constraint 1 still passes."],
  );
  // A constraint that raises fails, as in ChinaTravel's evaluator, and says why.
  const raising = liveCheck(p.itinerary, p.itinerary, { ...ctx, dsl: { ...ctx.dsl, codes: ["result = 1/0"] } });
  assert.match(
    raising.unchanged.find((u) => u.id === "dsl:0")!.message,
    /^Constraint 1 still fails: ZeroDivisionError/,
  );
});
