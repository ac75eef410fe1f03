/**
 * What the comparison screen costs a browser to load, on the production build (`npm start`'s server) in Chromium:
 * - the JavaScript it fetches, bytes on the wire (as the server sent them, compressed or not) and decoded, split
 *   into the first load (the <script> tags of the HTML) and what loads after (the map, on demand), with what gzip
 *   would make of the uncompressed ones;
 * - axe's findings (every impact) on the screen, a stop selected, its help dialog and its skip dialog;
 * - Lighthouse's performance (mobile and desktop presets) when `npx lighthouse` runs (on the Chromium Playwright drives),
 *   else why not.
 * Usage: npm run bench:weight  (ports: EMBEDDED_PG_PORT, PORT; BENCH_LIGHTHOUSE=0 skips Lighthouse)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { systemChromium } from "../lib/testing/chromium";
import { screenFiles } from "./screen-fixture";
import { withSignedInExpert } from "./server";

// No tile server is reachable from a benchmark machine; tiles are images, not the JavaScript measured here.
process.env.TILE_URL = "none";

type Script = { url: string; wire: number; decoded: number; gzip: number; encoding: string; first: boolean };

async function scriptsOf(page: Page, url: string): Promise<Script[]> {
  const pending: Promise<Script | null>[] = [];
  let html = "";
  const onResponse = (res: import("@playwright/test").Response) =>
    pending.push(
      (async () => {
        if (res.request().resourceType() === "document") html = await res.text();
        if (res.request().resourceType() !== "script") return null;
        const body = await res.body();
        const sizes = await res.request().sizes();
        return {
          url: new URL(res.url()).pathname,
          wire: sizes.responseBodySize,
          decoded: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
          encoding: (await res.headerValue("content-encoding")) ?? "none",
          first: false,
        };
      })(),
    );
  page.on("response", onResponse);
  // A fresh cache, as a first visit has.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await page.goto(`${url}/judge`);
  await page.locator(".leaflet-container").first().waitFor();
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  const all = (await Promise.all(pending)).filter((s): s is Script => !!s);
  return all.map((s) => ({ ...s, first: html.includes(s.url) }));
}

async function axe(page: Page, what: string) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.map((v) => ({
    where: what,
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.length,
    targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}

function lighthouse(url: string, cookie: string, preset: "mobile" | "desktop") {
  if (process.env.BENCH_LIGHTHOUSE === "0") return { skipped: "BENCH_LIGHTHOUSE=0" };
  mkdirSync(".data/bench", { recursive: true });
  const headers = ".data/bench/lighthouse-headers.json";
  const out = `.data/bench/lighthouse-${preset}.json`;
  writeFileSync(headers, JSON.stringify({ Cookie: cookie }));
  const r = spawnSync(
    "npx",
    [
      "-y",
      "lighthouse@13.5.0",
      `${url}/judge`,
      "--only-categories=performance",
      "--output=json",
      `--output-path=${out}`,
      `--extra-headers=${headers}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      "--quiet",
      ...(preset === "desktop" ? ["--preset=desktop"] : []),
    ],
    {
      // Lighthouse finds its browser by CHROME_PATH: the one Playwright drives (CHROMIUM_PATH or the system's).
      env: { ...process.env, CHROME_PATH: systemChromium() },
      encoding: "utf8",
    },
  );
  if (r.status !== 0) return { error: (r.stderr || r.stdout || String(r.error)).slice(-400) };
  const report = JSON.parse(readFileSync(out, "utf8"));
  const ms = (id: string) => Math.round(report.audits[id].numericValue);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    largestContentfulPaintMs: ms("largest-contentful-paint"),
    totalBlockingTimeMs: ms("total-blocking-time"),
    scriptTransferBytes: report.audits["resource-summary"]?.details?.items?.find(
      (i: { resourceType: string }) => i.resourceType === "script",
    )?.transferSize,
  };
}

async function main() {
  const ports = { pg: Number(process.env.EMBEDDED_PG_PORT ?? 54384), http: Number(process.env.PORT ?? 3402) };
  await withSignedInExpert("weight", ports, screenFiles, "Benchville", async (page, { url }) => {
    const scripts = await scriptsOf(page, url);
    const sum = (list: Script[], k: "wire" | "decoded" | "gzip") => list.reduce((n, s) => n + s[k], 0);
    const first = scripts.filter((s) => s.first);
    const later = scripts.filter((s) => !s.first);
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    const figures = (list: Script[]) => ({
      files: list.length,
      wireKB: kb(sum(list, "wire")),
      decodedKB: kb(sum(list, "decoded")),
      gzipKB: kb(sum(list, "gzip")),
    });
    // A stop selected on the timeline: its row has colours of its own.
    await page.locator(".tl-item").first().click();
    const findings = [...(await axe(page, "judging screen"))];
    await page.keyboard.press("?");
    await page.getByRole("dialog").waitFor();
    findings.push(...(await axe(page, "help dialog")));
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Skip/ }).click();
    await page.getByRole("dialog").waitFor();
    findings.push(...(await axe(page, "skip dialog")));
    await page.keyboard.press("Escape");
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    console.log(
      JSON.stringify(
        {
          contentEncoding: [...new Set(scripts.map((s) => s.encoding))],
          firstLoadJs: figures(first),
          loadedAfterJs: figures(later),
          largestFirstLoad: first
            .sort((a, b) => b.decoded - a.decoded)
            .slice(0, 6)
            .map((s) => ({ url: s.url, decodedKB: kb(s.decoded), wireKB: kb(s.wire) })),
          axe: findings,
          lighthouseMobile: lighthouse(url, cookie, "mobile"),
          lighthouseDesktop: lighthouse(url, cookie, "desktop"),
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
