import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { check, evaluate, parseJsonPy, planScope } from ".";

const fixture = (f: string) => readFileSync(new URL(`./fixtures/${f}`, import.meta.url), "utf8");
const plan = parseJsonPy(fixture("nanjing-3day-plan.json"));
const pois = JSON.parse(fixture("nanjing-pois.json"));
const scope = planScope(plan, pois);
const run = (code: string, preference?: string) => evaluate(code, scope, { preference });

// ChinaTravel's paper (figures 9–10, appendix D) on a ChinaTravel-shaped 3-day Nanjing plan for 2 people.
test("paper examples: budget, arrival time, attraction count, cuisine sets, hotel features, transport types", () => {
  const budget = (limit: number) =>
    `total_cost=0\nfor activity in allactivities(plan):\n    total_cost+=activity_cost(activity)\n    total_cost += innercity_transport_cost(activity_transports(activity))\nresult=(total_cost<=${limit})`;
  assert.equal(run(budget(3000)).result, true); // 2,689 of activities + 172 of transport
  assert.equal(run(budget(2800)).result, false);
  const catchTrain = (t: string) =>
    `result = True\nfor activity in allactivities(plan):\n    if activity_end_time(activity) >= '${t}':\n        result = False`;
  assert.equal(run(catchTrain("19:00")).result, false); // the hotel "ends" at 24:00
  assert.equal(
    run(
      "result = True\nfor activity in dayactivities(plan, 3):\n    if activity_end_time(activity) >= '19:00':\n        result = False",
    ).result,
    true,
  );
  const cuisine = (c: string) =>
    `restaurant_type_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity) in ['breakfast', 'lunch', 'dinner']:\n        restaurant_type_set.add(restaurant_type(activity, target_city(plan)))\nresult=({'${c}'}<=restaurant_type_set)`;
  assert.equal(run(cuisine("江浙菜")).result, true);
  assert.equal(run(cuisine("火锅")).result, false);
  const hotel = (f: string) =>
    `accommodation_type_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity) == 'accommodation': accommodation_type_set.add(accommodation_type(activity, target_city(plan)))\nresult=({'${f}'}<=accommodation_type_set)`;
  assert.equal(run(hotel("棋牌室")).result, true);
  assert.equal(run(hotel("游泳池")).result, false);
  const transport = `intercity_transport_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity) in ['train', 'airplane']: intercity_transport_set.add(intercity_transport_type(activity))\nresult=({'train'}==intercity_transport_set)`;
  assert.equal(run(transport).result, true);
  const attractions = `attraction_name_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity)=='attraction': attraction_name_set.add(activity_position(activity))\nresult=({'南京博物院', '中山陵'}<=attraction_name_set)`;
  assert.equal(run(attractions).result, true);
  const historic = `attraction_type_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity)=='attraction': attraction_type_set.add(attraction_type(activity, target_city(plan)))\nresult=({'历史古迹'}<=attraction_type_set)`;
  assert.equal(run(historic).result, true);
  assert.equal(
    run("result = day_count(plan) == 3 and people_count(plan) == 2 and target_city(plan) == '南京'").result,
    true,
  );
  assert.equal(
    run(
      "inner = set()\nfor a in allactivities(plan):\n    inner.add(innercity_transport_type(activity_transports(a)))\nresult = inner <= {'metro', 'taxi', 'walk', 'empty'}",
    ).result,
    true,
  );
  assert.equal(
    run(
      "result = True\nfor a in allactivities(plan):\n    if activity_type(a) == 'accommodation' and room_count(a) * 2 < people_count(plan): result = False",
    ).result,
    true,
  );
});

test("paper preference metrics yield the number in the named variable", () => {
  const count = run(
    "count = 0\nfor act_i in allactivities(plan):\n    if activity_type(act_i)=='attraction': count = count + 1",
    "count",
  );
  assert.deepEqual(count, { result: true, value: 6, error: null });
  const ratio = run(
    "food = 0\ntotal = 0\nfor a in allactivities(plan):\n    total += activity_cost(a)\n    if activity_type(a) in ['breakfast', 'lunch', 'dinner']: food += activity_cost(a)\nratio = food / total",
    "ratio",
  );
  assert.ok(Math.abs((ratio.value as number) - 631 / 2689) < 1e-12, String(ratio.value)); // meals 631 of 2,689
  const transport = run(
    "t = 0\nfor a in allactivities(plan):\n    t += innercity_transport_time(activity_transports(a))",
    "t",
  );
  assert.equal(transport.value, 383); // minutes of in-city legs, first departure to last arrival per activity
  const close = run(
    "d = 0\nfor a in allactivities(plan):\n    if activity_type(a) == 'attraction': d += poi_distance(target_city(plan), activity_position(a), '夫子庙')",
    "d",
  );
  assert.ok((close.value as number) > 10 && (close.value as number) < 40);
  const hotel = run(
    "cost = 0\nfor a in allactivities(plan):\n    if activity_type(a) == 'accommodation': cost += activity_cost(a)",
    "cost",
  );
  assert.equal(hotel.value, 1360);
});

