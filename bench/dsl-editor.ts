/**
 * The constraint editor's edit-to-result round trip in Chromium on the production build: a request with
 * 4 five-day plans and 10 constraints; each edit replaces constraint 1 so that Plan 1 flips between pass
 * and fail, timed from the keystroke until the result cell shows the new outcome. Usage: npm run bench:editor
 */
import { emptyItem, type Itinerary } from "../lib/datasets";
import { percentile, withSignedInExpert } from "./server";

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const plan = (seed: number): Itinerary => ({
  title: null,
  startCity: "Elsewhere",
  targetCity: "Benchville",
  people: 2,
  judgedScores: null,
  days: Array.from({ length: 5 }, (_, d) => ({
    day: d + 1,
    title: null,
    items: ["attraction", "meal", "attraction", "meal", "hotel"].map((kind, i) => ({
      ...emptyItem(kind as "attraction", `Place ${d}-${i}-${seed}`),
      city: "Benchville",
      lat: 30 + i / 100,
      lon: 120 + d / 100,
      startTime: clock(9 * 60 + i * 150),
      endTime: clock(10 * 60 + i * 150),
      cost: 10 * (i + seed),
      legs: i
        ? [
            {
              mode: "metro",
              from: "a",
              to: "b",
              startTime: clock(8 * 60 + 40 + i * 150),
              endTime: clock(9 * 60 + i * 150),
              distanceKm: 2,
              cost: 3,
            },
          ]
        : [],
    })),
  })),
});
const CONSTRAINTS = [
  "result = day_count(plan) == 5",
  "total = 0\nfor a in allactivities(plan):\n    total += activity_cost(a) + innercity_transport_cost(activity_transports(a))\nresult = total <= 2000",
  "result = True\nfor a in allactivities(plan):\n    if activity_end_time(a) > '23:00':\n        result = False",
  "n = 0\nfor a in allactivities(plan):\n    if activity_type(a) == 'attraction': n += 1\nresult = n >= 8",
  "meals = set()\nfor a in allactivities(plan):\n    meals.add(activity_type(a))\nresult = {'lunch', 'dinner'} <= meals",
  "hotels = set()\nfor a in allactivities(plan):\n    if activity_type(a) == 'accommodation': hotels.add(activity_position(a))\nresult = hotels != set()",
  "modes = set()\nfor a in allactivities(plan):\n    for t in activity_transports(a):\n        modes.add(t['mode'])\nresult = modes <= {'metro', 'walk', 'taxi'}",
  "result = people_count(plan) == 2",
  "t = 0\nfor a in allactivities(plan):\n    t += innercity_transport_time(activity_transports(a))\nresult = t < 600",
  "result = target_city(plan) == 'Benchville'",
].map((code, i) => ({ code, note: `constraint ${i + 1}` }));

async function main() {
  const files = {
    "manifest.json": JSON.stringify({
      format: "canonical",
      name: "editor bench",
      destinations: [{ name: "Benchville", country: "Nowhere", lat: 30.1, lon: 120.1 }],
    }),
    "queries.json": JSON.stringify([
      {
        id: "q",
        destination: "Benchville",
        text: "Five days in Benchville for two.",
        origin: "Elsewhere",
        days: 5,
        people: 2,
        dsl: CONSTRAINTS,
      },
    ]),
    "plans.json": JSON.stringify(
      [1, 2, 3, 4].map((s) => ({ id: `p${s}`, queryId: "q", model: `m${s}`, itinerary: plan(s) })),
    ),
  };
  await withSignedInExpert("editor", { pg: 54384, http: 3402 }, files, "Benchville", async (page, { db, url }) => {
    const q = await db.query.findFirstOrThrow({ where: { sourceId: "q" } });
    await page.goto(`${url}/queries/${q.id}/constraints`);
    const cell = page
      .getByRole("table", { name: "Results of constraint 1", exact: true })
      .getByRole("row", { name: /Plan 1/ });
    await cell.getByText("pass").waitFor();
    const editor = page.getByLabel("Constraint 1", { exact: true });
    const times: number[] = [];
    for (let i = 0; i < 41; i++) {
      await editor.click();
      await page.keyboard.press("Control+A");
      const expect = i % 2 === 0 ? "fail" : "pass";
      const t0 = await page.evaluate(() => performance.now());
      await page.keyboard.insertText(`result = day_count(plan) == ${i % 2 === 0 ? 6 : 5}`);
      await page.waitForFunction((want) => {
        const row = [...document.querySelectorAll('table[aria-label="Results of constraint 1"] tr')].find((tr) =>
          tr.textContent?.includes("Plan 1"),
        );
        return row?.textContent?.includes(want);
      }, expect);
      const t1 = await page.evaluate(() => performance.now());
      if (i > 0) times.push(t1 - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          constraints: CONSTRAINTS.length,
          plans: 4,
          edits: times.length,
          p50Ms: +percentile(times, 50).toFixed(1),
          p95Ms: +percentile(times, 95).toFixed(1),
          maxMs: +times[times.length - 1].toFixed(1),
        },
        null,
        2,
      ),
    );
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
