/**
 * The correction screen's edit-to-feedback latency in Chromium on the production build: ChinaTravel's real six-day
 * plan in Chongqing (en-day6) with its city's real POI table, and the same plan stretched to seven days (its day 4
 * twice, as bench/corrections.ts does). Each edit is a keyboard retime (t, the times, Enter) of an item of day 2
 * that flips a transfer check between fixed and failing. Two clocks: in the page, from the Enter's keydown event
 * to the first animation frame after the checks panel shows the new check (what the expert waits for: the
 * worker's answer rendered and painted); and, as before, from the driver (Playwright's own round trips for the
 * key press and the polling included, an upper bound). The first edits warm up and are left out. Usage:
 * npm run bench:correction-screen [-- EDITS]
 */
import { readFileSync } from "node:fs";
import { percentile, withSignedInExpert } from "./server";

const EDITS = Number(process.argv[2] ?? 40);
const WARMUP = 5;
const read = (rel: string) => JSON.parse(readFileSync(`lib/constraints/fixtures/chinatravel-real/${rel}`, "utf8"));

function bundle(days: 6 | 7) {
  const six = read("plans/en-day6.json");
  const plan =
    days === 6
      ? six
      : {
          ...six,
          itinerary: [...six.itinerary.slice(0, 5), six.itinerary[3], six.itinerary[5]].map((d: object, i: number) => ({
            ...d,
            day: i + 1,
          })),
        };
  const pois = (read("pois.json") as { city: string }[])
    .map((p, i) => ({ id: `poi-${i + 1}`, ...p }))
    .filter((p) => p.city === "Chongqing");
  return {
    "manifest.json": JSON.stringify({
      format: "chinatravel",
      name: `correction screen bench (${days} days)`,
      destinations: [{ name: "Chongqing", country: "China", lat: 29.56, lon: 106.55, aliases: ["重庆"] }],
    }),
    "queries.json": JSON.stringify([
      {
        uid: "q",
        nature_language: `${days} days in Chongqing for three`,
        start_city: six.start_city,
        target_city: six.target_city,
        days,
        people_number: six.people_number,
      },
    ]),
    "pois.json": JSON.stringify(pois),
    "plans.json": JSON.stringify([{ id: "p", uid: "q", model: "m", plan }]),
  };
}

async function measure(days: 6 | 7, ports: { pg: number; http: number }) {
  let out: Record<string, unknown> = {};
  await withSignedInExpert(`correct${days}`, ports, bundle(days), "Chongqing", async (page, { db, url }) => {
    const plan = await db.plan.findFirstOrThrow({ where: { sourceId: "p" } });
    await page.goto(`${url}/plans/${plan.id}/correct`);
    await page.locator(".checks[data-pending='false']").waitFor();
    await page.getByLabel("Reason for the next edits").selectOption("transfer_time");
    await page
      .locator(".tl-day")
      .nth(1)
      .getByRole("button", { name: /Ronghui Xiliutuo Town/ })
      .click();
    const times: number[] = [];
    const inPage: number[] = [];
    for (let i = 0; i < EDITS + WARMUP; i++) {
      // Alternately fixes the two transfers of day 2 (fixed: 2) and puts the item back where it was (fixed: 0).
      const [start, end, fixed] = i % 2 === 0 ? ["18:20", "19:40", 2] : ["18:16", "19:46", 0];
      await page.keyboard.press("t");
      await page.getByLabel("Start time").fill(start);
      await page.getByLabel("End time").fill(end);
      // In the page: keydown → the frame after the panel shows the answer (polled each frame, nothing in between).
      // (A string, not a function: tsx's helpers would not exist in the page; it ends in 0, not the promise, which
      // evaluate would wait for.)
      await page.evaluate(`window.__latency = new Promise((done) => {
        let t0 = null;
        addEventListener("keydown", (e) => { if (e.key === "Enter") t0 = e.timeStamp; }, { capture: true, once: true });
        const shown = () => document.querySelector(".checks[data-pending='false']") !== null &&
          document.querySelectorAll('[data-testid="fixed"] li').length === ${fixed};
        const tick = () => t0 !== null && shown() ? requestAnimationFrame(() => done(performance.now() - t0)) : requestAnimationFrame(tick);
        requestAnimationFrame(tick);
      }); 0`);
      const t0 = await page.evaluate(() => performance.now());
      await page.getByLabel("End time").press("Enter");
      await page.waitForFunction(
        (want) =>
          document.querySelector(".checks[data-pending='false']") !== null &&
          document.querySelectorAll('[data-testid="fixed"] li').length === want,
        fixed,
        { polling: "raf" },
      );
      const t1 = await page.evaluate(() => performance.now());
      const felt = (await page.evaluate("window.__latency")) as number;
      if (i >= WARMUP) {
        times.push(t1 - t0);
        inPage.push(felt);
      }
    }
    times.sort((a, b) => a - b);
    inPage.sort((a, b) => a - b);
    const items = await page.locator(".tl-item").count();
    out = {
      days,
      items,
      edits: times.length,
      inPage: {
        p50Ms: +percentile(inPage, 50).toFixed(1),
        p95Ms: +percentile(inPage, 95).toFixed(1),
        maxMs: +inPage[inPage.length - 1].toFixed(1),
      },
      fromDriver: {
        p50Ms: +percentile(times, 50).toFixed(1),
        p95Ms: +percentile(times, 95).toFixed(1),
        maxMs: +times[times.length - 1].toFixed(1),
      },
    };
  });
  return out;
}

async function main() {
  const six = await measure(6, { pg: 54391, http: 3411 });
  const seven = await measure(7, { pg: 54392, http: 3412 });
  console.log(JSON.stringify({ sixDays: six, sevenDays: seven }, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
