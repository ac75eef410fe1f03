/**
 * How fast the comparison screen becomes interactive for two 7-day plans of ~40 stops each, on the
 * production build in Chromium: from navigation until both maps show all markers, both timelines
 * are drawn and the "1" key selects plan A. Reports each of 5 loads and the median.
 * Usage: npm run bench:screen
 */
import { plan, screenFiles as files } from "./screen-fixture";
import { withSignedInExpert } from "./server";

async function main() {
  const stops = plan(1).days.flatMap((d) => d.items).length + plan(2).days.flatMap((d) => d.items).length;
  await withSignedInExpert("screen", { pg: 54383, http: 3401 }, files, "Benchville", async (page, { url }) => {
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t0 = Date.now();
      await page.goto(`${url}/judge`);
      await page
        .locator(".leaflet-marker-icon")
        .nth(stops - 1)
        .waitFor();
      await page
        .locator(".tl-item")
        .nth(stops - 1)
        .waitFor();
      await page.keyboard.press("1");
      await page.getByRole("radio", { name: /A is better/, checked: true }).waitFor();
      if (i > 0) times.push(Date.now() - t0); // the first load warms the server's caches
      await page.evaluate(() => localStorage.clear());
    }
    times.sort((a, b) => a - b);
    console.log(
      JSON.stringify({ stopsOnScreen: stops, loadsMs: times, medianMs: times[Math.floor(times.length / 2)] }, null, 2),
    );
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