test("names Python would not know fail the constraint, with line, column and a hint", () => {
  const r = run("n = len(allactivities(plan))\nresult = n > 3");
  assert.equal(r.result, false);
  assert.deepEqual(
    { ...r.error, hint: undefined },
    { severity: "error", type: "NameError", message: "name 'len' is not defined", line: 1, column: 5, hint: undefined },
  );
  assert.match(r.error!.hint!, /only set\(\) is available/);
  const ret = run("x = 1\nreturn x > 0");
  assert.deepEqual([ret.error!.type, ret.error!.line, ret.error!.column], ["SyntaxError", 2, 1]);
  assert.match(ret.error!.hint!, /result = …/);
  const typo = run("result = all_activities(plan)");
  assert.match(typo.error!.hint!, /allactivities/);
  // No `result`: False without an error, as in ChinaTravel (exec, then vars_dict.get("result", False)), and a warning.
  const unset = run("x = 1");
  assert.deepEqual([unset.result, unset.error], [false, null]);
  assert.match(unset.warning!.hint!, /never sets `result`/);
  assert.deepEqual(
    check("x = 1").map((e) => [e.severity, e.message]),
    [["warning", "name 'result' is not defined"]],
  );
  assert.deepEqual(
    check("for a in allactivities(plan):\n    s.add(a)\nresult = sum(s)").map((e) => [e.message, e.line, e.column]),
    [
      ["name 's' is not defined", 2, 5],
      ["name 'sum' is not defined", 3, 10],
    ],
  );
  assert.deepEqual(check("result = (1,"), [
    { severity: "error", type: "SyntaxError", message: "'(' was never closed", line: 1, column: 10, hint: null },
  ]);
  assert.deepEqual(
    check("count = len(x)", { preference: "count" }).map((e) => e.message),
    ["name 'len' is not defined", "name 'x' is not defined"],
  );
});

test("hostile snippets end with a clear error within the limits", () => {
  // Without the time limit: the step and size limits alone end each one, as they would on any machine however
  // loaded (the time limit has its own check below).
  const within = (code: string, type: string, pattern: RegExp) => {
    const r = evaluate(code, scope, { limits: { timeMs: Infinity } });
    assert.equal(r.result, false);
    assert.equal(r.error?.type, type, JSON.stringify(r.error));
    assert.match(r.error!.message, pattern);
  };
  within("while True:\n    pass", "LimitExceeded", /more than 2,000,000 steps/);
  within("n = 0\nwhile n >= 0:\n    n += 1", "LimitExceeded", /steps/);
  within("s = 'ab'\nwhile True:\n    s = s + s", "LimitExceeded", /string grew beyond|steps/);
  within("l = [1]\nwhile True:\n    l = l + l", "LimitExceeded", /collection grew beyond|steps/);
  within("x = 2\nwhile True:\n    x = x ** 2", "LimitExceeded", /integer grew beyond/);
  within("result = " + "(".repeat(300) + "1" + ")".repeat(300), "SyntaxError", /too many nested parentheses/);
  within("result = " + "not ".repeat(100_000) + "1", "LimitExceeded", /characters|nests too deeply/);
  within("result = " + "-".repeat(50_000) + "1", "LimitExceeded", /nests too deeply/);
  within("x = 1\n".repeat(180_000) + "result = True", "LimitExceeded", /1,080,013 characters; at most 100,000/);
  within("result = 'a' * 100000000", "LimitExceeded", /string grew beyond/);
  within("result = [0] * 100000000", "LimitExceeded", /collection grew beyond/);
  within("import os\nresult = os.system('true')", "ImportError", /__import__ not found/);
  within("result = open('/etc/passwd')", "NameError", /name 'open' is not defined/);
  within("result = plan.__class__", "AttributeError", /has no attribute '__class__'/);
  // One step may not hide unbounded work: large values are charged by their size.
  const long = "x = 'a' * 1000000\ny = 'a' * 999999 + 'a'\n";
  within(`${long}result = [x] * 999999 == [y] * 999999`, "LimitExceeded", /steps/);
  within(`${long}result = y in [x] * 999999`, "LimitExceeded", /steps/);
  within(`${long}l = [x] * 999999\nresult = len('%s' % (l,))`, "LimitExceeded", /steps|string grew/);
  within("l = [1] * 900000\nn = 0\nwhile n < 100:\n    l = l[1:]\n    n += 1\nresult = n", "LimitExceeded", /steps/);
  within(`${long}n = 0\nwhile n < 1000:\n    b = x == y\n    n += 1\nresult = b`, "LimitExceeded", /steps/);
  // A tight time limit stops long but finite work too.
  const slow = evaluate("n = 0\nfor a in [1] * 100000:\n    for b in [1] * 10:\n        n += 1\nresult = n", scope, {
    limits: { timeMs: 5, maxSteps: 1e12 },
  });
  assert.equal(slow.error?.type, "LimitExceeded");
  assert.match(slow.error!.message, /longer than 5 ms/);
});

test("a plan read by parseJsonPy keeps Python's int/float distinction", () => {
  assert.equal(evaluate("result = activity_cost(allactivities(plan)[0])", scope).value, 279);
  assert.equal(evaluate("result = activity_cost(allactivities(plan)[0]) / 2", scope).value, 139.5);
});
