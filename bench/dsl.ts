/**
 * DSL speed: ChinaTravel's paper-style constraints on 3-, 4- and 5-day plans, evaluated by TripJudge (parse
 * cached, as the app does) and by CPython in the same run (reference.py: compiling the source each time, as
 * ChinaTravel's evaluator does, and from precompiled code). Also the editor's edit-to-result work: one
 * edited constraint re-parsed and the 10 constraints × 4 plans re-evaluated. Usage: npm run bench:dsl
 */
import { readFileSync } from "node:fs";
import { evaluate, parseJsonPy, planScope } from "../lib/constraints";
import { python, runReference } from "../lib/testing/dsl-reference";

const base = JSON.parse(readFileSync("lib/constraints/fixtures/nanjing-3day-plan.json", "utf8"));
const pois = JSON.parse(readFileSync("lib/constraints/fixtures/nanjing-pois.json", "utf8"));
const planOf = (days: number) => ({
  ...base,
  itinerary: Array.from({ length: days }, (_, i) => ({ ...base.itinerary[i % 3], day: i + 1 })),
});

const SNIPPETS = [
  "total_cost=0\nfor activity in allactivities(plan):\n    total_cost+=activity_cost(activity)\n    total_cost += innercity_transport_cost(activity_transports(activity))\nresult=(total_cost<=3000)",
  "result = True\nfor activity in allactivities(plan):\n    if activity_end_time(activity) >= '19:00':\n        result = False",
  "restaurant_type_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity) in ['breakfast', 'lunch', 'dinner']:\n        restaurant_type_set.add(restaurant_type(activity, target_city(plan)))\nresult=({'江浙菜'}<=restaurant_type_set)",
  "accommodation_type_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity) == 'accommodation': accommodation_type_set.add(accommodation_type(activity, target_city(plan)))\nresult=({'棋牌室'}<=accommodation_type_set)",
  "intercity_transport_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity) in ['train', 'airplane']: intercity_transport_set.add(intercity_transport_type(activity))\nresult=({'train'}==intercity_transport_set)",
  "attraction_name_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity)=='attraction': attraction_name_set.add(activity_position(activity))\nresult=({'南京博物院'}<=attraction_name_set)",
  "count = 0\nfor activity in allactivities(plan):\n    if activity_type(activity)=='attraction': count = count + 1\nresult = count >= 4",
  "result = day_count(plan) == len_days if False else day_count(plan) >= 3 and people_count(plan) == 2",
];

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const out: Record<string, unknown> = { snippets: SNIPPETS.length };
for (const days of [3, 4, 5]) {
  const text = JSON.stringify(planOf(days));
  const scope = planScope(parseJsonPy(text), pois);
  // Warm the parse cache and the JIT for half a second, as CPython's own warm-up is its compile step.
  for (const w0 = performance.now(); performance.now() - w0 < 500;) for (const s of SNIPPETS) evaluate(s, scope);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000) {
    for (const s of SNIPPETS) evaluate(s, scope);
    n += SNIPPETS.length;
  }
  const ts = n / ((performance.now() - t0) / 1000);
  const py = python()
    ? runReference(
        text,
        pois,
        SNIPPETS.map((code) => ({ code })),
        SECONDS,
      ).bench!
    : null;
  out[`${days}_days`] = {
    tripjudge_per_s: Math.round(ts),
    cpython_compile_each_time_per_s: py && Math.round(py.compile_each_time_per_s),
    cpython_precompiled_per_s: py && Math.round(py.precompiled_per_s),
    ratio_vs_precompiled: py && +(ts / py.precompiled_per_s).toFixed(2),
  };
}

// The editor: one keystroke re-parses the edited constraint and re-evaluates 10 constraints on 4 plans.
const scopes = [3, 4, 5, 4].map((d) => planScope(parseJsonPy(JSON.stringify(planOf(d))), pois));
const ten = Array.from({ length: 10 }, (_, i) => SNIPPETS[i % SNIPPETS.length]);
const times: number[] = [];
for (let k = 0; k < 200; k++) {
  const edited = ten.map((s, i) => (i === k % 10 ? `${s}\n# edit ${k}` : s));
  const t = performance.now();
  for (const sc of scopes) for (const s of edited) evaluate(s, sc);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
out.editor_round_trip_ms = {
  p50: +times[100].toFixed(2),
  p95: +times[190].toFixed(2),
  max: +times[199].toFixed(2),
  constraints: 10,
  plans: 4,
};
console.log(JSON.stringify(out, null, 2));
