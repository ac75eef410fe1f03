/**
 * Import benchmark: a synthetic bundle of 10,000 five-day plans (~25 items each) imported end to end
 * (read, validate, resolve places, compute features, write in one transaction) into a fresh
 * embedded PostgreSQL. Reports plans per second and peak RSS of the importing process (the bundle is generated in
 * another) and CPU milliseconds per plan of the app and of PostgreSQL. Usage: npm run bench:import [-- PLANS]
 * BENCH_PLAN_THREADS sets the import's plan threads (default: the import's own choice); BENCH_DATABASE_URL runs it
 * against another PostgreSQL on this machine (Debian's, say, which compresses with lz4) in a fresh database of its own.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { closeDb, createDb, startEmbeddedPostgres, migrate } from "../lib/platform/db";
import { importBundle } from "../lib/datasets/store";
import { sourceFromPath } from "../lib/datasets/importers";
import { cpuByRole } from "./server";

async function main() {
  const plans = Number(process.argv[2] ?? 10_000);
  // Generated in its own process (and kept for the next run), so that this process's peak RSS is the import's.
  const dir = path.resolve(`.data/bench/bundle-${plans}`);
  if (!existsSync(path.join(dir, "plans.jsonl"))) {
    rmSync(dir, { recursive: true, force: true });
    const g = spawnSync(process.execPath, ["--import", "tsx", "bench/generate-bundle.ts", dir, String(plans)], {
      stdio: "inherit",
    });
    if (g.status !== 0) throw new Error("generating the bundle failed");
  }
  const server = process.env.BENCH_DATABASE_URL
    ? await externalDatabase(process.env.BENCH_DATABASE_URL)
    : await startEmbeddedPostgres({ dataDir: ".data/bench/postgres", port: 54371, database: "bench", fresh: true });
  try {
    await migrate(server.url);
    const db = createDb(server.url);
    const rssBefore = process.memoryUsage().rss;
    // CPU by side (issue 30, item 6): this process is the app; PostgreSQL's are its processes (the import's
    // backend stays connected until the end, so none of its time is lost with an exited process).
    const app0 = process.cpuUsage();
    const pg0 = cpuByRole().postgres;
    const t0 = performance.now();
    // Where the peak is: the import's stage when the process's RSS, sampled every 10 ms, was highest.
    let stage = "";
    let peak = { rss: 0, at: "" };
    const sampler = setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss > peak.rss) peak = { rss, at: stage };
    }, 10);
    const source = await sourceFromPath(dir, Number.MAX_SAFE_INTEGER);
    const bytes = source.totalBytes;
    const threads = process.env.BENCH_PLAN_THREADS;
    const r = await importBundle(db, source, {
      maxBytes: Number.MAX_SAFE_INTEGER,
      planThreads: threads ? Number(threads) : undefined,
      onProgress: (p) => (stage = `${p.stage}, ${p.plansRead} plans read`),
    });
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const appCpu = process.cpuUsage(app0);
    const pgCpu = cpuByRole().postgres - pg0;
    if (!r.ok) throw new Error(`import failed: ${r.message} ${JSON.stringify(r.problems.slice(0, 3))}`);
    const items = await db.$queryRaw<
      { n: bigint }[]
    >`SELECT SUM(jsonb_array_length(d->'items'))::bigint AS n FROM "Plan", jsonb_array_elements(itinerary::jsonb->'days') d`;
    await closeDb(db);
    const maxRss = process.resourceUsage().maxRSS / 1024; // KiB → MiB
    console.log(
      JSON.stringify(
        {
          plans: r.counts.plans,
          items: Number(items[0].n),
          pairs: r.counts.pairs,
          bundleMiB: +(bytes / 1048576).toFixed(1),
          seconds: +seconds.toFixed(2),
          plansPerSecond: Math.round(r.counts.plans / seconds),
          peakRssMiB: Math.round(maxRss),
          peakRssAt: peak.at,
          cpuMsPerPlan: {
            app: +((appCpu.user + appCpu.system) / 1000 / r.counts.plans).toFixed(3),
            postgres: +((pgCpu * 1000) / r.counts.plans).toFixed(3),
          },
          rssBeforeMiB: Math.round(rssBefore / 1048576),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
  }
}

/** A fresh database `tj_bench_import` on the given server (dropped at the end). */
async function externalDatabase(url: string) {
  const admin = async (sql: string) => {
    const c = new pg.Client(url);
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await admin("DROP DATABASE IF EXISTS tj_bench_import WITH (FORCE)");
  await admin("CREATE DATABASE tj_bench_import");
  const u = new URL(url);
  u.pathname = "/tj_bench_import";
  return { url: u.toString(), stop: () => admin("DROP DATABASE IF EXISTS tj_bench_import").catch(() => {}) };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
